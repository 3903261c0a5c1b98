package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// routeRepoCodeSecurityConfiguration is the configuration attached to a
// repository (https://docs.github.com/rest/code-security/configurations#get-the-code-security-configuration-associated-with-a-repository).
var routeRepoCodeSecurityConfiguration = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/code-security-configuration",
	Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})

// RepoCodeSecurityConfiguration is the configuration attached to a
// repository, with the attachment's status (attached, attaching, enforced,
// ...).
type RepoCodeSecurityConfiguration struct {
	Status        string                     `json:"status"`
	Configuration *CodeSecurityConfiguration `json:"configuration"`
}

// RepoCodeSecurityAPI reads the configuration attached to a repository.
type RepoCodeSecurityAPI interface {
	RepoCodeSecurityConfiguration(ctx context.Context, owner, name string) (*RepoCodeSecurityConfiguration, error)
}

// RepoCodeSecurityClient implements RepoCodeSecurityAPI with a go-github client.
type RepoCodeSecurityClient struct{ requester }

var _ RepoCodeSecurityAPI = (*RepoCodeSecurityClient)(nil)

// NewRepoCodeSecurityClient returns the repository configuration API of gh.
func NewRepoCodeSecurityClient(gh *github.Client) *RepoCodeSecurityClient {
	return &RepoCodeSecurityClient{requester{gh: gh}}
}

// RepoCodeSecurityConfiguration reads the configuration attached to the
// repository; nil when none is (GitHub's 204).
func (c *RepoCodeSecurityClient) RepoCodeSecurityConfiguration(ctx context.Context, owner, name string) (*RepoCodeSecurityConfiguration, error) {
	out := &RepoCodeSecurityConfiguration{}
	if err := c.do(ctx, routeRepoCodeSecurityConfiguration, routeRepoCodeSecurityConfiguration.path(owner, name), nil, out); err != nil {
		return nil, err
	}
	if out.Configuration == nil {
		return nil, nil
	}
	return out, nil
}
