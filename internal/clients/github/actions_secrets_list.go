package github

import (
	"context"
	"net/http"
)

// The secrets of a repository's stores, listed: what an import reads.
// GitHub lists names and dates, never values. Reads are conditional.
var (
	routeListActionsSecrets = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/secrets",
		Permission: "Secrets: read", Scope: "repo", Cache: CacheConditional})
	routeListEnvironmentSecrets = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/secrets",
		Permission: "Environments: read", Scope: "repo", Cache: CacheConditional})
	routeListDependabotSecrets = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/dependabot/secrets",
		Permission: "Dependabot secrets: read", Scope: "repo", Cache: CacheConditional})
)

// listRoute is the store's list route, with the parameters its path takes
// after owner and repository.
func (s SecretStore) listRoute() (Route, []string) {
	switch {
	case s.Org && s.Dependabot:
		return routeListOrgDependabotSecrets, nil
	case s.Org:
		return routeListOrgActionsSecrets, nil
	case s.Dependabot:
		return routeListDependabotSecrets, nil
	case s.Environment != "":
		return routeListEnvironmentSecrets, []string{s.Environment}
	default:
		return routeListActionsSecrets, nil
	}
}

// secretPage is a page of a list of secrets.
type secretPage struct {
	TotalCount int            `json:"total_count"`
	Secrets    []StoredSecret `json:"secrets"`
}

// ListSecrets lists, every page of it (100 a request), the secrets of the
// store: their names and dates.
func (c *SecretsClient) ListSecrets(ctx context.Context, owner, repo string, store SecretStore) ([]StoredSecret, error) {
	r, p := store.listRoute()
	path := r.path(store.params(owner, repo, p)...)
	var all []StoredSecret
	for page := 1; page != 0; {
		var s secretPage
		next, err := c.page(ctx, r, path, page, perPage, &s)
		if err != nil {
			return nil, err
		}
		all = append(all, s.Secrets...)
		page = next
	}
	return all, nil
}
