package github

import (
	"context"
	"net/http"
)

// A repository's deployment environments, listed: what an import reads.
// The list answers each environment as GET of it does, protection rules
// included. Reading needs Actions: read (classic tokens: repo for a
// private repository) and is conditional.
var routeListEnvironments = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments",
	Permission: "Actions: read", Scope: "repo", Cache: CacheConditional})

// environmentPage is a page of a list of environments.
type environmentPage struct {
	TotalCount   int           `json:"total_count"`
	Environments []Environment `json:"environments"`
}

// ListEnvironments lists, every page of it (100 a request), the
// repository's deployment environments with their protection rules.
func (c *EnvironmentsClient) ListEnvironments(ctx context.Context, owner, repo string) ([]Environment, error) {
	var all []Environment
	path := routeListEnvironments.path(owner, repo)
	for page := 1; page != 0; {
		var p environmentPage
		next, err := c.page(ctx, routeListEnvironments, path, page, perPage, &p)
		if err != nil {
			return nil, err
		}
		all = append(all, p.Environments...)
		page = next
	}
	return all, nil
}
