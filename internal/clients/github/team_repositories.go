package github

import "github.com/google/go-github/v37/github"

// TeamRepositoriesAPI is what the team repository permission controller
// needs from GitHub: the team's permission, and the repository itself, read
// by name or id, to tell a missing repository from a missing team and to
// follow a repository that was renamed.
type TeamRepositoriesAPI interface {
	TeamReposAPI
	ReposAPI
}

// TeamRepositories implements TeamRepositoriesAPI with a go-github client.
type TeamRepositories struct {
	*TeamReposClient
	*ReposClient
}

var _ TeamRepositoriesAPI = (*TeamRepositories)(nil)

// NewTeamRepositories returns the team repository permission API of gh.
func NewTeamRepositories(gh *github.Client) *TeamRepositories {
	return &TeamRepositories{NewTeamReposClient(gh), NewReposClient(gh)}
}
