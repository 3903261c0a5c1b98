package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// Which of an organization's repositories it enforces immutable releases
// on. The list of selected repositories is SelectedRepositoriesAPI's
// (Shared{ImmutableReleases: true}).
var (
	routeGetImmutableReleasesPolicy = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/settings/immutable-releases",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeSetImmutableReleasesPolicy = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/settings/immutable-releases",
		Permission: "Administration: write", Scope: "admin:org"})
	routeListImmutableReleasesRepos = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/settings/immutable-releases/repositories",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
)

// ImmutableReleasesPolicy is which of an organization's repositories it
// enforces immutable releases on: all, none, or selected, and with
// selected, as a write sends it, the ids of all of them.
type ImmutableReleasesPolicy struct {
	EnforcedRepositories  string   `json:"enforced_repositories"`
	SelectedRepositoryIDs *[]int64 `json:"selected_repository_ids,omitempty"`
}

// ImmutableReleasesPolicyAPI reads and sets an organization's enforcement
// of immutable releases.
type ImmutableReleasesPolicyAPI interface {
	ImmutableReleasesPolicy(ctx context.Context, org string) (string, error)
	SetImmutableReleasesPolicy(ctx context.Context, org string, p ImmutableReleasesPolicy) error
}

// ImmutableReleasesPolicyClient implements ImmutableReleasesPolicyAPI.
type ImmutableReleasesPolicyClient struct{ requester }

var _ ImmutableReleasesPolicyAPI = (*ImmutableReleasesPolicyClient)(nil)

// NewImmutableReleasesPolicyClient returns the immutable releases policy
// API of gh.
func NewImmutableReleasesPolicyClient(gh *github.Client) *ImmutableReleasesPolicyClient {
	return &ImmutableReleasesPolicyClient{requester{gh: gh}}
}

// ImmutableReleasesPolicy is the organization's enforced_repositories:
// all, none or selected.
func (c *ImmutableReleasesPolicyClient) ImmutableReleasesPolicy(ctx context.Context, org string) (string, error) {
	var out ImmutableReleasesPolicy
	err := c.do(ctx, routeGetImmutableReleasesPolicy, routeGetImmutableReleasesPolicy.path(org), nil, &out)
	return out.EnforcedRepositories, err
}

// SetImmutableReleasesPolicy sets the organization's enforcement: with
// selected, the repositories too (all of them; an empty list selects none).
func (c *ImmutableReleasesPolicyClient) SetImmutableReleasesPolicy(ctx context.Context, org string, p ImmutableReleasesPolicy) error {
	return c.do(ctx, routeSetImmutableReleasesPolicy, routeSetImmutableReleasesPolicy.path(org), &p, nil)
}
