package github

import (
	"context"
	"net/http"
)

// The Actions variables of a repository or of one of its environments,
// listed: what an import reads. The list answers values, as GET of a
// variable does. Reads are conditional.
var (
	routeListActionsVariables = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/variables",
		Permission: "Variables: read", Scope: "repo", Cache: CacheConditional})
	routeListEnvironmentVariables = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/variables",
		Permission: "Environments: read", Scope: "repo", Cache: CacheConditional})
)

// variablesPerPage is the page size of variable lists: GitHub's largest
// for them (30, not 100).
const variablesPerPage = 30

// variablePage is a page of a list of variables.
type variablePage struct {
	TotalCount int               `json:"total_count"`
	Variables  []ActionsVariable `json:"variables"`
}

// ListVariables lists, every page of it, the Actions variables of the
// repository (environment "") or of its environment, with their values.
func (c *ActionsVariablesClient) ListVariables(ctx context.Context, owner, repo, environment string) ([]ActionsVariable, error) {
	r, p := variableRoute(environment, routeListActionsVariables, routeListEnvironmentVariables)
	path := r.path(secretParams(owner, repo, p)...)
	var all []ActionsVariable
	for page := 1; page != 0; {
		var v variablePage
		next, err := c.page(ctx, r, path, page, variablesPerPage, &v)
		if err != nil {
			return nil, err
		}
		all = append(all, v.Variables...)
		page = next
	}
	return all, nil
}
