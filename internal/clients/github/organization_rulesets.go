package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// An organization's organization rulesets (https://docs.github.com/rest/orgs/rules). They need Administration: read /
// write (classic tokens: admin:org). Reads are conditional: a 304 is free.
var (
	routeListOrganizationRulesets = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/rulesets",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeGetOrganizationRuleset = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/rulesets/{organization_ruleset_id}",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeCreateOrganizationRuleset = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/rulesets",
		Permission: "Administration: write", Scope: "admin:org"})
	routeUpdateOrganizationRuleset = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}/rulesets/{organization_ruleset_id}",
		Permission: "Administration: write", Scope: "admin:org"})
	routeDeleteOrganizationRuleset = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/rulesets/{organization_ruleset_id}",
		Permission: "Administration: write", Scope: "admin:org"})
)

// OrganizationRuleset is a organization ruleset as GitHub answers it.
type OrganizationRuleset struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Description *string    `json:"description"`
	CreatedAt   *time.Time `json:"created_at"`
}

// OrganizationRulesetRequest is the body of a organization ruleset's create or update.
type OrganizationRulesetRequest struct {
	Name        string  `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
}

// OrganizationRulesetsAPI reads and changes an organization's organization rulesets.
type OrganizationRulesetsAPI interface {
	ListOrganizationRulesets(ctx context.Context, org string) ([]OrganizationRuleset, error)
	GetOrganizationRuleset(ctx context.Context, org string, id int64) (*OrganizationRuleset, error)
	CreateOrganizationRuleset(ctx context.Context, org string, r *OrganizationRulesetRequest) (*OrganizationRuleset, error)
	UpdateOrganizationRuleset(ctx context.Context, org string, id int64, r *OrganizationRulesetRequest) (*OrganizationRuleset, error)
	DeleteOrganizationRuleset(ctx context.Context, org string, id int64) error
}

// OrganizationRulesetsClient implements OrganizationRulesetsAPI with a go-github client.
type OrganizationRulesetsClient struct{ requester }

var _ OrganizationRulesetsAPI = (*OrganizationRulesetsClient)(nil)

// NewOrganizationRulesetsClient returns the organization rulesets API of gh.
func NewOrganizationRulesetsClient(gh *github.Client) *OrganizationRulesetsClient {
	return &OrganizationRulesetsClient{requester{gh: gh}}
}

// ListOrganizationRulesets lists the organization's organization rulesets, every page.
func (c *OrganizationRulesetsClient) ListOrganizationRulesets(ctx context.Context, org string) ([]OrganizationRuleset, error) {
	return listAll[OrganizationRuleset](ctx, c.requester, routeListOrganizationRulesets, routeListOrganizationRulesets.path(org), url.Values{})
}

// GetOrganizationRuleset reads the organization ruleset of an id; 404 when there is none.
func (c *OrganizationRulesetsClient) GetOrganizationRuleset(ctx context.Context, org string, id int64) (*OrganizationRuleset, error) {
	out := &OrganizationRuleset{}
	return out, c.do(ctx, routeGetOrganizationRuleset, routeGetOrganizationRuleset.path(org, strconv.FormatInt(id, 10)), nil, out)
}

// CreateOrganizationRuleset creates a organization ruleset.
func (c *OrganizationRulesetsClient) CreateOrganizationRuleset(ctx context.Context, org string, r *OrganizationRulesetRequest) (*OrganizationRuleset, error) {
	out := &OrganizationRuleset{}
	return out, c.do(ctx, routeCreateOrganizationRuleset, routeCreateOrganizationRuleset.path(org), r, out)
}

// UpdateOrganizationRuleset changes a organization ruleset.
func (c *OrganizationRulesetsClient) UpdateOrganizationRuleset(ctx context.Context, org string, id int64, r *OrganizationRulesetRequest) (*OrganizationRuleset, error) {
	out := &OrganizationRuleset{}
	return out, c.do(ctx, routeUpdateOrganizationRuleset, routeUpdateOrganizationRuleset.path(org, strconv.FormatInt(id, 10)), r, out)
}

// DeleteOrganizationRuleset deletes a organization ruleset.
func (c *OrganizationRulesetsClient) DeleteOrganizationRuleset(ctx context.Context, org string, id int64) error {
	return c.do(ctx, routeDeleteOrganizationRuleset, routeDeleteOrganizationRuleset.path(org, strconv.FormatInt(id, 10)), nil, nil)
}
