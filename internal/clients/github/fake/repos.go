package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ReposAPI = (*MockReposAPI)(nil)

// MockReposAPI is a github.ReposAPI whose every method calls the function
// field of the same name; a nil field panics when called.
type MockReposAPI struct {
	MockGet      func(ctx context.Context, owner, name string) (*github.Repository, error)
	MockGetByID  func(ctx context.Context, id int64) (*github.Repository, error)
	MockCreate   func(ctx context.Context, org string, req *github.RepositoryRequest) (*github.Repository, error)
	MockGenerate func(ctx context.Context, templateOwner, templateRepo string, req *github.TemplateRequest) (*github.Repository, error)
	MockFork     func(ctx context.Context, owner, repo string, req *github.ForkRequest) (*github.Repository, error)
	MockEdit     func(ctx context.Context, owner, name string, req *github.RepositoryRequest) (*github.Repository, error)
	MockDelete   func(ctx context.Context, owner, name string) error
}

// Get calls MockGet.
func (m *MockReposAPI) Get(ctx context.Context, owner, name string) (*github.Repository, error) {
	return m.MockGet(ctx, owner, name)
}

// GetByID calls MockGetByID.
func (m *MockReposAPI) GetByID(ctx context.Context, id int64) (*github.Repository, error) {
	return m.MockGetByID(ctx, id)
}

// Create calls MockCreate.
func (m *MockReposAPI) Create(ctx context.Context, org string, req *github.RepositoryRequest) (*github.Repository, error) {
	return m.MockCreate(ctx, org, req)
}

// Generate calls MockGenerate.
func (m *MockReposAPI) Generate(ctx context.Context, templateOwner, templateRepo string, req *github.TemplateRequest) (*github.Repository, error) {
	return m.MockGenerate(ctx, templateOwner, templateRepo, req)
}

// Fork calls MockFork.
func (m *MockReposAPI) Fork(ctx context.Context, owner, repo string, req *github.ForkRequest) (*github.Repository, error) {
	return m.MockFork(ctx, owner, repo, req)
}

// Edit calls MockEdit.
func (m *MockReposAPI) Edit(ctx context.Context, owner, name string, req *github.RepositoryRequest) (*github.Repository, error) {
	return m.MockEdit(ctx, owner, name, req)
}

// Delete calls MockDelete.
func (m *MockReposAPI) Delete(ctx context.Context, owner, name string) error {
	return m.MockDelete(ctx, owner, name)
}
