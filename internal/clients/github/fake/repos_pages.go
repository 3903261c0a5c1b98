package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.PagesAPI = (*MockPagesAPI)(nil)

// MockPagesAPI is a github.PagesAPI whose every method calls the function
// field of the same name; a nil field panics when called.
type MockPagesAPI struct {
	MockGetPages    func(ctx context.Context, owner, repo string) (*github.PagesSite, error)
	MockCreatePages func(ctx context.Context, owner, repo string, r *github.PagesCreateRequest) (*github.PagesSite, error)
	MockUpdatePages func(ctx context.Context, owner, repo string, r *github.PagesUpdateRequest) error
	MockDeletePages func(ctx context.Context, owner, repo string) error
}

// GetPages calls MockGetPages.
func (m *MockPagesAPI) GetPages(ctx context.Context, owner, repo string) (*github.PagesSite, error) {
	return m.MockGetPages(ctx, owner, repo)
}

// CreatePages calls MockCreatePages.
func (m *MockPagesAPI) CreatePages(ctx context.Context, owner, repo string, r *github.PagesCreateRequest) (*github.PagesSite, error) {
	return m.MockCreatePages(ctx, owner, repo, r)
}

// UpdatePages calls MockUpdatePages.
func (m *MockPagesAPI) UpdatePages(ctx context.Context, owner, repo string, r *github.PagesUpdateRequest) error {
	return m.MockUpdatePages(ctx, owner, repo, r)
}

// DeletePages calls MockDeletePages.
func (m *MockPagesAPI) DeletePages(ctx context.Context, owner, repo string) error {
	return m.MockDeletePages(ctx, owner, repo)
}
