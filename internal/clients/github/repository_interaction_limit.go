package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The interaction limit of a repository (https://docs.github.com/rest/interactions/repos): one per repository, GitHub's
// default until someone sets it, read with GET and written with PUT. It
// needs Administration: read / write (classic tokens: repo). Reads are
// conditional: a 304 is free.
var (
	routeGetRepositoryInteractionLimit = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/interaction-limits",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutRepositoryInteractionLimit = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/interaction-limits",
		Permission: "Administration: write", Scope: "repo"})
)

// RepositoryInteractionLimit is the interaction limit as GitHub answers it.
type RepositoryInteractionLimit struct {
	Enabled bool `json:"enabled"`
}

// RepositoryInteractionLimitRequest is the body of a PUT of the interaction limit: what it leaves out,
// GitHub keeps.
type RepositoryInteractionLimitRequest struct {
	Enabled *bool `json:"enabled,omitempty"`
}

// RepositoryInteractionLimitAPI reads and writes the interaction limit of a repository.
type RepositoryInteractionLimitAPI interface {
	GetRepositoryInteractionLimit(ctx context.Context, owner, repo string) (*RepositoryInteractionLimit, error)
	PutRepositoryInteractionLimit(ctx context.Context, owner, repo string, r *RepositoryInteractionLimitRequest) error
}

// RepositoryInteractionLimitClient implements RepositoryInteractionLimitAPI with a go-github client.
type RepositoryInteractionLimitClient struct{ requester }

var _ RepositoryInteractionLimitAPI = (*RepositoryInteractionLimitClient)(nil)

// NewRepositoryInteractionLimitClient returns the interaction limit API of gh.
func NewRepositoryInteractionLimitClient(gh *github.Client) *RepositoryInteractionLimitClient {
	return &RepositoryInteractionLimitClient{requester{gh: gh}}
}

// GetRepositoryInteractionLimit reads the interaction limit: GitHub's default when nobody set it; 404
// when there is no such repository, or the credentials may not see it.
func (c *RepositoryInteractionLimitClient) GetRepositoryInteractionLimit(ctx context.Context, owner, repo string) (*RepositoryInteractionLimit, error) {
	out := &RepositoryInteractionLimit{}
	return out, c.do(ctx, routeGetRepositoryInteractionLimit, routeGetRepositoryInteractionLimit.path(owner, repo), nil, out)
}

// PutRepositoryInteractionLimit writes the fields of the interaction limit r sends; GitHub answers 204.
func (c *RepositoryInteractionLimitClient) PutRepositoryInteractionLimit(ctx context.Context, owner, repo string, r *RepositoryInteractionLimitRequest) error {
	return c.do(ctx, routePutRepositoryInteractionLimit, routePutRepositoryInteractionLimit.path(owner, repo), r, nil)
}
