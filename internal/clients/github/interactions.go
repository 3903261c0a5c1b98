package github

import (
	"context"
	"net/http"
	"time"

	"github.com/google/go-github/v37/github"
)

// The interaction limits of a repository and of an organization
// (https://docs.github.com/rest/interactions): a temporary restriction of
// who may comment, open issues and create pull requests in public
// repositories, which GitHub lifts by itself at its expires_at (at most six
// months after it was set). A GET answers the limit in effect, or {} when
// none is; a repository whose organization has one reads the
// organization's (origin "organization"), and its PUT and DELETE are then
// answered 409. They need Administration (classic tokens: repo, admin:org).
// Reads are conditional: a 304 is free.
var (
	routeGetRepositoryInteractionLimit = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/interaction-limits",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutRepositoryInteractionLimit = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/interaction-limits",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteRepositoryInteractionLimit = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/interaction-limits",
		Permission: "Administration: write", Scope: "repo"})
	routeGetOrganizationInteractionLimit = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/interaction-limits",
		Permission: "Administration (organization): read", Scope: "admin:org", Cache: CacheConditional})
	routePutOrganizationInteractionLimit = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/interaction-limits",
		Permission: "Administration (organization): write", Scope: "admin:org"})
	routeDeleteOrganizationInteractionLimit = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/interaction-limits",
		Permission: "Administration (organization): write", Scope: "admin:org"})
)

// The pull request creation cap of a repository and of an organization
// (how many open pull requests one user may have at a time), and the
// users a repository's cap does not apply to. Caps are read with GET and
// changed with PATCH (enabled required), answered with the cap; the
// bypass list is read whole, and users are added with PUT and removed
// with DELETE, 100 at most a request.
var (
	routeGetRepositoryPullCap = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/interaction-limits/pulls/creation-cap",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePatchRepositoryPullCap = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/interaction-limits/pulls/creation-cap",
		Permission: "Administration: write", Scope: "repo"})
	routeGetOrganizationPullCap = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/interaction-limits/pulls/creation-cap",
		Permission: "Administration (organization): read", Scope: "admin:org", Cache: CacheConditional})
	routePatchOrganizationPullCap = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}/interaction-limits/pulls/creation-cap",
		Permission: "Administration (organization): write", Scope: "admin:org"})
	routeGetPullCapBypassList = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/interaction-limits/pulls/bypass-list",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeAddPullCapBypassUsers = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/interaction-limits/pulls/bypass-list",
		Permission: "Administration: write", Scope: "repo"})
	routeRemovePullCapBypassUsers = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/interaction-limits/pulls/bypass-list",
		Permission: "Administration: write", Scope: "repo"})
)

// PullCap is a pull request creation cap: whether it is on, and how many
// open pull requests one user may have at a time (1 to 1000).
type PullCap struct {
	Enabled             bool   `json:"enabled"`
	MaxOpenPullRequests *int64 `json:"max_open_pull_requests,omitempty"`
}

// bypassUsers is the body of a change of the bypass list.
type bypassUsers struct {
	Users []string `json:"users"`
}

// Where an interaction limit in effect was set (InteractionLimit.Origin).
const (
	InteractionOriginRepository   = "repository"
	InteractionOriginOrganization = "organization"
)

// InteractionLimit is an interaction limit as GitHub answers it: all its
// fields empty when none is in effect.
type InteractionLimit struct {
	// Limit is who may interact: existing_users, contributors_only or
	// collaborators_only.
	Limit string `json:"limit,omitempty"`
	// Origin is where it was set: repository, organization (or user).
	Origin string `json:"origin,omitempty"`
	// ExpiresAt is when GitHub lifts it.
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
}

// InEffect tells whether l is a limit (GitHub did not answer {}).
func (l *InteractionLimit) InEffect() bool { return l != nil && l.Limit != "" }

// InteractionLimitRequest is the body of a PUT: the limit, and how long it
// lasts (one_day, three_days, one_week, one_month, six_months; GitHub's
// default one_day when left out).
type InteractionLimitRequest struct {
	Limit  string `json:"limit"`
	Expiry string `json:"expiry,omitempty"`
}

// InteractionsAPI reads, sets and removes the interaction limits of
// repositories and organizations.
type InteractionsAPI interface {
	GetRepositoryInteractionLimit(ctx context.Context, owner, repo string) (*InteractionLimit, error)
	PutRepositoryInteractionLimit(ctx context.Context, owner, repo string, r *InteractionLimitRequest) (*InteractionLimit, error)
	DeleteRepositoryInteractionLimit(ctx context.Context, owner, repo string) error
	GetOrganizationInteractionLimit(ctx context.Context, org string) (*InteractionLimit, error)
	PutOrganizationInteractionLimit(ctx context.Context, org string, r *InteractionLimitRequest) (*InteractionLimit, error)
	DeleteOrganizationInteractionLimit(ctx context.Context, org string) error
	GetRepositoryPullCap(ctx context.Context, owner, repo string) (*PullCap, error)
	PatchRepositoryPullCap(ctx context.Context, owner, repo string, c *PullCap) (*PullCap, error)
	GetOrganizationPullCap(ctx context.Context, org string) (*PullCap, error)
	PatchOrganizationPullCap(ctx context.Context, org string, c *PullCap) (*PullCap, error)
	GetPullCapBypassList(ctx context.Context, owner, repo string) ([]string, error)
	AddPullCapBypassUsers(ctx context.Context, owner, repo string, users []string) error
	RemovePullCapBypassUsers(ctx context.Context, owner, repo string, users []string) error
}

