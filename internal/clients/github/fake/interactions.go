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
