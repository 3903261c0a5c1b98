package emulator

import (
	"net/http"
	"strconv"
	"strings"
)

func init() { registerKind("org-roles", (*Server).orgRoleRoutes) }

// orgRoleRoutes declares an organization's roles and who holds them: the
// roles every organization has and its custom ones, each given to teams
// and members directly, and the holders of a role (a team's members and
// the teams below it hold the team's roles too). Everything here is the
// owners'.
func (s *Server) orgRoleRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/orgs/organization-roles"
	owner := func(anchor, perm string, write bool) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, perm: perm, write: write, doc: doc + anchor,
			refused: "You must be an admin to perform this action."}
	}
	t.org("GET", "/organization-roles", owner("#get-all-organization-roles-for-an-organization", "organization_custom_org_roles", false), s.listOrgRoles)
	t.org("GET", "/organization-roles/{role_id}", owner("#get-an-organization-role", "organization_custom_org_roles", false), s.getOrgRole)
	t.org("GET", "/organization-roles/{role_id}/teams", owner("#list-teams-that-are-assigned-to-an-organization-role", "members", false), s.listOrgRoleTeams)
	t.org("GET", "/organization-roles/{role_id}/users", owner("#list-users-that-are-assigned-to-an-organization-role", "members", false), s.listOrgRoleUsers)
	t.org("PUT", "/organization-roles/teams/{team_slug}/{role_id}", owner("#assign-an-organization-role-to-a-team", "members", true), s.assignOrgRoleTeam)
	t.org("DELETE", "/organization-roles/teams/{team_slug}/{role_id}", owner("#remove-an-organization-role-from-a-team", "members", true), s.revokeOrgRoleTeam)
	t.org("PUT", "/organization-roles/users/{username}/{role_id}", owner("#assign-an-organization-role-to-a-user", "members", true), s.assignOrgRoleUser)
	t.org("DELETE", "/organization-roles/users/{username}/{role_id}", owner("#remove-an-organization-role-from-a-user", "members", true), s.revokeOrgRoleUser)
}

// orgRoleJSON is GitHub's organization-role object.
type orgRoleJSON struct {
	ID           int64       `json:"id"`
	Name         string      `json:"name"`
	Description  *string     `json:"description"`
	BaseRole     *string     `json:"base_role"`
	Source       string      `json:"source"`
	Permissions  []string    `json:"permissions"`
	Organization *simpleUser `json:"organization"`
	CreatedAt    string      `json:"created_at"`
	UpdatedAt    string      `json:"updated_at"`
}

// renderOrgRole is the role as org sees it: a predefined role belongs to
// no organization.
func (c *reqCtx) renderOrgRole(org *Account, r *orgRole) orgRoleJSON {
	j := orgRoleJSON{ID: r.ID, Name: r.Name, Description: nonEmpty(r.Description), BaseRole: nonEmpty(r.BaseRole), Source: r.Source,
		Permissions: append([]string{}, r.Permissions...), CreatedAt: ts(r.CreatedAt), UpdatedAt: ts(r.UpdatedAt)}
	if r.Source == orgRoleSourceOrganization {
		u := c.simpleUser(org)
		j.Organization = &u
	}
	return j
}

// orgRoleListJSON is the answer of GET /orgs/{org}/organization-roles.
type orgRoleListJSON struct {
	TotalCount int           `json:"total_count"`
	Roles      []orgRoleJSON `json:"roles"`
}

// teamRoleAssignmentJSON is GitHub's team-role-assignment object.
type teamRoleAssignmentJSON struct {
	Assignment string `json:"assignment"`
	teamJSON
}

// userRoleAssignmentJSON is GitHub's user-role-assignment object.
type userRoleAssignmentJSON struct {
	Assignment    string           `json:"assignment"`
	InheritedFrom []teamSimpleJSON `json:"inherited_from"`
	simpleUser
}

// listOrgRoles lists every role of the organization, all on one page as
// GitHub answers.
func (s *Server) listOrgRoles(c *reqCtx, _ *world, org *Account) {
	roles := rolesOf(org)
	out := orgRoleListJSON{TotalCount: len(roles), Roles: make([]orgRoleJSON, 0, len(roles))}
	for _, r := range roles {
		out.Roles = append(out.Roles, c.renderOrgRole(org, r))
	}
	c.json(http.StatusOK, out)
}

