package github

import (
	"context"
	"net/http"
	"net/url"

	"github.com/google/go-github/v37/github"
)

// An organization's repositories, listed (GitHub's minimal-repository:
// names, visibility, archived and fork, not every setting). Needs Metadata:
// read. Pages are conditional: an unchanged page is a free 304.
var routeListOrgRepositories = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/repos",
	Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional})

// OrgReposAPI lists an organization's repositories.
type OrgReposAPI interface {
	ListOrgRepositories(ctx context.Context, org string) ([]Repository, error)
}

// OrgReposClient implements OrgReposAPI with a go-github client.
type OrgReposClient struct{ requester }

var _ OrgReposAPI = (*OrgReposClient)(nil)

// NewOrgReposClient returns the repository list API of gh.
func NewOrgReposClient(gh *github.Client) *OrgReposClient { return &OrgReposClient{requester{gh: gh}} }

// ListOrgRepositories lists, every page of it, the repositories of org the
// credentials can see, of every type.
func (c *OrgReposClient) ListOrgRepositories(ctx context.Context, org string) ([]Repository, error) {
	return listAll[Repository](ctx, c.requester, routeListOrgRepositories, routeListOrgRepositories.path(org), url.Values{"type": {"all"}})
}
