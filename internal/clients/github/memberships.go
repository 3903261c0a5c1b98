package github

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/google/go-github/v37/github"
)

// An organization's memberships (https://docs.github.com/rest/orgs/members):
// a user's membership, active or pending (invited), its members by role
// and its failed invitations. They need Members: read / write on the
// organization (classic tokens: admin:org), and an owner's credentials for
// the writes. Reads are conditional: a 304 is free, so an idle Membership
// costs nothing. The lists are read only when a decision needs them (the
// last owner; why an invitation is gone) and by the importer.
var (
	routeGetMembership = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/memberships/{username}",
		Permission: "Members: read", Scope: "read:org", Cache: CacheConditional})
	routeSetMembership = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/memberships/{username}",
		Permission: "Members: write", Scope: "admin:org"})
	routeRemoveMembership = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/memberships/{username}",
		Permission: "Members: write", Scope: "admin:org"})
	routeListMembers = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/members",
		Permission: "Members: read", Scope: "read:org", Cache: CacheConditional})
	routeListFailedInvitations = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/failed_invitations",
		Permission: "Members: read", Scope: "admin:org", Cache: CacheConditional})
)

// Membership states.
const (
	MembershipActive  = "active"
	MembershipPending = "pending"
)

// Membership is a user's membership of an organization, as GitHub answers
// it.
type Membership struct {
	// State is active, or pending while the user has not accepted the
	// invitation.
	State string `json:"state"`
	// Role is admin (an owner), member or billing_manager.
	Role string  `json:"role"`
	User Account `json:"user"`
}

// FailedInvitation is an organization invitation that expired or was
// declined.
type FailedInvitation struct {
	ID           int64      `json:"id"`
	Login        *string    `json:"login"`
	Role         string     `json:"role"`
	CreatedAt    *time.Time `json:"created_at"`
	FailedAt     *time.Time `json:"failed_at"`
	FailedReason *string    `json:"failed_reason"`
}

// membershipRequest is the body of a membership PUT.
type membershipRequest struct {
	Role string `json:"role"`
}

// MembershipsAPI reads and changes an organization's memberships.
type MembershipsAPI interface {
	// GetMembership reads the user's membership: active or pending; 404
	// when the user is neither a member nor invited (or GitHub knows no
	// such user).
	GetMembership(ctx context.Context, org, user string) (*Membership, error)
	// SetMembership gives a member the role, or invites a user who is not
	// one (the answer is then pending).
	SetMembership(ctx context.Context, org, user, role string) (*Membership, error)
	// RemoveMembership removes the member from the organization, or
	// cancels the invitation.
	RemoveMembership(ctx context.Context, org, user string) error
	// ListMembers lists the organization's members with role (admin or
	// member; "" for all), every page of it.
	ListMembers(ctx context.Context, org, role string) ([]Account, error)
	// ListFailedInvitations lists the invitations that expired or were
	// declined, every page of it.
	ListFailedInvitations(ctx context.Context, org string) ([]FailedInvitation, error)
}

// MembershipsClient implements MembershipsAPI with a go-github client.
type MembershipsClient struct{ requester }

var _ MembershipsAPI = (*MembershipsClient)(nil)

// NewMembershipsClient returns the memberships API of gh.
func NewMembershipsClient(gh *github.Client) *MembershipsClient {
	return &MembershipsClient{requester{gh: gh}}
}

// GetMembership reads the user's membership.
func (c *MembershipsClient) GetMembership(ctx context.Context, org, user string) (*Membership, error) {
	out := &Membership{}
	return out, c.do(ctx, routeGetMembership, routeGetMembership.path(org, user), nil, out)
}

// SetMembership sets the user's role, inviting a user who is no member.
func (c *MembershipsClient) SetMembership(ctx context.Context, org, user, role string) (*Membership, error) {
	out := &Membership{}
	return out, c.do(ctx, routeSetMembership, routeSetMembership.path(org, user), &membershipRequest{Role: role}, out)
}

// RemoveMembership removes the user from the organization.
func (c *MembershipsClient) RemoveMembership(ctx context.Context, org, user string) error {
	return c.do(ctx, routeRemoveMembership, routeRemoveMembership.path(org, user), nil, nil)
}

// ListMembers lists the organization's members with role.
func (c *MembershipsClient) ListMembers(ctx context.Context, org, role string) ([]Account, error) {
	q := url.Values{}
	if role != "" {
		q.Set("role", role)
	}
	return listAll[Account](ctx, c.requester, routeListMembers, routeListMembers.path(org), q)
}

// ListFailedInvitations lists the organization's failed invitations.
func (c *MembershipsClient) ListFailedInvitations(ctx context.Context, org string) ([]FailedInvitation, error) {
	return listAll[FailedInvitation](ctx, c.requester, routeListFailedInvitations, routeListFailedInvitations.path(org), url.Values{})
}
