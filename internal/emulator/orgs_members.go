package emulator

import (
	"fmt"
	"net/http"
	"strings"
)

func init() { registerKind("org-memberships", (*Server).orgMembershipRoutes) }

// orgMembershipRoutes declares an organization's members, their
// memberships and the invitations to join it.
func (s *Server) orgMembershipRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/orgs/members"
	read := orgOp{auth: authRequired, need: accessRead, perm: "members", doc: doc + "#get-organization-membership-for-a-user"}
	owner := func(anchor string, write bool) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, perm: "members", write: write, doc: doc + anchor,
			refused: "You must be an admin to perform this action."}
	}
	t.org("GET", "/memberships/{username}", read, s.getOrgMembership)
	t.org("PUT", "/memberships/{username}", owner("#set-organization-membership-for-a-user", true), s.setOrgMembership)
	t.org("DELETE", "/memberships/{username}", owner("#remove-organization-membership-for-a-user", true), s.removeOrgMembership)
	t.add("GET", "/orgs/{org}/members", authOptional, doc+"#list-organization-members", s.listOrgMembers)
	t.org("GET", "/invitations", owner("#list-pending-organization-invitations", false), s.listOrgInvitations)
	t.org("GET", "/failed_invitations", owner("#list-failed-organization-invitations", false), s.listFailedOrgInvitations)
}

// orgSimpleJSON is GitHub's organization-simple object.
type orgSimpleJSON struct {
	Login            string  `json:"login"`
	ID               int64   `json:"id"`
	NodeID           string  `json:"node_id"`
	URL              string  `json:"url"`
	ReposURL         string  `json:"repos_url"`
	EventsURL        string  `json:"events_url"`
	HooksURL         string  `json:"hooks_url"`
	IssuesURL        string  `json:"issues_url"`
	MembersURL       string  `json:"members_url"`
	PublicMembersURL string  `json:"public_members_url"`
	AvatarURL        string  `json:"avatar_url"`
	Description      *string `json:"description"`
}

func (c *reqCtx) renderOrgSimple(org *Account) orgSimpleJSON {
	u := c.apiBase + "/orgs/" + org.Login
	return orgSimpleJSON{
		Login: org.Login, ID: org.ID, NodeID: nodeID("O", org.ID), URL: u,
		ReposURL: u + "/repos", EventsURL: u + "/events", HooksURL: u + "/hooks", IssuesURL: u + "/issues",
		MembersURL: u + "/members{/member}", PublicMembersURL: u + "/public_members{/member}",
		AvatarURL: c.simpleUser(org).AvatarURL, Description: nonEmpty(org.Description),
	}
}

// orgMembershipJSON is GitHub's org-membership object.
type orgMembershipJSON struct {
	URL             string        `json:"url"`
	State           string        `json:"state"`
	Role            string        `json:"role"`
	OrganizationURL string        `json:"organization_url"`
	Organization    orgSimpleJSON `json:"organization"`
	User            simpleUser    `json:"user"`
}

// Membership states.
const (
	stateActive  = "active"
	statePending = "pending"
)

func (c *reqCtx) renderOrgMembership(org, user *Account, state, role string) *orgMembershipJSON {
	return &orgMembershipJSON{
		URL:   c.apiBase + "/orgs/" + org.Login + "/memberships/" + user.Login,
		State: state, Role: role,
		OrganizationURL: c.apiBase + "/orgs/" + org.Login,
		Organization:    c.renderOrgSimple(org),
		User:            c.simpleUser(user),
	}
}

// membershipRole is the org-membership role of an invitation's role.
func membershipRole(inviteRole string) string {
	if inviteRole == inviteRoleAdmin {
		return RoleAdmin
	}
	return RoleMember
}

// invitee finds the user of the path: 404 for a login GitHub does not
// know, as GitHub answers.
func (c *reqCtx) invitee(w *world) *Account {
	u := w.account(c.params["username"])
	if u == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return nil
	}
	return u
}

// getOrgMembership answers the user's membership: active with its role,
// pending while invited, 404 otherwise.
func (s *Server) getOrgMembership(c *reqCtx, w *world, org *Account) {
	u := c.invitee(w)
	if u == nil {
		return
	}
	if role, ok := org.Members[strings.ToLower(u.Login)]; ok {
		c.json(http.StatusOK, c.renderOrgMembership(org, u, stateActive, role))
		return
	}
	if inv := pendingInvitation(org, u.Login); inv != nil {
		c.json(http.StatusOK, c.renderOrgMembership(org, u, statePending, membershipRole(inv.Role)))
		return
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
}

// setOrgMembership gives a member the role, or invites a user who is none
// (or changes the role a pending invitation offers). The last owner is
// not demoted.
func (s *Server) setOrgMembership(c *reqCtx, w *world, org *Account) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	role := f.str("role")
	if f.failed {
		return
	}
	want := RoleMember
	if role != nil {
		want = *role
	}
	if want != RoleAdmin && want != RoleMember {
		c.invalid("Validation Failed", fieldError{Resource: "Membership", Code: "invalid", Field: "role"})
		return
	}
	u := c.invitee(w)
	if u == nil {
		return
	}
	if u.IsOrg() {
		c.invalid("Validation Failed", fieldError{Resource: "Membership", Code: "invalid", Field: "user", Message: u.Login + " is an organization"})
		return
	}
	login := strings.ToLower(u.Login)
	if cur, member := org.Members[login]; member {
		if cur == RoleAdmin && want != RoleAdmin && admins(org) == 1 {
			c.fail(http.StatusForbidden, "You cannot demote the last owner of an organization.", c.doc)
			return
		}
		org.Members[login] = want
		c.json(http.StatusOK, c.renderOrgMembership(org, u, stateActive, want))
		return
	}
	inviteRole := inviteRoleMember
	if want == RoleAdmin {
		inviteRole = inviteRoleAdmin
	}
	inv := w.invite(org, u, inviteRole, c.principal.login(), s.now())
	inv.Role = inviteRole
	c.json(http.StatusOK, c.renderOrgMembership(org, u, statePending, want))
}