// pathRole finds the role of the path's role_id: 404 for an id that is no
// role of the organization's.
func (c *reqCtx) pathRole(org *Account) *orgRole {
	id, err := strconv.ParseInt(c.params["role_id"], 10, 64)
	if err != nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return nil
	}
	r := orgRoleByID(org, id)
	if r == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return r
}

func (s *Server) getOrgRole(c *reqCtx, _ *world, org *Account) {
	if r := c.pathRole(org); r != nil {
		c.json(http.StatusOK, c.renderOrgRole(org, r))
	}
}

// listOrgRoleTeams lists the teams that hold the role, ordered by name,
// with how they hold it.
func (s *Server) listOrgRoleTeams(c *reqCtx, w *world, org *Account) {
	r := c.pathRole(org)
	if r == nil {
		return
	}
	holders := w.teamHolders(org, r.ID)
	start, end := c.paginate(len(holders))
	items := make([]teamRoleAssignmentJSON, 0, end-start)
	for _, h := range holders[start:end] {
		items = append(items, teamRoleAssignmentJSON{Assignment: h.assignment, teamJSON: *c.renderTeam(w, h.team)})
	}
	c.json(http.StatusOK, items)
}

// listOrgRoleUsers lists the members who hold the role, ordered by login,
// with how they hold it and the teams they hold it through.
func (s *Server) listOrgRoleUsers(c *reqCtx, w *world, org *Account) {
	r := c.pathRole(org)
	if r == nil {
		return
	}
	holders := w.userHolders(org, r.ID)
	start, end := c.paginate(len(holders))
	items := make([]userRoleAssignmentJSON, 0, end-start)
	for _, h := range holders[start:end] {
		j := userRoleAssignmentJSON{Assignment: h.assignment, InheritedFrom: []teamSimpleJSON{}, simpleUser: c.simpleUser(h.user)}
		for _, t := range h.via {
			j.InheritedFrom = append(j.InheritedFrom, c.renderTeamSimple(w, t))
		}
		items = append(items, j)
	}
	c.json(http.StatusOK, items)
}

// pathTeam finds the organization's team of the path's team_slug: 404 for
// none.
func (c *reqCtx) pathTeam(w *world, org *Account) *Team {
	t := w.teamBySlug(org.Login, c.params["team_slug"])
	if t == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return t
}

// assignOrgRoleTeam gives the team the role; giving it again changes
// nothing.
func (s *Server) assignOrgRoleTeam(c *reqCtx, w *world, org *Account) {
	t := c.pathTeam(w, org)
	if t == nil {
		return
	}
	r := c.pathRole(org)
	if r == nil {
		return
	}
	orgRolesOf.of(org).assignTeam(r.ID, t.ID)
	c.noContent()
}

// revokeOrgRoleTeam takes the role from the team; a team that does not
// hold it directly is answered the same.
func (s *Server) revokeOrgRoleTeam(c *reqCtx, w *world, org *Account) {
	t := c.pathTeam(w, org)
	if t == nil {
		return
	}
	r := c.pathRole(org)
	if r == nil {
		return
	}
	if rs := orgRolesOf.peek(org); rs != nil {
		delete(rs.teams[r.ID], t.ID)
	}
	c.noContent()
}

// assignOrgRoleUser gives the user the role. A user GitHub does not know
// is a 404; one who is no member of the organization (an invitee
// included) a 422.
func (s *Server) assignOrgRoleUser(c *reqCtx, w *world, org *Account) {
	u := c.invitee(w)
	if u == nil {
		return
	}
	r := c.pathRole(org)
	if r == nil {
		return
	}
	if _, member := org.Members[strings.ToLower(u.Login)]; !member {
		c.invalid("Validation Failed", fieldError{Resource: "OrganizationRole", Code: "custom", Field: "username",
			Message: u.Login + " is not a member of the organization"})
		return
	}
	orgRolesOf.of(org).assignUser(r.ID, u.Login)
	c.noContent()
}

// revokeOrgRoleUser takes the role from the user; a user who does not
// hold it directly is answered the same.
func (s *Server) revokeOrgRoleUser(c *reqCtx, w *world, org *Account) {
	u := c.invitee(w)
	if u == nil {
		return
	}
	r := c.pathRole(org)
	if r == nil {
		return
	}
	if rs := orgRolesOf.peek(org); rs != nil {
		delete(rs.users[r.ID], strings.ToLower(u.Login))
	}
	c.noContent()
}
