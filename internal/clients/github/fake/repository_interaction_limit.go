package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.RepositoryInteractionLimitAPI = (*MockRepositoryInteractionLimitAPI)(nil)

// MockRepositoryInteractionLimitAPI is a github.RepositoryInteractionLimitAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockRepositoryInteractionLimitAPI struct {
	MockGetRepositoryInteractionLimit func(ctx context.Context, owner, repo string) (*github.RepositoryInteractionLimit, error)
	MockPutRepositoryInteractionLimit func(ctx context.Context, owner, repo string, r *github.RepositoryInteractionLimitRequest) error
}

// GetRepositoryInteractionLimit calls MockGetRepositoryInteractionLimit.
func (m *MockRepositoryInteractionLimitAPI) GetRepositoryInteractionLimit(ctx context.Context, owner, repo string) (*github.RepositoryInteractionLimit, error) {
	return m.MockGetRepositoryInteractionLimit(ctx, owner, repo)
}

// PutRepositoryInteractionLimit calls MockPutRepositoryInteractionLimit.
func (m *MockRepositoryInteractionLimitAPI) PutRepositoryInteractionLimit(ctx context.Context, owner, repo string, r *github.RepositoryInteractionLimitRequest) error {
	return m.MockPutRepositoryInteractionLimit(ctx, owner, repo, r)
}
