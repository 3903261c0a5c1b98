package github

import "github.com/google/go-github/v37/github"

// RepositoryEnvironmentsAPI is what the Environment kind uses: a
// repository's environments and their branch policies, and the users and
// teams that review deployments, looked up by login and slug.
type RepositoryEnvironmentsAPI interface {
	EnvironmentsAPI
	UsersAPI
	TeamsAPI
}

// RepositoryEnvironments implements RepositoryEnvironmentsAPI with a
// go-github client.
type RepositoryEnvironments struct {
	*EnvironmentsClient
	*UsersClient
	*TeamsClient
}

var _ RepositoryEnvironmentsAPI = (*RepositoryEnvironments)(nil)

// NewRepositoryEnvironments returns the repository environments API of gh.
func NewRepositoryEnvironments(gh *github.Client) *RepositoryEnvironments {
	return &RepositoryEnvironments{NewEnvironmentsClient(gh), NewUsersClient(gh), NewTeamsClient(gh)}
}
