// Package fake has function-field fakes of the GitHub client interfaces, for
// unit tests of controllers: one per API area, in a file named as the
// area's file in package github.
package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.RepositoriesAPI = (*MockRepositories)(nil)

// MockRepositories is a github.RepositoriesAPI whose every method calls the
// function field of the same name. A call to a method whose field is nil
// panics, so a test states every call it expects. Its fields are flat, not
// the area fakes embedded, so that a test names them in one literal.
type MockRepositories struct {
	MockGet                    func(ctx context.Context, owner, name string) (*github.Repository, error)
	MockGetByID                func(ctx context.Context, id int64) (*github.Repository, error)
	MockGetAccount             func(ctx context.Context, login string) (*github.Account, error)
	MockGetAuthenticatedLogin  func(ctx context.Context) (string, error)
	MockCreate                 func(ctx context.Context, org string, req *github.RepositoryRequest) (*github.Repository, error)
	MockGenerate               func(ctx context.Context, templateOwner, templateRepo string, req *github.TemplateRequest) (*github.Repository, error)
	MockFork                   func(ctx context.Context, owner, repo string, req *github.ForkRequest) (*github.Repository, error)
	MockEdit                   func(ctx context.Context, owner, name string, req *github.RepositoryRequest) (*github.Repository, error)
	MockDelete                 func(ctx context.Context, owner, name string) error
	MockReplaceTopics          func(ctx context.Context, owner, name string, topics []string) error
	MockVulnerabilityAlerts    func(ctx context.Context, owner, name string) (bool, error)
	MockSetVulnerabilityAlerts func(ctx context.Context, owner, name string, enabled bool) error
}

// Get calls MockGet.
func (m *MockRepositories) Get(ctx context.Context, owner, name string) (*github.Repository, error) {
	return m.MockGet(ctx, owner, name)
}

// GetByID calls MockGetByID.
func (m *MockRepositories) GetByID(ctx context.Context, id int64) (*github.Repository, error) {
	return m.MockGetByID(ctx, id)
}

// GetAccount calls MockGetAccount.
func (m *MockRepositories) GetAccount(ctx context.Context, login string) (*github.Account, error) {
	return m.MockGetAccount(ctx, login)
}

// GetAuthenticatedLogin calls MockGetAuthenticatedLogin.
func (m *MockRepositories) GetAuthenticatedLogin(ctx context.Context) (string, error) {
	return m.MockGetAuthenticatedLogin(ctx)
}

// Create calls MockCreate.
func (m *MockRepositories) Create(ctx context.Context, org string, req *github.RepositoryRequest) (*github.Repository, error) {
	return m.MockCreate(ctx, org, req)
}

// Generate calls MockGenerate.
func (m *MockRepositories) Generate(ctx context.Context, templateOwner, templateRepo string, req *github.TemplateRequest) (*github.Repository, error) {
	return m.MockGenerate(ctx, templateOwner, templateRepo, req)
}

// Fork calls MockFork.
func (m *MockRepositories) Fork(ctx context.Context, owner, repo string, req *github.ForkRequest) (*github.Repository, error) {
	return m.MockFork(ctx, owner, repo, req)
}

// Edit calls MockEdit.
func (m *MockRepositories) Edit(ctx context.Context, owner, name string, req *github.RepositoryRequest) (*github.Repository, error) {
	return m.MockEdit(ctx, owner, name, req)
}

// Delete calls MockDelete.
func (m *MockRepositories) Delete(ctx context.Context, owner, name string) error {
	return m.MockDelete(ctx, owner, name)
}

// ReplaceTopics calls MockReplaceTopics.
func (m *MockRepositories) ReplaceTopics(ctx context.Context, owner, name string, topics []string) error {
	return m.MockReplaceTopics(ctx, owner, name, topics)
}

// VulnerabilityAlerts calls MockVulnerabilityAlerts.
func (m *MockRepositories) VulnerabilityAlerts(ctx context.Context, owner, name string) (bool, error) {
	return m.MockVulnerabilityAlerts(ctx, owner, name)
}

// SetVulnerabilityAlerts calls MockSetVulnerabilityAlerts.
func (m *MockRepositories) SetVulnerabilityAlerts(ctx context.Context, owner, name string, enabled bool) error {
	return m.MockSetVulnerabilityAlerts(ctx, owner, name, enabled)
}
