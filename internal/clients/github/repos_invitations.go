package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's pending invitations, as its admins see them: reading them
// needs Administration: read (conditionally: a 304 is free), changing or
// withdrawing one Administration: write.
var (
	routeListInvitations = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/invitations",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeUpdateInvitation = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/invitations/{invitation_id}",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteInvitation = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/invitations/{invitation_id}",
		Permission: "Administration: write", Scope: "repo"})
)

// Invitation is GitHub's invitation to become a repository's collaborator.
// Permissions is the role it offers: read, triage, write, maintain or admin
// (GitHub reports a custom role as its base role). Invitee is nil for an
// invitation sent to an email address.
type Invitation struct {
	ID          int64     `json:"id"`
	Invitee     *Account  `json:"invitee"`
	Permissions string    `json:"permissions"`
	CreatedAt   time.Time `json:"created_at"`
	Expired     bool      `json:"expired"`
	HTMLURL     string    `json:"html_url"`
}

// InvitationRequest is the body of an invitation update.
type InvitationRequest struct {
	Permissions string `json:"permissions"`
}

// InvitationsAPI reads, changes and withdraws a repository's invitations.
type InvitationsAPI interface {
	ListInvitations(ctx context.Context, owner, repo string) ([]Invitation, error)
	UpdateInvitation(ctx context.Context, owner, repo string, id int64, permissions string) (*Invitation, error)
	DeleteInvitation(ctx context.Context, owner, repo string, id int64) error
}

// InvitationsClient implements InvitationsAPI with a go-github client.
type InvitationsClient struct{ requester }

var _ InvitationsAPI = (*InvitationsClient)(nil)

// NewInvitationsClient returns the repository invitations API of gh.
func NewInvitationsClient(gh *github.Client) *InvitationsClient {
	return &InvitationsClient{requester{gh: gh}}
}

// ListInvitations lists, every page of it, the repository's invitations
// that were neither accepted nor declined, the expired ones included.
func (c *InvitationsClient) ListInvitations(ctx context.Context, owner, repo string) ([]Invitation, error) {
	return listAll[Invitation](ctx, c.requester, routeListInvitations, routeListInvitations.path(owner, repo), url.Values{})
}

// UpdateInvitation changes the role an invitation offers: read, triage,
// write, maintain or admin.
func (c *InvitationsClient) UpdateInvitation(ctx context.Context, owner, repo string, id int64, permissions string) (*Invitation, error) {
	out := &Invitation{}
	err := c.do(ctx, routeUpdateInvitation, routeUpdateInvitation.path(owner, repo, strconv.FormatInt(id, 10)), &InvitationRequest{Permissions: permissions}, out)
	return out, err
}

// DeleteInvitation withdraws an invitation.
func (c *InvitationsClient) DeleteInvitation(ctx context.Context, owner, repo string, id int64) error {
	return c.do(ctx, routeDeleteInvitation, routeDeleteInvitation.path(owner, repo, strconv.FormatInt(id, 10)), nil, nil)
}
