package github

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's rulesets (go-github v37 predates them: the wire structs are
// ours). Reading them needs Metadata: read, and is done conditionally (a 304
// is free); GitHub shows the bypass actors to admins only. Creating,
// replacing and deleting one needs Administration: write.
var (
	routeListRulesets = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/rulesets",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional})
	routeGetRuleset = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/rulesets/{ruleset_id}",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional})
	routeCreateRuleset = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/rulesets",
		Permission: "Administration: write", Scope: "repo"})
	routeUpdateRuleset = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/rulesets/{ruleset_id}",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteRuleset = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/rulesets/{ruleset_id}",
		Permission: "Administration: write", Scope: "repo"})
)

// Ruleset is a repository ruleset as GitHub answers it. A list answers
// summaries: no bypass actors, conditions or rules. BypassActors is nil when
// GitHub does not show them to the caller (only admins see them).
// Conditions is nil when the ruleset has none.
type Ruleset struct {
	ID           int64                `json:"id"`
	Name         string               `json:"name"`
	Target       string               `json:"target"`
	SourceType   string               `json:"source_type"`
	Source       string               `json:"source"`
	Enforcement  string               `json:"enforcement"`
	NodeID       string               `json:"node_id"`
	BypassActors []RulesetBypassActor `json:"bypass_actors"`
	Conditions   *RulesetConditions   `json:"conditions"`
	Rules        []RulesetRule        `json:"rules"`
	// CurrentUserCanBypass is how the caller may bypass the ruleset:
	// always, pull_requests_only, exempt or never.
	CurrentUserCanBypass string       `json:"current_user_can_bypass"`
	Links                RulesetLinks `json:"_links"`
	// CreatedAt and UpdatedAt carry milliseconds and the caller's UTC
	// offset; they are parsed, never compared as strings.
	CreatedAt *time.Time `json:"created_at"`
	UpdatedAt *time.Time `json:"updated_at"`
}

// RulesetLinks are the addresses of a ruleset.
type RulesetLinks struct {
	Self Href `json:"self"`
	HTML Href `json:"html"`
}

// Href is one link of GitHub's _links objects.
type Href struct {
	Href string `json:"href"`
}

// RulesetBypassActor is an actor that may bypass a ruleset. ActorID is nil
// for OrganizationAdmin and DeployKey, which GitHub answers with null.
type RulesetBypassActor struct {
	ActorID    *int64 `json:"actor_id"`
	ActorType  string `json:"actor_type"`
	BypassMode string `json:"bypass_mode,omitempty"`
}

// RulesetConditions are the refs a branch or tag ruleset applies to and,
// for an organization's ruleset, the repositories it covers: one of
// RepositoryName, RepositoryID and RepositoryProperty.
type RulesetConditions struct {
	RefName            *RulesetRefName            `json:"ref_name,omitempty"`
	RepositoryName     *RulesetRepositoryName     `json:"repository_name,omitempty"`
	RepositoryID       *RulesetRepositoryID       `json:"repository_id,omitempty"`
	RepositoryProperty *RulesetRepositoryProperty `json:"repository_property,omitempty"`
}

// RulesetRepositoryName is the repository_name condition: a repository is
// covered when an include pattern matches its name and no exclude pattern
// does; Protected keeps covered repositories from being renamed.
type RulesetRepositoryName struct {
	Include   []string `json:"include"`
	Exclude   []string `json:"exclude"`
	Protected bool     `json:"protected"`
}

// RulesetRepositoryID is the repository_id condition: the repositories of
// these ids are covered.
type RulesetRepositoryID struct {
	RepositoryIDs []int64 `json:"repository_ids"`
}

// RulesetRepositoryProperty is the repository_property condition: a
// repository is covered when it matches every include target and no
// exclude target.
type RulesetRepositoryProperty struct {
	Include []RulesetPropertyTarget `json:"include"`
	Exclude []RulesetPropertyTarget `json:"exclude"`
}

// RulesetPropertyTarget is a property and the values that match it.
// Source is custom or system; GitHub takes custom when it is left out.
type RulesetPropertyTarget struct {
	Name           string   `json:"name"`
	PropertyValues []string `json:"property_values"`
	Source         string   `json:"source,omitempty"`
}

// RulesetRefName is the ref_name condition: a ref is covered when an
// include pattern matches it and no exclude pattern does.
type RulesetRefName struct {
	Include []string `json:"include"`
	Exclude []string `json:"exclude"`
}

// RulesetRule is one rule of a ruleset: its type and its parameters, kept as
// GitHub sent them so that parameters the provider does not know survive a
// replace. Parameters is empty for the rules that have none.
type RulesetRule struct {
	Type       string          `json:"type"`
	Parameters json.RawMessage `json:"parameters,omitempty"`
}

