package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The interaction limit of an organization (https://docs.github.com/rest/interactions/orgs): one per organization, GitHub's
// default until someone sets it, read with GET and written with PUT. It
// needs Administration: read / write (classic tokens: admin:org). Reads are
// conditional: a 304 is free.
var (
	routeGetOrganizationInteractionLimit = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/interaction-limits",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routePutOrganizationInteractionLimit = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/interaction-limits",
		Permission: "Administration: write", Scope: "admin:org"})
)

// OrganizationInteractionLimit is the interaction limit as GitHub answers it.
type OrganizationInteractionLimit struct {
	Enabled bool `json:"enabled"`
}

// OrganizationInteractionLimitRequest is the body of a PUT of the interaction limit: what it leaves out,
// GitHub keeps.
type OrganizationInteractionLimitRequest struct {
	Enabled *bool `json:"enabled,omitempty"`
}

// OrganizationInteractionLimitAPI reads and writes the interaction limit of an organization.
type OrganizationInteractionLimitAPI interface {
	GetOrganizationInteractionLimit(ctx context.Context, org string) (*OrganizationInteractionLimit, error)
	PutOrganizationInteractionLimit(ctx context.Context, org string, r *OrganizationInteractionLimitRequest) error
}

// OrganizationInteractionLimitClient implements OrganizationInteractionLimitAPI with a go-github client.
type OrganizationInteractionLimitClient struct{ requester }

var _ OrganizationInteractionLimitAPI = (*OrganizationInteractionLimitClient)(nil)

// NewOrganizationInteractionLimitClient returns the interaction limit API of gh.
func NewOrganizationInteractionLimitClient(gh *github.Client) *OrganizationInteractionLimitClient {
	return &OrganizationInteractionLimitClient{requester{gh: gh}}
}

// GetOrganizationInteractionLimit reads the interaction limit: GitHub's default when nobody set it; 404
// when there is no such organization, or the credentials may not see it.
func (c *OrganizationInteractionLimitClient) GetOrganizationInteractionLimit(ctx context.Context, org string) (*OrganizationInteractionLimit, error) {
	out := &OrganizationInteractionLimit{}
	return out, c.do(ctx, routeGetOrganizationInteractionLimit, routeGetOrganizationInteractionLimit.path(org), nil, out)
}

// PutOrganizationInteractionLimit writes the fields of the interaction limit r sends; GitHub answers 204.
func (c *OrganizationInteractionLimitClient) PutOrganizationInteractionLimit(ctx context.Context, org string, r *OrganizationInteractionLimitRequest) error {
	return c.do(ctx, routePutOrganizationInteractionLimit, routePutOrganizationInteractionLimit.path(org), r, nil)
}
