package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrganizationsAPI = (*MockOrganizationsAPI)(nil)

// MockOrganizationsAPI is a github.OrganizationsAPI whose every method
// calls the function field of the same name; a nil field panics when
// called.
type MockOrganizationsAPI struct {
	MockGetOrganization  func(ctx context.Context, org string) (*github.Organization, error)
	MockEditOrganization func(ctx context.Context, org string, r *github.OrganizationRequest) (*github.Organization, error)
}

// GetOrganization calls MockGetOrganization.
func (m *MockOrganizationsAPI) GetOrganization(ctx context.Context, org string) (*github.Organization, error) {
	return m.MockGetOrganization(ctx, org)
}

// EditOrganization calls MockEditOrganization.
func (m *MockOrganizationsAPI) EditOrganization(ctx context.Context, org string, r *github.OrganizationRequest) (*github.Organization, error) {
	return m.MockEditOrganization(ctx, org, r)
}
