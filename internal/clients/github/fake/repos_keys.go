package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.DeployKeysAPI = (*MockDeployKeysAPI)(nil)

// MockDeployKeysAPI is a github.DeployKeysAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockDeployKeysAPI struct {
	MockListDeployKeys  func(ctx context.Context, owner, repo string) ([]github.DeployKey, error)
	MockGetDeployKey    func(ctx context.Context, owner, repo string, id int64) (*github.DeployKey, error)
	MockCreateDeployKey func(ctx context.Context, owner, repo string, k *github.DeployKeyRequest) (*github.DeployKey, error)
	MockDeleteDeployKey func(ctx context.Context, owner, repo string, id int64) error
}

// ListDeployKeys calls MockListDeployKeys.
func (m *MockDeployKeysAPI) ListDeployKeys(ctx context.Context, owner, repo string) ([]github.DeployKey, error) {
	return m.MockListDeployKeys(ctx, owner, repo)
}

// GetDeployKey calls MockGetDeployKey.
func (m *MockDeployKeysAPI) GetDeployKey(ctx context.Context, owner, repo string, id int64) (*github.DeployKey, error) {
	return m.MockGetDeployKey(ctx, owner, repo, id)
}

// CreateDeployKey calls MockCreateDeployKey.
func (m *MockDeployKeysAPI) CreateDeployKey(ctx context.Context, owner, repo string, k *github.DeployKeyRequest) (*github.DeployKey, error) {
	return m.MockCreateDeployKey(ctx, owner, repo, k)
}

// DeleteDeployKey calls MockDeleteDeployKey.
func (m *MockDeployKeysAPI) DeleteDeployKey(ctx context.Context, owner, repo string, id int64) error {
	return m.MockDeleteDeployKey(ctx, owner, repo, id)
}
