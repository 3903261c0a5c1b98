package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// A repository's private vulnerability reporting and immutable releases:
// switches GitHub keeps at endpoints of their own, turned on with PUT and
// off with DELETE. Reporting reads as JSON (conditionally cached); GitHub
// answers the read of immutable releases with 404 while they are off, so
// only its answer while they are on is cached.
var (
	routeGetPrivateReporting = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/private-vulnerability-reporting",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeEnablePrivateReporting = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/private-vulnerability-reporting",
		Permission: "Administration: write", Scope: "repo"})
	routeDisablePrivateReporting = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/private-vulnerability-reporting",
		Permission: "Administration: write", Scope: "repo"})
	routeGetImmutableReleases = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/immutable-releases",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeEnableImmutableReleases = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/immutable-releases",
		Permission: "Administration: write", Scope: "repo"})
	routeDisableImmutableReleases = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/immutable-releases",
		Permission: "Administration: write", Scope: "repo"})
)

// ImmutableReleases is whether a repository's releases are immutable, and
// whether its owner (the organization) enforces it, so that the repository
// cannot turn it off.
type ImmutableReleases struct {
	Enabled         bool `json:"enabled"`
	EnforcedByOwner bool `json:"enforced_by_owner"`
}

// privateReporting is the read of private vulnerability reporting.
type privateReporting struct {
	Enabled bool `json:"enabled"`
}

// ReleaseSecurityAPI reads and sets a repository's private vulnerability
// reporting and immutable releases.
type ReleaseSecurityAPI interface {
	PrivateVulnerabilityReporting(ctx context.Context, owner, name string) (bool, error)
	SetPrivateVulnerabilityReporting(ctx context.Context, owner, name string, enabled bool) error
	ImmutableReleases(ctx context.Context, owner, name string) (ImmutableReleases, error)
	SetImmutableReleases(ctx context.Context, owner, name string, enabled bool) error
}

// ReleaseSecurityClient implements ReleaseSecurityAPI with a go-github
// client.
type ReleaseSecurityClient struct{ requester }

var _ ReleaseSecurityAPI = (*ReleaseSecurityClient)(nil)

// NewReleaseSecurityClient returns the release security API of gh.
func NewReleaseSecurityClient(gh *github.Client) *ReleaseSecurityClient {
	return &ReleaseSecurityClient{requester{gh: gh}}
}

// PrivateVulnerabilityReporting tells whether anyone may report a
// vulnerability to the repository's maintainers privately.
func (c *ReleaseSecurityClient) PrivateVulnerabilityReporting(ctx context.Context, owner, name string) (bool, error) {
	var out privateReporting
	err := c.do(ctx, routeGetPrivateReporting, routeGetPrivateReporting.path(owner, name), nil, &out)
	return out.Enabled, err
}

// SetPrivateVulnerabilityReporting turns private vulnerability reporting
// on or off. GitHub offers it for public repositories only.
func (c *ReleaseSecurityClient) SetPrivateVulnerabilityReporting(ctx context.Context, owner, name string, enabled bool) error {
	return c.toggle(ctx, enabled, routeEnablePrivateReporting, routeDisablePrivateReporting, owner, name)
}

// ImmutableReleases tells whether the repository's releases are immutable:
// GitHub answers 404 when they are not.
func (c *ReleaseSecurityClient) ImmutableReleases(ctx context.Context, owner, name string) (ImmutableReleases, error) {
	var out ImmutableReleases
	err := c.do(ctx, routeGetImmutableReleases, routeGetImmutableReleases.path(owner, name), nil, &out)
	if IsNotFound(err) {
		return ImmutableReleases{}, nil
	}
	return out, err
}

// SetImmutableReleases turns immutable releases on or off. GitHub refuses
// (409) to turn them off where the organization enforces them.
func (c *ReleaseSecurityClient) SetImmutableReleases(ctx context.Context, owner, name string, enabled bool) error {
	return c.toggle(ctx, enabled, routeEnableImmutableReleases, routeDisableImmutableReleases, owner, name)
}
