package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.TeamsAPI = (*MockTeamsAPI)(nil)

// MockTeamsAPI is a github.TeamsAPI whose every method calls the function
// field of the same name; a nil field panics when called.
type MockTeamsAPI struct {
	MockGetTeam    func(ctx context.Context, org, slug string) (*github.Team, error)
	MockListTeams  func(ctx context.Context, org string) ([]github.Team, error)
	MockCreateTeam func(ctx context.Context, org string, req *github.TeamRequest) (*github.Team, error)
	MockEditTeam   func(ctx context.Context, org, slug string, req *github.TeamRequest) (*github.Team, error)
	MockDeleteTeam func(ctx context.Context, org, slug string) error
}

// GetTeam calls MockGetTeam.
func (m *MockTeamsAPI) GetTeam(ctx context.Context, org, slug string) (*github.Team, error) {
	return m.MockGetTeam(ctx, org, slug)
}

// ListTeams calls MockListTeams.
func (m *MockTeamsAPI) ListTeams(ctx context.Context, org string) ([]github.Team, error) {
	return m.MockListTeams(ctx, org)
}

// CreateTeam calls MockCreateTeam.
func (m *MockTeamsAPI) CreateTeam(ctx context.Context, org string, req *github.TeamRequest) (*github.Team, error) {
	return m.MockCreateTeam(ctx, org, req)
}

// EditTeam calls MockEditTeam.
func (m *MockTeamsAPI) EditTeam(ctx context.Context, org, slug string, req *github.TeamRequest) (*github.Team, error) {
	return m.MockEditTeam(ctx, org, slug, req)
}

// DeleteTeam calls MockDeleteTeam.
func (m *MockTeamsAPI) DeleteTeam(ctx context.Context, org, slug string) error {
	return m.MockDeleteTeam(ctx, org, slug)
}
