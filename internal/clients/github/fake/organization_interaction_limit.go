package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrganizationInteractionLimitAPI = (*MockOrganizationInteractionLimitAPI)(nil)

// MockOrganizationInteractionLimitAPI is a github.OrganizationInteractionLimitAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockOrganizationInteractionLimitAPI struct {
	MockGetOrganizationInteractionLimit func(ctx context.Context, org string) (*github.OrganizationInteractionLimit, error)
	MockPutOrganizationInteractionLimit func(ctx context.Context, org string, r *github.OrganizationInteractionLimitRequest) error
}

// GetOrganizationInteractionLimit calls MockGetOrganizationInteractionLimit.
func (m *MockOrganizationInteractionLimitAPI) GetOrganizationInteractionLimit(ctx context.Context, org string) (*github.OrganizationInteractionLimit, error) {
	return m.MockGetOrganizationInteractionLimit(ctx, org)
}

// PutOrganizationInteractionLimit calls MockPutOrganizationInteractionLimit.
func (m *MockOrganizationInteractionLimitAPI) PutOrganizationInteractionLimit(ctx context.Context, org string, r *github.OrganizationInteractionLimitRequest) error {
	return m.MockPutOrganizationInteractionLimit(ctx, org, r)
}