// removeOrgMembership removes a member from the organization and its
// teams, or cancels a pending invitation. The last owner stays.
func (s *Server) removeOrgMembership(c *reqCtx, w *world, org *Account) {
	u := c.invitee(w)
	if u == nil {
		return
	}
	login := strings.ToLower(u.Login)
	if role, member := org.Members[login]; member {
		if role == RoleAdmin && admins(org) == 1 {
			c.fail(http.StatusForbidden, "You cannot remove the last owner of an organization.", c.doc)
			return
		}
		w.removeMember(org, login)
		c.noContent()
		return
	}
	if inv := pendingInvitation(org, u.Login); inv != nil {
		dropOrgInvitation(org, inv, "", s.now())
		c.noContent()
		return
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
}

// listOrgMembers lists the organization's members, filtered by role, to
// its members; anyone else sees none (the emulator has no public
// members). No one lacks two-factor authentication.
func (s *Server) listOrgMembers(c *reqCtx) {
	q := c.r.URL.Query()
	role, filter := q.Get("role"), q.Get("filter")
	switch role {
	case "", "all":
		role = ""
	case RoleAdmin, RoleMember:
	default:
		c.invalid("Validation Failed", fieldError{Resource: "Search", Code: "invalid", Field: "role"})
		return
	}
	switch filter {
	case "", "all", "2fa_disabled", "2fa_insecure":
	default:
		c.invalid("Validation Failed", fieldError{Resource: "Search", Code: "invalid", Field: "filter"})
		return
	}
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	org := w.account(c.params["org"])
	if org == nil || !org.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	var members []*Account
	if w.isMember(c.principal, org) && (filter == "" || filter == "all") {
		members = w.membersOf(org, role)
	}
	start, end := c.paginate(len(members))
	items := make([]simpleUser, 0, end-start)
	for _, a := range members[start:end] {
		items = append(items, c.simpleUser(a))
	}
	c.json(http.StatusOK, items)
}

// orgInvitationJSON is GitHub's organization-invitation object.
type orgInvitationJSON struct {
	ID                 int64      `json:"id"`
	Login              *string    `json:"login"`
	Email              *string    `json:"email"`
	Role               string     `json:"role"`
	CreatedAt          string     `json:"created_at"`
	FailedAt           *string    `json:"failed_at,omitempty"`
	FailedReason       *string    `json:"failed_reason,omitempty"`
	Inviter            simpleUser `json:"inviter"`
	TeamCount          int        `json:"team_count"`
	NodeID             string     `json:"node_id"`
	InvitationTeamsURL string     `json:"invitation_teams_url"`
	InvitationSource   string     `json:"invitation_source"`
}

func (c *reqCtx) renderOrgInvitation(w *world, org *Account, inv *orgInvitation) orgInvitationJSON {
	inviter := w.account(inv.Inviter)
	if inviter == nil {
		inviter = org
	}
	j := orgInvitationJSON{
		ID: inv.ID, Login: ptr(inv.Login), Role: inv.Role, CreatedAt: ts(inv.CreatedAt),
		Inviter: c.simpleUser(inviter), TeamCount: len(inv.Teams), NodeID: nodeID("OI", inv.ID),
		InvitationTeamsURL: fmt.Sprintf("%s/organizations/%d/invitations/%d/teams", c.apiBase, org.ID, inv.ID),
		InvitationSource:   "member",
	}
	if inv.FailedReason != "" {
		j.FailedAt, j.FailedReason = ptr(ts(inv.FailedAt)), ptr(inv.FailedReason)
	}
	return j
}

func (c *reqCtx) listInvitations(w *world, org *Account, invs []*orgInvitation) {
	start, end := c.paginate(len(invs))
	items := make([]orgInvitationJSON, 0, end-start)
	for _, inv := range invs[start:end] {
		items = append(items, c.renderOrgInvitation(w, org, inv))
	}
	c.json(http.StatusOK, items)
}

// listOrgInvitations lists the pending invitations, oldest first.
func (s *Server) listOrgInvitations(c *reqCtx, w *world, org *Account) {
	var invs []*orgInvitation
	if p := orgInvitationsOf.peek(org); p != nil {
		invs = p.pending
	}
	c.listInvitations(w, org, invs)
}

// listFailedOrgInvitations lists the invitations that expired or were
// declined, oldest first.
func (s *Server) listFailedOrgInvitations(c *reqCtx, w *world, org *Account) {
	var invs []*orgInvitation
	if p := orgInvitationsOf.peek(org); p != nil {
		invs = p.failed
	}
	c.listInvitations(w, org, invs)
}