// RulesetRequest is the body of a ruleset create or replace. Every field is
// sent, so that what the request leaves empty is cleared: GitHub's update
// changes only the fields a request has.
type RulesetRequest struct {
	Name         string               `json:"name"`
	Target       string               `json:"target"`
	Enforcement  string               `json:"enforcement"`
	BypassActors []RulesetBypassActor `json:"bypass_actors"`
	// Conditions are left out for a push ruleset, which has none; a
	// branch or tag ruleset clears them with empty lists (GitHub takes no
	// null).
	Conditions *RulesetConditions `json:"conditions,omitempty"`
	Rules      []RulesetRule      `json:"rules"`
}

// RulesetsAPI reads and changes a repository's rulesets.
type RulesetsAPI interface {
	ListRulesets(ctx context.Context, owner, repo string) ([]Ruleset, error)
	GetRuleset(ctx context.Context, owner, repo string, id int64) (*Ruleset, error)
	CreateRuleset(ctx context.Context, owner, repo string, r *RulesetRequest) (*Ruleset, error)
	UpdateRuleset(ctx context.Context, owner, repo string, id int64, r *RulesetRequest) (*Ruleset, error)
	DeleteRuleset(ctx context.Context, owner, repo string, id int64) error
}

// RulesetsClient implements RulesetsAPI with a go-github client.
type RulesetsClient struct{ requester }

var _ RulesetsAPI = (*RulesetsClient)(nil)

// NewRulesetsClient returns the repository rulesets API of gh.
func NewRulesetsClient(gh *github.Client) *RulesetsClient {
	return &RulesetsClient{requester{gh: gh}}
}

// ListRulesets lists, every page of it, the repository's own rulesets (not
// those it inherits from its organization), as summaries.
func (c *RulesetsClient) ListRulesets(ctx context.Context, owner, repo string) ([]Ruleset, error) {
	q := url.Values{"includes_parents": {"false"}}
	return listAll[Ruleset](ctx, c.requester, routeListRulesets, routeListRulesets.path(owner, repo), q)
}

// GetRuleset reads one of the repository's own rulesets, with its bypass
// actors (for an admin), conditions and rules. An unknown id is a 404, as
// is a repository the credentials cannot see, and the id of a ruleset the
// repository inherits from its organization: it is not the repository's
// to change.
func (c *RulesetsClient) GetRuleset(ctx context.Context, owner, repo string, id int64) (*Ruleset, error) {
	out := &Ruleset{}
	err := c.do(ctx, routeGetRuleset, routeGetRuleset.path(owner, repo, strconv.FormatInt(id, 10))+"?includes_parents=false", nil, out)
	return out, err
}

// CreateRuleset creates a ruleset; GitHub assigns its id. A name the
// repository already has (compared without regard to case) is a 422 "Name
// must be unique".
func (c *RulesetsClient) CreateRuleset(ctx context.Context, owner, repo string, r *RulesetRequest) (*Ruleset, error) {
	out := &Ruleset{}
	err := c.do(ctx, routeCreateRuleset, routeCreateRuleset.path(owner, repo), r.sendable(), out)
	return out, err
}

// UpdateRuleset replaces the ruleset's fields with r's.
func (c *RulesetsClient) UpdateRuleset(ctx context.Context, owner, repo string, id int64, r *RulesetRequest) (*Ruleset, error) {
	out := &Ruleset{}
	err := c.do(ctx, routeUpdateRuleset, routeUpdateRuleset.path(owner, repo, strconv.FormatInt(id, 10)), r.sendable(), out)
	return out, err
}

// DeleteRuleset deletes the ruleset.
func (c *RulesetsClient) DeleteRuleset(ctx context.Context, owner, repo string, id int64) error {
	return c.do(ctx, routeDeleteRuleset, routeDeleteRuleset.path(owner, repo, strconv.FormatInt(id, 10)), nil, nil)
}

// sendable is r with empty lists sent as [] rather than null, which GitHub
// would not take for a list.
func (r *RulesetRequest) sendable() *RulesetRequest {
	out := *r
	if out.BypassActors == nil {
		out.BypassActors = []RulesetBypassActor{}
	}
	if out.Rules == nil {
		out.Rules = []RulesetRule{}
	}
	if c := out.Conditions; c != nil {
		sc := *c
		if c.RefName != nil {
			sc.RefName = &RulesetRefName{Include: emptyIfNil(c.RefName.Include), Exclude: emptyIfNil(c.RefName.Exclude)}
		}
		if n := c.RepositoryName; n != nil {
			sc.RepositoryName = &RulesetRepositoryName{Include: emptyIfNil(n.Include), Exclude: emptyIfNil(n.Exclude), Protected: n.Protected}
		}
		if id := c.RepositoryID; id != nil && id.RepositoryIDs == nil {
			sc.RepositoryID = &RulesetRepositoryID{RepositoryIDs: []int64{}}
		}
		if p := c.RepositoryProperty; p != nil {
			sc.RepositoryProperty = &RulesetRepositoryProperty{Include: emptyIfNil(p.Include), Exclude: emptyIfNil(p.Exclude)}
		}
		out.Conditions = &sc
	}
	return &out
}

// emptyIfNil is l, or an empty list (sent as []) when l is nil.
func emptyIfNil[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}
