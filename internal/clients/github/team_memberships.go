package github

import (
	"context"
	"net/http"
	"net/url"

	"github.com/google/go-github/v37/github"
)

// A team's memberships (https://docs.github.com/rest/teams/members): a
// user's membership of a team, active or pending (the user is invited to
// the organization and joins the team on accepting), and the team's
// members by role. They need Members: read / write on the organization
// (classic tokens: read:org / admin:org); inviting a user who is not in
// the organization takes an owner's credentials. Reads are conditional: a
// 304 is free, so an idle TeamMembership costs nothing.
var (
	routeGetTeamMembership = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/teams/{team_slug}/memberships/{username}",
		Permission: "Members: read", Scope: "read:org", Cache: CacheConditional})
	routeSetTeamMembership = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/teams/{team_slug}/memberships/{username}",
		Permission: "Members: write", Scope: "admin:org"})
	routeRemoveTeamMembership = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/teams/{team_slug}/memberships/{username}",
		Permission: "Members: write", Scope: "admin:org"})
	routeListTeamMembers = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/teams/{team_slug}/members",
		Permission: "Members: read", Scope: "read:org", Cache: CacheConditional})
)

// TeamMembership is a user's membership of a team, as GitHub answers it.
type TeamMembership struct {
	// State is active, or pending while the user has not accepted the
	// invitation to the organization.
	State string `json:"state"`
	// Role is member or maintainer.
	Role string `json:"role"`
}

// teamMembershipRequest is the body of a team membership PUT.
type teamMembershipRequest struct {
	Role string `json:"role"`
}

// TeamMembershipsAPI reads and changes a team's memberships, the team
// named by its organization and slug.
type TeamMembershipsAPI interface {
	// GetTeamMembership reads the user's membership of the team; 404 when
	// the user is not in the team nor invited with it (or the team or the
	// user does not exist).
	GetTeamMembership(ctx context.Context, org, teamSlug, user string) (*TeamMembership, error)
	// SetTeamMembership adds the user to the team with role, or changes
	// the role; a user who is not in the organization is invited to it
	// (the answer is then pending).
	SetTeamMembership(ctx context.Context, org, teamSlug, user, role string) (*TeamMembership, error)
	// RemoveTeamMembership takes the user out of the team.
	RemoveTeamMembership(ctx context.Context, org, teamSlug, user string) error
}

// TeamMembershipsClient implements TeamMembershipsAPI with a go-github
// client.
type TeamMembershipsClient struct{ requester }

var _ TeamMembershipsAPI = (*TeamMembershipsClient)(nil)

// NewTeamMembershipsClient returns the team memberships API of gh.
func NewTeamMembershipsClient(gh *github.Client) *TeamMembershipsClient {
	return &TeamMembershipsClient{requester{gh: gh}}
}

// GetTeamMembership reads the user's membership of the team.
func (c *TeamMembershipsClient) GetTeamMembership(ctx context.Context, org, teamSlug, user string) (*TeamMembership, error) {
	out := &TeamMembership{}
	return out, c.do(ctx, routeGetTeamMembership, routeGetTeamMembership.path(org, teamSlug, user), nil, out)
}

// SetTeamMembership adds the user to the team with role.
func (c *TeamMembershipsClient) SetTeamMembership(ctx context.Context, org, teamSlug, user, role string) (*TeamMembership, error) {
	out := &TeamMembership{}
	return out, c.do(ctx, routeSetTeamMembership, routeSetTeamMembership.path(org, teamSlug, user), &teamMembershipRequest{Role: role}, out)
}

// RemoveTeamMembership takes the user out of the team.
func (c *TeamMembershipsClient) RemoveTeamMembership(ctx context.Context, org, teamSlug, user string) error {
	return c.do(ctx, routeRemoveTeamMembership, routeRemoveTeamMembership.path(org, teamSlug, user), nil, nil)
}

// ListTeamMembers lists the team's members with role (member or
// maintainer; "" for both), every page of it. It is not part of
// TeamMembershipsAPI: the importer reads it, the controller does not.
func (c *TeamMembershipsClient) ListTeamMembers(ctx context.Context, org, teamSlug, role string) ([]Account, error) {
	q := url.Values{}
	if role != "" {
		q.Set("role", role)
	}
	return listAll[Account](ctx, c.requester, routeListTeamMembers, routeListTeamMembers.path(org, teamSlug), q)
}
