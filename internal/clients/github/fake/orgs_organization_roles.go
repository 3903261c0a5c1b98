package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrgRolesAPI = (*MockOrgRolesAPI)(nil)

// MockOrgRolesAPI is a github.OrgRolesAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockOrgRolesAPI struct {
	MockListOrgRoles          func(ctx context.Context, org string) ([]github.OrgRole, error)
	MockListOrgRoleTeams      func(ctx context.Context, org string, roleID int64) ([]github.OrgRoleTeam, error)
	MockListOrgRoleUsers      func(ctx context.Context, org string, roleID int64) ([]github.OrgRoleUser, error)
	MockAssignOrgRoleToTeam   func(ctx context.Context, org, teamSlug string, roleID int64) error
	MockRemoveOrgRoleFromTeam func(ctx context.Context, org, teamSlug string, roleID int64) error
	MockAssignOrgRoleToUser   func(ctx context.Context, org, user string, roleID int64) error
	MockRemoveOrgRoleFromUser func(ctx context.Context, org, user string, roleID int64) error
}

// ListOrgRoles calls MockListOrgRoles.
func (m *MockOrgRolesAPI) ListOrgRoles(ctx context.Context, org string) ([]github.OrgRole, error) {
	return m.MockListOrgRoles(ctx, org)
}

// ListOrgRoleTeams calls MockListOrgRoleTeams.
func (m *MockOrgRolesAPI) ListOrgRoleTeams(ctx context.Context, org string, roleID int64) ([]github.OrgRoleTeam, error) {
	return m.MockListOrgRoleTeams(ctx, org, roleID)
}

// ListOrgRoleUsers calls MockListOrgRoleUsers.
func (m *MockOrgRolesAPI) ListOrgRoleUsers(ctx context.Context, org string, roleID int64) ([]github.OrgRoleUser, error) {
	return m.MockListOrgRoleUsers(ctx, org, roleID)
}

// AssignOrgRoleToTeam calls MockAssignOrgRoleToTeam.
func (m *MockOrgRolesAPI) AssignOrgRoleToTeam(ctx context.Context, org, teamSlug string, roleID int64) error {
	return m.MockAssignOrgRoleToTeam(ctx, org, teamSlug, roleID)
}

// RemoveOrgRoleFromTeam calls MockRemoveOrgRoleFromTeam.
func (m *MockOrgRolesAPI) RemoveOrgRoleFromTeam(ctx context.Context, org, teamSlug string, roleID int64) error {
	return m.MockRemoveOrgRoleFromTeam(ctx, org, teamSlug, roleID)
}

// AssignOrgRoleToUser calls MockAssignOrgRoleToUser.
func (m *MockOrgRolesAPI) AssignOrgRoleToUser(ctx context.Context, org, user string, roleID int64) error {
	return m.MockAssignOrgRoleToUser(ctx, org, user, roleID)
}

// RemoveOrgRoleFromUser calls MockRemoveOrgRoleFromUser.
func (m *MockOrgRolesAPI) RemoveOrgRoleFromUser(ctx context.Context, org, user string, roleID int64) error {
	return m.MockRemoveOrgRoleFromUser(ctx, org, user, roleID)
}