// InteractionsClient implements InteractionsAPI with a go-github client.
type InteractionsClient struct{ requester }

var _ InteractionsAPI = (*InteractionsClient)(nil)

// NewInteractionsClient returns the interactions API of gh.
func NewInteractionsClient(gh *github.Client) *InteractionsClient {
	return &InteractionsClient{requester{gh: gh}}
}

// GetRepositoryInteractionLimit reads the limit in effect in a repository,
// its organization's included; empty when none is. 404 when there is no
// such repository, or the credentials may not see it.
func (c *InteractionsClient) GetRepositoryInteractionLimit(ctx context.Context, owner, repo string) (*InteractionLimit, error) {
	out := &InteractionLimit{}
	return out, c.do(ctx, routeGetRepositoryInteractionLimit, routeGetRepositoryInteractionLimit.path(owner, repo), nil, out)
}

// PutRepositoryInteractionLimit sets a repository's limit and answers it;
// 409 while its organization has one.
func (c *InteractionsClient) PutRepositoryInteractionLimit(ctx context.Context, owner, repo string, r *InteractionLimitRequest) (*InteractionLimit, error) {
	out := &InteractionLimit{}
	return out, c.do(ctx, routePutRepositoryInteractionLimit, routePutRepositoryInteractionLimit.path(owner, repo), r, out)
}

// DeleteRepositoryInteractionLimit removes a repository's limit (204 when
// there was none too); 409 while its organization has one.
func (c *InteractionsClient) DeleteRepositoryInteractionLimit(ctx context.Context, owner, repo string) error {
	return c.do(ctx, routeDeleteRepositoryInteractionLimit, routeDeleteRepositoryInteractionLimit.path(owner, repo), nil, nil)
}

// GetOrganizationInteractionLimit reads an organization's limit in effect;
// empty when none is.
func (c *InteractionsClient) GetOrganizationInteractionLimit(ctx context.Context, org string) (*InteractionLimit, error) {
	out := &InteractionLimit{}
	return out, c.do(ctx, routeGetOrganizationInteractionLimit, routeGetOrganizationInteractionLimit.path(org), nil, out)
}

// PutOrganizationInteractionLimit sets an organization's limit, which
// overwrites its repositories' limits, and answers it.
func (c *InteractionsClient) PutOrganizationInteractionLimit(ctx context.Context, org string, r *InteractionLimitRequest) (*InteractionLimit, error) {
	out := &InteractionLimit{}
	return out, c.do(ctx, routePutOrganizationInteractionLimit, routePutOrganizationInteractionLimit.path(org), r, out)
}

// DeleteOrganizationInteractionLimit removes an organization's limit.
func (c *InteractionsClient) DeleteOrganizationInteractionLimit(ctx context.Context, org string) error {
	return c.do(ctx, routeDeleteOrganizationInteractionLimit, routeDeleteOrganizationInteractionLimit.path(org), nil, nil)
}

// GetRepositoryPullCap reads a repository's pull request creation cap.
func (c *InteractionsClient) GetRepositoryPullCap(ctx context.Context, owner, repo string) (*PullCap, error) {
	out := &PullCap{}
	return out, c.do(ctx, routeGetRepositoryPullCap, routeGetRepositoryPullCap.path(owner, repo), nil, out)
}

// PatchRepositoryPullCap changes a repository's cap and answers it.
func (c *InteractionsClient) PatchRepositoryPullCap(ctx context.Context, owner, repo string, p *PullCap) (*PullCap, error) {
	out := &PullCap{}
	return out, c.do(ctx, routePatchRepositoryPullCap, routePatchRepositoryPullCap.path(owner, repo), p, out)
}

// GetOrganizationPullCap reads an organization's pull request creation cap.
func (c *InteractionsClient) GetOrganizationPullCap(ctx context.Context, org string) (*PullCap, error) {
	out := &PullCap{}
	return out, c.do(ctx, routeGetOrganizationPullCap, routeGetOrganizationPullCap.path(org), nil, out)
}

// PatchOrganizationPullCap changes an organization's cap and answers it.
func (c *InteractionsClient) PatchOrganizationPullCap(ctx context.Context, org string, p *PullCap) (*PullCap, error) {
	out := &PullCap{}
	return out, c.do(ctx, routePatchOrganizationPullCap, routePatchOrganizationPullCap.path(org), p, out)
}

// GetPullCapBypassList reads the logins of the users a repository's cap
// does not apply to.
func (c *InteractionsClient) GetPullCapBypassList(ctx context.Context, owner, repo string) ([]string, error) {
	var users []struct {
		Login string `json:"login"`
	}
	if err := c.do(ctx, routeGetPullCapBypassList, routeGetPullCapBypassList.path(owner, repo), nil, &users); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(users))
	for _, u := range users {
		out = append(out, u.Login)
	}
	return out, nil
}

// AddPullCapBypassUsers adds users (at most 100) to a repository's bypass
// list.
func (c *InteractionsClient) AddPullCapBypassUsers(ctx context.Context, owner, repo string, users []string) error {
	return c.do(ctx, routeAddPullCapBypassUsers, routeAddPullCapBypassUsers.path(owner, repo), bypassUsers{Users: users}, nil)
}

// RemovePullCapBypassUsers removes users (at most 100) from a repository's
// bypass list.
func (c *InteractionsClient) RemovePullCapBypassUsers(ctx context.Context, owner, repo string, users []string) error {
	return c.do(ctx, routeRemovePullCapBypassUsers, routeRemovePullCapBypassUsers.path(owner, repo), bypassUsers{Users: users}, nil)
}
