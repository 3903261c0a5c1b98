package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.TeamReposAPI = (*MockTeamReposAPI)(nil)

// MockTeamReposAPI is a github.TeamReposAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockTeamReposAPI struct {
	MockGetTeamRepo    func(ctx context.Context, org, teamSlug, owner, repo string) (*github.TeamRepo, error)
	MockAddTeamRepo    func(ctx context.Context, org, teamSlug, owner, repo, permission string) error
	MockRemoveTeamRepo func(ctx context.Context, org, teamSlug, owner, repo string) error
}

// GetTeamRepo calls MockGetTeamRepo.
func (m *MockTeamReposAPI) GetTeamRepo(ctx context.Context, org, teamSlug, owner, repo string) (*github.TeamRepo, error) {
	return m.MockGetTeamRepo(ctx, org, teamSlug, owner, repo)
}

// AddTeamRepo calls MockAddTeamRepo.
func (m *MockTeamReposAPI) AddTeamRepo(ctx context.Context, org, teamSlug, owner, repo, permission string) error {
	return m.MockAddTeamRepo(ctx, org, teamSlug, owner, repo, permission)
}

// RemoveTeamRepo calls MockRemoveTeamRepo.
func (m *MockTeamReposAPI) RemoveTeamRepo(ctx context.Context, org, teamSlug, owner, repo string) error {
	return m.MockRemoveTeamRepo(ctx, org, teamSlug, owner, repo)
}

var _ github.RepoTeamsAPI = (*MockRepoTeamsAPI)(nil)

// MockRepoTeamsAPI is a github.RepoTeamsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockRepoTeamsAPI struct {
	MockListRepoTeams func(ctx context.Context, owner, repo string) ([]github.RepoTeam, error)
}

// ListRepoTeams calls MockListRepoTeams.
func (m *MockRepoTeamsAPI) ListRepoTeams(ctx context.Context, owner, repo string) ([]github.RepoTeam, error) {
	return m.MockListRepoTeams(ctx, owner, repo)
}
