package github

import "github.com/google/go-github/v37/github"

// RepositoriesAPI is what the repository controller needs from GitHub: the
// areas a Repository spans. A kind that needs one area takes that area's
// interface instead.
type RepositoriesAPI interface {
	ReposAPI
	TopicsAPI
	VulnerabilityAlertsAPI
	UsersAPI
}

// Repositories implements RepositoriesAPI with a go-github client.
type Repositories struct {
	*ReposClient
	*TopicsClient
	*VulnerabilityAlertsClient
	*UsersClient
}

var _ RepositoriesAPI = (*Repositories)(nil)

// NewRepositories returns the repository API of gh.
func NewRepositories(gh *github.Client) *Repositories {
	return &Repositories{NewReposClient(gh), NewTopicsClient(gh), NewVulnerabilityAlertsClient(gh), NewUsersClient(gh)}
}
