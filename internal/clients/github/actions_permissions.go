package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The Actions permissions of a repository (https://docs.github.com/rest/actions/permissions): one per repository, GitHub's
// default until someone sets it, read with GET and written with PUT. It
// needs Administration: read / write (classic tokens: repo). Reads are
// conditional: a 304 is free.
var (
	routeGetActionsPermissions = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsPermissions = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions",
		Permission: "Administration: write", Scope: "repo"})
)

// ActionsPermissions is the Actions permissions as GitHub answers it.
type ActionsPermissions struct {
	Enabled bool `json:"enabled"`
}

// ActionsPermissionsRequest is the body of a PUT of the Actions permissions: what it leaves out,
// GitHub keeps.
type ActionsPermissionsRequest struct {
	Enabled *bool `json:"enabled,omitempty"`
}

// ActionsPermissionsAPI reads and writes the Actions permissions of a repository.
type ActionsPermissionsAPI interface {
	GetActionsPermissions(ctx context.Context, owner, repo string) (*ActionsPermissions, error)
	PutActionsPermissions(ctx context.Context, owner, repo string, r *ActionsPermissionsRequest) error
}

// ActionsPermissionsClient implements ActionsPermissionsAPI with a go-github client.
type ActionsPermissionsClient struct{ requester }

var _ ActionsPermissionsAPI = (*ActionsPermissionsClient)(nil)

// NewActionsPermissionsClient returns the Actions permissions API of gh.
func NewActionsPermissionsClient(gh *github.Client) *ActionsPermissionsClient {
	return &ActionsPermissionsClient{requester{gh: gh}}
}

// GetActionsPermissions reads the Actions permissions: GitHub's default when nobody set it; 404
// when there is no such repository, or the credentials may not see it.
func (c *ActionsPermissionsClient) GetActionsPermissions(ctx context.Context, owner, repo string) (*ActionsPermissions, error) {
	out := &ActionsPermissions{}
	return out, c.do(ctx, routeGetActionsPermissions, routeGetActionsPermissions.path(owner, repo), nil, out)
}

// PutActionsPermissions writes the fields of the Actions permissions r sends; GitHub answers 204.
func (c *ActionsPermissionsClient) PutActionsPermissions(ctx context.Context, owner, repo string, r *ActionsPermissionsRequest) error {
	return c.do(ctx, routePutActionsPermissions, routePutActionsPermissions.path(owner, repo), r, nil)
}
