package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The OIDC subject claim template of a repository
// (https://docs.github.com/rest/actions/oidc): how the subject (sub) claim
// of the OIDC tokens its workflows get is made, one per repository,
// GitHub's default until someone sets it, read with GET and written with
// PUT (answered 201 with an empty object). It needs Actions: read / write
// (classic tokens: repo). Reads are conditional: a 304 is free.
var (
	routeGetActionsOIDCSubjectClaim = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/oidc/customization/sub",
		Permission: "Actions: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsOIDCSubjectClaim = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/oidc/customization/sub",
		Permission: "Actions: write", Scope: "repo"})
)

// ActionsOIDCSubjectClaim is the template as GitHub answers it: GitHub's
// default subject when UseDefault, else the claim keys the subject is made
// of, in order (none: the organization's template applies).
type ActionsOIDCSubjectClaim struct {
	UseDefault       bool     `json:"use_default"`
	IncludeClaimKeys []string `json:"include_claim_keys,omitempty"`
}

// ActionsOIDCSubjectClaimRequest is the body of a PUT of the template:
// use_default is required; with it true GitHub ignores the keys.
type ActionsOIDCSubjectClaimRequest struct {
	UseDefault       bool     `json:"use_default"`
	IncludeClaimKeys []string `json:"include_claim_keys,omitempty"`
}

// ActionsOIDCSubjectClaimAPI reads and writes the OIDC subject claim template of a repository.
type ActionsOIDCSubjectClaimAPI interface {
	GetActionsOIDCSubjectClaim(ctx context.Context, owner, repo string) (*ActionsOIDCSubjectClaim, error)
	PutActionsOIDCSubjectClaim(ctx context.Context, owner, repo string, r *ActionsOIDCSubjectClaimRequest) error
}

// ActionsOIDCSubjectClaimClient implements ActionsOIDCSubjectClaimAPI with a go-github client.
type ActionsOIDCSubjectClaimClient struct{ requester }

var _ ActionsOIDCSubjectClaimAPI = (*ActionsOIDCSubjectClaimClient)(nil)

// NewActionsOIDCSubjectClaimClient returns the OIDC subject claim template API of gh.
func NewActionsOIDCSubjectClaimClient(gh *github.Client) *ActionsOIDCSubjectClaimClient {
	return &ActionsOIDCSubjectClaimClient{requester{gh: gh}}
}

// GetActionsOIDCSubjectClaim reads the template: GitHub's default when
// nobody set it; 404 when there is no such repository, or the credentials
// may not see it.
func (c *ActionsOIDCSubjectClaimClient) GetActionsOIDCSubjectClaim(ctx context.Context, owner, repo string) (*ActionsOIDCSubjectClaim, error) {
	out := &ActionsOIDCSubjectClaim{}
	return out, c.do(ctx, routeGetActionsOIDCSubjectClaim, routeGetActionsOIDCSubjectClaim.path(owner, repo), nil, out)
}

// PutActionsOIDCSubjectClaim writes the template r sends; GitHub answers
// 201 with an empty object.
func (c *ActionsOIDCSubjectClaimClient) PutActionsOIDCSubjectClaim(ctx context.Context, owner, repo string, r *ActionsOIDCSubjectClaimRequest) error {
	return c.do(ctx, routePutActionsOIDCSubjectClaim, routePutActionsOIDCSubjectClaim.path(owner, repo), r, nil)
}
