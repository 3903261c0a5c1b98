package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/google/go-github/v37/github"
)

// An organization's rulesets (https://docs.github.com/rest/orgs/rules; go-github
// v37 predates them: they share the wire structs of a repository's
// rulesets, with the organization's conditions). Reading and changing them
// needs the organization's Administration permission (classic tokens:
// admin:org); reads are conditional, and a 304 is free.
var (
	routeListOrgRulesets = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/rulesets",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeGetOrgRuleset = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/rulesets/{ruleset_id}",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeCreateOrgRuleset = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/rulesets",
		Permission: "Administration: write", Scope: "admin:org"})
	routeUpdateOrgRuleset = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/rulesets/{ruleset_id}",
		Permission: "Administration: write", Scope: "admin:org"})
	routeDeleteOrgRuleset = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/rulesets/{ruleset_id}",
		Permission: "Administration: write", Scope: "admin:org"})
)

// OrgRulesetsAPI reads and changes an organization's rulesets.
type OrgRulesetsAPI interface {
	ListOrgRulesets(ctx context.Context, org string) ([]Ruleset, error)
	GetOrgRuleset(ctx context.Context, org string, id int64) (*Ruleset, error)
	CreateOrgRuleset(ctx context.Context, org string, r *RulesetRequest) (*Ruleset, error)
	UpdateOrgRuleset(ctx context.Context, org string, id int64, r *RulesetRequest) (*Ruleset, error)
	DeleteOrgRuleset(ctx context.Context, org string, id int64) error
}

// OrgRulesetsClient implements OrgRulesetsAPI with a go-github client.
type OrgRulesetsClient struct{ requester }

var _ OrgRulesetsAPI = (*OrgRulesetsClient)(nil)

// NewOrgRulesetsClient returns the organization rulesets API of gh.
func NewOrgRulesetsClient(gh *github.Client) *OrgRulesetsClient {
	return &OrgRulesetsClient{requester{gh: gh}}
}

// ListOrgRulesets lists, every page of it, the organization's rulesets, as
// summaries (no bypass actors, conditions or rules).
func (c *OrgRulesetsClient) ListOrgRulesets(ctx context.Context, org string) ([]Ruleset, error) {
	return listAll[Ruleset](ctx, c.requester, routeListOrgRulesets, routeListOrgRulesets.path(org), url.Values{})
}

// GetOrgRuleset reads one ruleset whole. An unknown id is a 404, as is an
// organization the credentials do not administer.
func (c *OrgRulesetsClient) GetOrgRuleset(ctx context.Context, org string, id int64) (*Ruleset, error) {
	out := &Ruleset{}
	err := c.do(ctx, routeGetOrgRuleset, routeGetOrgRuleset.path(org, strconv.FormatInt(id, 10)), nil, out)
	return out, err
}

// CreateOrgRuleset creates a ruleset; GitHub assigns its id. A name the
// organization already has (compared without regard to case) is a 422
// "Name must be unique".
func (c *OrgRulesetsClient) CreateOrgRuleset(ctx context.Context, org string, r *RulesetRequest) (*Ruleset, error) {
	out := &Ruleset{}
	err := c.do(ctx, routeCreateOrgRuleset, routeCreateOrgRuleset.path(org), r.sendable(), out)
	return out, err
}

// UpdateOrgRuleset replaces the ruleset's fields with r's.
func (c *OrgRulesetsClient) UpdateOrgRuleset(ctx context.Context, org string, id int64, r *RulesetRequest) (*Ruleset, error) {
	out := &Ruleset{}
	err := c.do(ctx, routeUpdateOrgRuleset, routeUpdateOrgRuleset.path(org, strconv.FormatInt(id, 10)), r.sendable(), out)
	return out, err
}

// DeleteOrgRuleset deletes the ruleset.
func (c *OrgRulesetsClient) DeleteOrgRuleset(ctx context.Context, org string, id int64) error {
	return c.do(ctx, routeDeleteOrgRuleset, routeDeleteOrgRuleset.path(org, strconv.FormatInt(id, 10)), nil, nil)
}
