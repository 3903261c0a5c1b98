package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.InteractionsAPI = (*MockInteractionsAPI)(nil)

// MockInteractionsAPI is a github.InteractionsAPI whose every method calls
// the function field of the same name; a nil field panics when called.
type MockInteractionsAPI struct {
	MockGetRepositoryInteractionLimit      func(ctx context.Context, owner, repo string) (*github.InteractionLimit, error)
	MockPutRepositoryInteractionLimit      func(ctx context.Context, owner, repo string, r *github.InteractionLimitRequest) (*github.InteractionLimit, error)
	MockDeleteRepositoryInteractionLimit   func(ctx context.Context, owner, repo string) error
	MockGetOrganizationInteractionLimit    func(ctx context.Context, org string) (*github.InteractionLimit, error)
	MockPutOrganizationInteractionLimit    func(ctx context.Context, org string, r *github.InteractionLimitRequest) (*github.InteractionLimit, error)
	MockDeleteOrganizationInteractionLimit func(ctx context.Context, org string) error
	MockGetRepositoryPullCap               func(ctx context.Context, owner, repo string) (*github.PullCap, error)
	MockPatchRepositoryPullCap             func(ctx context.Context, owner, repo string, c *github.PullCap) (*github.PullCap, error)
	MockGetOrganizationPullCap             func(ctx context.Context, org string) (*github.PullCap, error)
	MockPatchOrganizationPullCap           func(ctx context.Context, org string, c *github.PullCap) (*github.PullCap, error)
	MockGetPullCapBypassList               func(ctx context.Context, owner, repo string) ([]string, error)
	MockAddPullCapBypassUsers              func(ctx context.Context, owner, repo string, users []string) error
	MockRemovePullCapBypassUsers           func(ctx context.Context, owner, repo string, users []string) error
}

// GetRepositoryInteractionLimit calls MockGetRepositoryInteractionLimit.
func (m *MockInteractionsAPI) GetRepositoryInteractionLimit(ctx context.Context, owner, repo string) (*github.InteractionLimit, error) {
	return m.MockGetRepositoryInteractionLimit(ctx, owner, repo)
}

// PutRepositoryInteractionLimit calls MockPutRepositoryInteractionLimit.
func (m *MockInteractionsAPI) PutRepositoryInteractionLimit(ctx context.Context, owner, repo string, r *github.InteractionLimitRequest) (*github.InteractionLimit, error) {
	return m.MockPutRepositoryInteractionLimit(ctx, owner, repo, r)
}

// DeleteRepositoryInteractionLimit calls MockDeleteRepositoryInteractionLimit.
func (m *MockInteractionsAPI) DeleteRepositoryInteractionLimit(ctx context.Context, owner, repo string) error {
	return m.MockDeleteRepositoryInteractionLimit(ctx, owner, repo)
}

// GetOrganizationInteractionLimit calls MockGetOrganizationInteractionLimit.
func (m *MockInteractionsAPI) GetOrganizationInteractionLimit(ctx context.Context, org string) (*github.InteractionLimit, error) {
	return m.MockGetOrganizationInteractionLimit(ctx, org)
}

// PutOrganizationInteractionLimit calls MockPutOrganizationInteractionLimit.
func (m *MockInteractionsAPI) PutOrganizationInteractionLimit(ctx context.Context, org string, r *github.InteractionLimitRequest) (*github.InteractionLimit, error) {
	return m.MockPutOrganizationInteractionLimit(ctx, org, r)
}

// DeleteOrganizationInteractionLimit calls MockDeleteOrganizationInteractionLimit.
func (m *MockInteractionsAPI) DeleteOrganizationInteractionLimit(ctx context.Context, org string) error {
	return m.MockDeleteOrganizationInteractionLimit(ctx, org)
}

// GetRepositoryPullCap calls MockGetRepositoryPullCap.
func (m *MockInteractionsAPI) GetRepositoryPullCap(ctx context.Context, owner, repo string) (*github.PullCap, error) {
	return m.MockGetRepositoryPullCap(ctx, owner, repo)
}

// PatchRepositoryPullCap calls MockPatchRepositoryPullCap.
func (m *MockInteractionsAPI) PatchRepositoryPullCap(ctx context.Context, owner, repo string, c *github.PullCap) (*github.PullCap, error) {
	return m.MockPatchRepositoryPullCap(ctx, owner, repo, c)
}

// GetOrganizationPullCap calls MockGetOrganizationPullCap.
func (m *MockInteractionsAPI) GetOrganizationPullCap(ctx context.Context, org string) (*github.PullCap, error) {
	return m.MockGetOrganizationPullCap(ctx, org)
}

// PatchOrganizationPullCap calls MockPatchOrganizationPullCap.
func (m *MockInteractionsAPI) PatchOrganizationPullCap(ctx context.Context, org string, c *github.PullCap) (*github.PullCap, error) {
	return m.MockPatchOrganizationPullCap(ctx, org, c)
}

// GetPullCapBypassList calls MockGetPullCapBypassList.
func (m *MockInteractionsAPI) GetPullCapBypassList(ctx context.Context, owner, repo string) ([]string, error) {
	return m.MockGetPullCapBypassList(ctx, owner, repo)
}

// AddPullCapBypassUsers calls MockAddPullCapBypassUsers.
func (m *MockInteractionsAPI) AddPullCapBypassUsers(ctx context.Context, owner, repo string, users []string) error {
	return m.MockAddPullCapBypassUsers(ctx, owner, repo, users)
}

// RemovePullCapBypassUsers calls MockRemovePullCapBypassUsers.
func (m *MockInteractionsAPI) RemovePullCapBypassUsers(ctx context.Context, owner, repo string, users []string) error {
	return m.MockRemovePullCapBypassUsers(ctx, owner, repo, users)
}
