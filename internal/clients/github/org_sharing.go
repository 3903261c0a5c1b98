package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// Which of an organization's repositories may use one of its Actions or
// Dependabot secrets or Actions variables. The list of selected
// repositories is read only for a visibility of selected; reads are
// conditional: a 304 is free.
var (
	routeListOrgActionsSecretRepos = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/secrets/{secret_name}/repositories",
		Permission: "Secrets: read", Scope: "admin:org", Cache: CacheConditional})
	routeListOrgDependabotSecretRepos = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/dependabot/secrets/{secret_name}/repositories",
		Permission: "Dependabot secrets: read", Scope: "admin:org", Cache: CacheConditional})
	routeListOrgVariableRepos = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/variables/{name}/repositories",
		Permission: "Variables: read", Scope: "admin:org", Cache: CacheConditional})
)

// Visibilities of an organization's secret or variable.
const (
	VisibilityAll      = "all"
	VisibilityPrivate  = "private"
	VisibilitySelected = "selected"
)

// Sharing is who may use an organization's secret or variable, as a write
// sends it: a visibility (all, private, selected) and, with selected, the
// ids of the repositories; none for a repository's secret.
type Sharing struct {
	Visibility string `json:"visibility,omitempty"`
	// SelectedRepositoryIDs, with selected, are all of them: an empty
	// list shares with none.
	SelectedRepositoryIDs *[]int64 `json:"selected_repository_ids,omitempty"`
}

// Shared names an organization's object shared with repositories: one of
// its Actions or Dependabot secrets, (Variable) an Actions variable, or
// (ImmutableReleases) its enforcement of immutable releases, which has no
// name.
type Shared struct {
	Dependabot        bool
	Variable          bool
	ImmutableReleases bool
}

// route is the object's list of selected repositories.
func (s Shared) route() Route {
	switch {
	case s.ImmutableReleases:
		return routeListImmutableReleasesRepos
	case s.Variable:
		return routeListOrgVariableRepos
	case s.Dependabot:
		return routeListOrgDependabotSecretRepos
	default:
		return routeListOrgActionsSecretRepos
	}
}

// SelectedRepository is a repository an organization's secret or variable
// is shared with.
type SelectedRepository struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	FullName string `json:"full_name"`
}

// selectedPage is a page of a list of selected repositories.
type selectedPage struct {
	TotalCount   int                  `json:"total_count"`
	Repositories []SelectedRepository `json:"repositories"`
}

// SelectedRepositoriesAPI reads the repositories an organization's secret
// or variable is shared with.
type SelectedRepositoriesAPI interface {
	ListSelectedRepositories(ctx context.Context, org string, of Shared, name string) ([]SelectedRepository, error)
}

// SelectedRepositoriesClient implements SelectedRepositoriesAPI.
type SelectedRepositoriesClient struct{ requester }

var _ SelectedRepositoriesAPI = (*SelectedRepositoriesClient)(nil)

// NewSelectedRepositoriesClient returns the selected repositories API of gh.
func NewSelectedRepositoriesClient(gh *github.Client) *SelectedRepositoriesClient {
	return &SelectedRepositoriesClient{requester{gh: gh}}
}

// ListSelectedRepositories lists, every page of it (100 a request), the
// repositories the object of name is shared with; 404 when there is no
// such object. A visibility other than selected lists none.
func (c *SelectedRepositoriesClient) ListSelectedRepositories(ctx context.Context, org string, of Shared, name string) ([]SelectedRepository, error) {
	r := of.route()
	params := []string{org, name}
	if of.ImmutableReleases {
		params = params[:1] // it has no name
	}
	path := r.path(params...)
	var all []SelectedRepository
	for page := 1; page != 0; {
		var s selectedPage
		next, err := c.page(ctx, r, path, page, perPage, &s)
		if err != nil {
			return nil, err
		}
		all = append(all, s.Repositories...)
		page = next
	}
	return all, nil
}
