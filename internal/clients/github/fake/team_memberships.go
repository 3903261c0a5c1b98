package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.TeamMembershipsAPI = (*MockTeamMembershipsAPI)(nil)

// MockTeamMembershipsAPI is a github.TeamMembershipsAPI whose every method
// calls the function field of the same name; a nil field panics when
// called.
type MockTeamMembershipsAPI struct {
	MockGetTeamMembership    func(ctx context.Context, org, teamSlug, user string) (*github.TeamMembership, error)
	MockSetTeamMembership    func(ctx context.Context, org, teamSlug, user, role string) (*github.TeamMembership, error)
	MockRemoveTeamMembership func(ctx context.Context, org, teamSlug, user string) error
}

// GetTeamMembership calls MockGetTeamMembership.
func (m *MockTeamMembershipsAPI) GetTeamMembership(ctx context.Context, org, teamSlug, user string) (*github.TeamMembership, error) {
	return m.MockGetTeamMembership(ctx, org, teamSlug, user)
}

// SetTeamMembership calls MockSetTeamMembership.
func (m *MockTeamMembershipsAPI) SetTeamMembership(ctx context.Context, org, teamSlug, user, role string) (*github.TeamMembership, error) {
	return m.MockSetTeamMembership(ctx, org, teamSlug, user, role)
}

// RemoveTeamMembership calls MockRemoveTeamMembership.
func (m *MockTeamMembershipsAPI) RemoveTeamMembership(ctx context.Context, org, teamSlug, user string) error {
	return m.MockRemoveTeamMembership(ctx, org, teamSlug, user)
}
