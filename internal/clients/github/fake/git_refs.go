package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.GitRefsAPI = (*MockGitRefsAPI)(nil)

// MockGitRefsAPI is a github.GitRefsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockGitRefsAPI struct {
	MockGetRef    func(ctx context.Context, owner, repo, ref string) (*github.Reference, error)
	MockCreateRef func(ctx context.Context, owner, repo string, req *github.ReferenceRequest) (*github.Reference, error)
	MockDeleteRef func(ctx context.Context, owner, repo, ref string) error
}

// GetRef calls MockGetRef.
func (m *MockGitRefsAPI) GetRef(ctx context.Context, owner, repo, ref string) (*github.Reference, error) {
	return m.MockGetRef(ctx, owner, repo, ref)
}

// CreateRef calls MockCreateRef.
func (m *MockGitRefsAPI) CreateRef(ctx context.Context, owner, repo string, req *github.ReferenceRequest) (*github.Reference, error) {
	return m.MockCreateRef(ctx, owner, repo, req)
}

// DeleteRef calls MockDeleteRef.
func (m *MockGitRefsAPI) DeleteRef(ctx context.Context, owner, repo, ref string) error {
	return m.MockDeleteRef(ctx, owner, repo, ref)
}
