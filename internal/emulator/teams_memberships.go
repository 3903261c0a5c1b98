package emulator

import (
	"fmt"
	"net/http"
	"strings"
)

func init() { registerKind("team-memberships", (*Server).teamMembershipRoutes) }

// teamMembershipRoutes declares a team's members: a user who is no member
// of the organization is invited to it, and joins the team on accepting.
func (s *Server) teamMembershipRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/teams/members"
	t.add("GET", "/orgs/{org}/teams/{team_slug}/members", authRequired, doc+"#list-team-members", s.listTeamMembers)
	t.add("GET", "/orgs/{org}/teams/{team_slug}/memberships/{username}", authRequired, doc+"#get-team-membership-for-a-user", s.getTeamMembership)
	t.add("PUT", "/orgs/{org}/teams/{team_slug}/memberships/{username}", authRequired, doc+"#add-or-update-team-membership-for-a-user", s.setTeamMembership)
	t.add("DELETE", "/orgs/{org}/teams/{team_slug}/memberships/{username}", authRequired, doc+"#remove-team-membership-for-a-user", s.removeTeamMembership)
}

// teamMembershipJSON is GitHub's team-membership object.
type teamMembershipJSON struct {
	URL   string `json:"url"`
	Role  string `json:"role"`
	State string `json:"state"`
}

func (c *reqCtx) renderTeamMembership(org *Account, t *Team, user *Account, role, state string) *teamMembershipJSON {
	return &teamMembershipJSON{
		URL:  fmt.Sprintf("%s/organizations/%d/team/%d/memberships/%s", c.apiBase, org.ID, t.ID, user.Login),
		Role: role, State: state,
	}
}

// listTeamMembers lists the team's members, filtered by role (member,
// maintainer or all), ordered by login.
func (s *Server) listTeamMembers(c *reqCtx) {
	role := c.r.URL.Query().Get("role")
	switch role {
	case "", "all":
		role = ""
	case TeamRoleMember, TeamRoleMaintainer:
	default:
		c.invalid("Validation Failed", fieldError{Resource: "Search", Code: "invalid", Field: "role"})
		return
	}
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	_, t := c.visibleTeam(w)
	if t == nil {
		return
	}
	var members []*Account
	for login, r := range t.Members {
		if a := w.account(login); a != nil && (role == "" || r == role) {
			members = append(members, a)
		}
	}
	sortAccounts(members)
	start, end := c.paginate(len(members))
	items := make([]simpleUser, 0, end-start)
	for _, a := range members[start:end] {
		items = append(items, c.simpleUser(a))
	}
	c.json(http.StatusOK, items)
}

// getTeamMembership answers the user's membership of the team: active,
// pending while the user is invited to the organization with the team,
// 404 otherwise.
func (s *Server) getTeamMembership(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	org, t := c.visibleTeam(w)
	if t == nil {
		return
	}
	u := c.invitee(w)
	if u == nil {
		return
	}
	if role, ok := t.Members[strings.ToLower(u.Login)]; ok {
		c.json(http.StatusOK, c.renderTeamMembership(org, t, u, role, stateActive))
		return
	}
	if inv := pendingInvitation(org, u.Login); inv != nil && inv.Teams[t.ID] != "" {
		c.json(http.StatusOK, c.renderTeamMembership(org, t, u, inv.Teams[t.ID], statePending))
		return
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
}

// setTeamMembership adds a member of the organization to the team, or
// changes their role; a user who is no member is invited to the
// organization (by an owner only) and joins the team on accepting.
func (s *Server) setTeamMembership(c *reqCtx) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	role := f.str("role")
	if f.failed {
		return
	}
	want := TeamRoleMember
	if role != nil {
		want = *role
	}
	if want != TeamRoleMember && want != TeamRoleMaintainer {
		c.invalid("Validation Failed", fieldError{Resource: "TeamMember", Code: "invalid", Field: "role"})
		return
	}
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	org, t := c.managedTeam(w)
	if t == nil {
		return
	}
	u := c.invitee(w)
	if u == nil {
		return
	}
	if u.IsOrg() {
		c.invalid("Validation Failed", fieldError{Resource: "TeamMember", Code: "org", Field: "user", Message: "Cannot add an organization as a member."})
		return
	}
	login := strings.ToLower(u.Login)
	if _, member := org.Members[login]; member {
		t.Members[login] = want
		c.json(http.StatusOK, c.renderTeamMembership(org, t, u, want, stateActive))
		return
	}
	if c.principal.installation == nil && org.Members[strings.ToLower(c.principal.user.Login)] != RoleAdmin {
		c.fail(http.StatusForbidden, "You must be an organization owner to invite a user to the organization.", c.doc)
		return
	}
	inv := w.invite(org, u, inviteRoleMember, c.principal.login(), s.now())
	inv.Teams[t.ID] = want
	c.json(http.StatusOK, c.renderTeamMembership(org, t, u, want, statePending))
}

// removeTeamMembership takes the user out of the team, or the team out of
// the user's pending invitation; the user stays in the organization.
func (s *Server) removeTeamMembership(c *reqCtx) {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	org, t := c.managedTeam(w)
	if t == nil {
		return
	}
	u := c.invitee(w)
	if u == nil {
		return
	}
	login := strings.ToLower(u.Login)
	if _, ok := t.Members[login]; ok {
		delete(t.Members, login)
		c.noContent()
		return
	}
	if inv := pendingInvitation(org, u.Login); inv != nil && inv.Teams[t.ID] != "" {
		delete(inv.Teams, t.ID)
		c.noContent()
		return
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
}
