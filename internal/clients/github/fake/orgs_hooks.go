package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrganizationHooksAPI = (*MockOrganizationHooksAPI)(nil)

// MockOrganizationHooksAPI is a github.OrganizationHooksAPI whose every
// method calls the function field of the same name; a nil field panics
// when called.
type MockOrganizationHooksAPI struct {
	MockListOrgHooks  func(ctx context.Context, org string) ([]github.Hook, error)
	MockGetOrgHook    func(ctx context.Context, org string, id int64) (*github.Hook, error)
	MockCreateOrgHook func(ctx context.Context, org string, r *github.HookRequest) (*github.Hook, error)
	MockUpdateOrgHook func(ctx context.Context, org string, id int64, r *github.HookRequest) (*github.Hook, error)
	MockDeleteOrgHook func(ctx context.Context, org string, id int64) error
}

// ListOrgHooks calls MockListOrgHooks.
func (m *MockOrganizationHooksAPI) ListOrgHooks(ctx context.Context, org string) ([]github.Hook, error) {
	return m.MockListOrgHooks(ctx, org)
}

// GetOrgHook calls MockGetOrgHook.
func (m *MockOrganizationHooksAPI) GetOrgHook(ctx context.Context, org string, id int64) (*github.Hook, error) {
	return m.MockGetOrgHook(ctx, org, id)
}

// CreateOrgHook calls MockCreateOrgHook.
func (m *MockOrganizationHooksAPI) CreateOrgHook(ctx context.Context, org string, r *github.HookRequest) (*github.Hook, error) {
	return m.MockCreateOrgHook(ctx, org, r)
}

// UpdateOrgHook calls MockUpdateOrgHook.
func (m *MockOrganizationHooksAPI) UpdateOrgHook(ctx context.Context, org string, id int64, r *github.HookRequest) (*github.Hook, error) {
	return m.MockUpdateOrgHook(ctx, org, id, r)
}

// DeleteOrgHook calls MockDeleteOrgHook.
func (m *MockOrganizationHooksAPI) DeleteOrgHook(ctx context.Context, org string, id int64) error {
	return m.MockDeleteOrgHook(ctx, org, id)
}
