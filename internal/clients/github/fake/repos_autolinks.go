package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.AutolinksAPI = (*MockAutolinksAPI)(nil)

// MockAutolinksAPI is a github.AutolinksAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockAutolinksAPI struct {
	MockListAutolinks  func(ctx context.Context, owner, repo string) ([]github.Autolink, error)
	MockGetAutolink    func(ctx context.Context, owner, repo string, id int64) (*github.Autolink, error)
	MockCreateAutolink func(ctx context.Context, owner, repo string, r *github.AutolinkRequest) (*github.Autolink, error)
	MockDeleteAutolink func(ctx context.Context, owner, repo string, id int64) error
}

// ListAutolinks calls MockListAutolinks.
func (m *MockAutolinksAPI) ListAutolinks(ctx context.Context, owner, repo string) ([]github.Autolink, error) {
	return m.MockListAutolinks(ctx, owner, repo)
}

// GetAutolink calls MockGetAutolink.
func (m *MockAutolinksAPI) GetAutolink(ctx context.Context, owner, repo string, id int64) (*github.Autolink, error) {
	return m.MockGetAutolink(ctx, owner, repo, id)
}

// CreateAutolink calls MockCreateAutolink.
func (m *MockAutolinksAPI) CreateAutolink(ctx context.Context, owner, repo string, r *github.AutolinkRequest) (*github.Autolink, error) {
	return m.MockCreateAutolink(ctx, owner, repo, r)
}

// DeleteAutolink calls MockDeleteAutolink.
func (m *MockAutolinksAPI) DeleteAutolink(ctx context.Context, owner, repo string, id int64) error {
	return m.MockDeleteAutolink(ctx, owner, repo, id)
}
