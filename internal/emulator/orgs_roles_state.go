package emulator

import (
	"fmt"
	"strings"
	"time"
)

// Organization role sources, as GitHub writes them in a role's source.
const (
	orgRoleSourcePredefined   = "Predefined"
	orgRoleSourceOrganization = "Organization"
)

// How a holder holds an organization role, as GitHub writes it in a holders
// list's assignment: directly, through a team (a parent team's, or for a
// user one of their teams'), or both.
const (
	assignmentDirect   = "direct"
	assignmentIndirect = "indirect"
	assignmentMixed    = "mixed"
)

// orgRole is an organization role: one of the roles every organization has
// (source Predefined) or one an organization defined (source Organization).
type orgRole struct {
	ID          int64
	Name        string
	Description string
	BaseRole    string // read, triage, write, maintain, admin; "" for none
	Source      string
	Permissions []string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// predefinedRolesSince is when GitHub gave every organization the
// predefined all-repository roles (its changelog of 2024-07-10).
var predefinedRolesSince = time.Date(2024, 7, 10, 0, 0, 0, 0, time.UTC)

// predefinedOrgRoles are the roles every organization has, with GitHub's
// ids: 8132 to 8136 for the all-repository roles, which grant their base
// role on every repository of the organization and list no further
// permissions, and 138 for the security manager (its permissions here are
// the emulator's choice of GitHub's security permissions).
var predefinedOrgRoles = []orgRole{
	{ID: 8132, Name: "all_repo_read", Description: "Grants read access to all repositories in the organization.", BaseRole: roleRead},
	{ID: 8133, Name: "all_repo_triage", Description: "Grants triage access to all repositories in the organization.", BaseRole: roleTriage},
	{ID: 8134, Name: "all_repo_write", Description: "Grants write access to all repositories in the organization.", BaseRole: roleWrite},
	{ID: 8135, Name: "all_repo_maintain", Description: "Grants maintenance access to all repositories in the organization.", BaseRole: roleMaintain},
	{ID: 8136, Name: "all_repo_admin", Description: "Grants admin access to all repositories in the organization.", BaseRole: roleAdmin},
	{ID: 138, Name: "security_manager", Description: "Manage security policies, security alerts, and security configurations for an organization and all its repositories.", BaseRole: roleRead,
		Permissions: []string{"delete_alerts_code_scanning", "read_code_scanning", "resolve_dependabot_alerts", "resolve_secret_scanning_alerts", "view_dependabot_alerts", "view_secret_scanning_alerts", "write_code_scanning"}},
}

func init() {
	for i := range predefinedOrgRoles {
		r := &predefinedOrgRoles[i]
		r.Source, r.CreatedAt, r.UpdatedAt = orgRoleSourcePredefined, predefinedRolesSince, predefinedRolesSince
	}
}

// orgRoles are an organization's custom roles and who holds which role
// directly: teams by id, users by lower-cased login, each by role id.
type orgRoles struct {
	custom []*orgRole
	teams  map[int64]map[int64]bool
	users  map[int64]map[string]bool
}

var orgRolesOf = orgKind[orgRoles]{name: "organization-roles"}

// rolesOf lists org's roles: the predefined ones, then its own in the
// order they were made.
func rolesOf(org *Account) []*orgRole {
	out := make([]*orgRole, 0, len(predefinedOrgRoles))
	for i := range predefinedOrgRoles {
		out = append(out, &predefinedOrgRoles[i])
	}
	if rs := orgRolesOf.peek(org); rs != nil {
		out = append(out, rs.custom...)
	}
	return out
}

// orgRoleByID is org's role of that id, or nil.
func orgRoleByID(org *Account, id int64) *orgRole {
	for _, r := range rolesOf(org) {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// AddOrganizationRole defines a custom organization role of org, granting
// baseRole ("" for none: read, triage, write, maintain or admin) on every
// repository of the organization and the permissions, and returns its id.
// Its name must be new to the organization, without regard to case.
func (st *State) AddOrganizationRole(org, name, description, baseRole string, permissions []string) (int64, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	w := st.w
	a := w.account(org)
	if a == nil || !a.IsOrg() {
		return 0, fmt.Errorf("no organization %q", org)
	}
	if strings.TrimSpace(name) == "" {
		return 0, fmt.Errorf("an organization role needs a name")
	}
	for _, r := range rolesOf(a) {
		if strings.EqualFold(r.Name, name) {
			return 0, fmt.Errorf("organization %s already has a role named %q", a.Login, r.Name)
		}
	}
	if baseRole != "" && roleRank[baseRole] == 0 {
		return 0, fmt.Errorf("base role %q is not one of read, triage, write, maintain, admin", baseRole)
	}
	now := st.now()
	r := &orgRole{ID: w.newID("org-role", 3100001), Name: name, Description: description, BaseRole: baseRole,
		Source: orgRoleSourceOrganization, Permissions: append([]string{}, permissions...), CreatedAt: now, UpdatedAt: now}
	rs := orgRolesOf.of(a)
	rs.custom = append(rs.custom, r)
	return r.ID, nil
}

// DeleteOrganizationRole removes a custom role of org and every
// assignment of it, as deleting a custom role on GitHub does.
func (st *State) DeleteOrganizationRole(org, name string) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	a := st.w.account(org)
	if a == nil || !a.IsOrg() {
		return fmt.Errorf("no organization %q", org)
	}
	rs := orgRolesOf.peek(a)
	if rs == nil {
		return fmt.Errorf("organization %s has no custom role %q", a.Login, name)
	}
	for i, r := range rs.custom {
		if strings.EqualFold(r.Name, name) {
			rs.custom = append(rs.custom[:i], rs.custom[i+1:]...)
			delete(rs.teams, r.ID)
			delete(rs.users, r.ID)
			return nil
		}
	}
	return fmt.Errorf("organization %s has no custom role %q", a.Login, name)
}

// assignTeam gives the team the role directly; assignUser the user.
func (rs *orgRoles) assignTeam(role, team int64) {
	if rs.teams == nil {
		rs.teams = map[int64]map[int64]bool{}
	}
	if rs.teams[role] == nil {
		rs.teams[role] = map[int64]bool{}
	}
	rs.teams[role][team] = true
}

func (rs *orgRoles) assignUser(role int64, login string) {
	if rs.users == nil {
		rs.users = map[int64]map[string]bool{}
	}
	if rs.users[role] == nil {
		rs.users[role] = map[string]bool{}
	}
	rs.users[role][strings.ToLower(login)] = true
}

// dropTeamRoles takes every role the teams hold away from them: a deleted
// team holds none.
func dropTeamRoles(org *Account, teams map[int64]bool) {
	rs := orgRolesOf.peek(org)
	if rs == nil {
		return
	}
	for _, holders := range rs.teams {
		for id := range teams {
			delete(holders, id)
		}
	}
}

// dropUserRoles takes every role the user holds directly away from them:
// someone who leaves the organization holds none.
func dropUserRoles(org *Account, login string) {
	rs := orgRolesOf.peek(org)
	if rs == nil {
		return
	}
	for _, holders := range rs.users {
		delete(holders, strings.ToLower(login))
	}
}

// A teamHolding is a team that holds a role, and how.
type teamHolding struct {
	team       *Team
	assignment string
}

// teamHolders lists the teams of org that hold the role, ordered by name:
// directly, through a team above them, or both.
func (w *world) teamHolders(org *Account, role int64) []teamHolding {
	var direct map[int64]bool
	if rs := orgRolesOf.peek(org); rs != nil {
		direct = rs.teams[role]
	}
	var out []teamHolding
	for _, t := range w.teamsOf(org.Login) {
		inherited := false
		for p := w.teams[t.ParentID]; p != nil; p = w.teams[p.ParentID] {
			if direct[p.ID] {
				inherited = true
				break
			}
		}
		if a := assignment(direct[t.ID], inherited); a != "" {
			out = append(out, teamHolding{team: t, assignment: a})
		}
	}
	return out
}

// A userHolding is a user who holds a role, how, and the teams they hold it
// through.
type userHolding struct {
	user       *Account
	assignment string
	via        []*Team
}

// userHolders lists the members of org who hold the role, ordered by login
// (as membersOf orders them): directly, as members of a team that holds
// it, or both.
func (w *world) userHolders(org *Account, role int64) []userHolding {
	var direct map[string]bool
	if rs := orgRolesOf.peek(org); rs != nil {
		direct = rs.users[role]
	}
	teams := w.teamHolders(org, role)
	var out []userHolding
	for _, u := range w.membersOf(org, "") {
		var via []*Team
		for _, h := range teams {
			if h.team.hasMember(u.Login) {
				via = append(via, h.team)
			}
		}
		if a := assignment(direct[strings.ToLower(u.Login)], len(via) > 0); a != "" {
			out = append(out, userHolding{user: u, assignment: a, via: via})
		}
	}
	return out
}

// assignment words how a role is held: directly, indirectly, both, or
// ("") not at all.
func assignment(direct, indirect bool) string {
	switch {
	case direct && indirect:
		return assignmentMixed
	case direct:
		return assignmentDirect
	case indirect:
		return assignmentIndirect
	}
	return ""
}

func init() { accessGrants = append(accessGrants, orgRoleAccess) }

// orgRoleAccess is the access to every repository of an organization that
// the organization roles a member holds give: the highest of their base
// roles' (all_repo_write gives write), held directly or through a team
// (a team's members and the members of the teams below it hold its roles).
// Owners have admin already, and every member read, so only roles above
// read are looked at for members: an access check stays cheap with many
// teams holding the security manager role.
func orgRoleAccess(w *world, user *Account, r *Repo) int {
	org := w.account(r.Owner)
	if org == nil || !org.IsOrg() {
		return accessNone
	}
	login := strings.ToLower(user.Login)
	if role, member := org.Members[login]; !member || role == RoleAdmin {
		return accessNone
	}
	rs := orgRolesOf.peek(org)
	if rs == nil {
		return accessNone
	}
	best := accessNone
	for _, role := range rolesOf(org) {
		if acc := roleAccess(role.BaseRole); acc > max(best, accessRead) && (rs.users[role.ID][login] || w.holdsThroughTeam(rs.teams[role.ID], login)) {
			best = acc
		}
	}
	return best
}

// holdsThroughTeam reports whether the user belongs to one of the teams
// (by id) or to a team below one of them.
func (w *world) holdsThroughTeam(teams map[int64]bool, login string) bool {
	if len(teams) == 0 {
		return false
	}
	for _, t := range w.teams {
		if !t.hasMember(login) {
			continue
		}
		for p := t; p != nil; p = w.teams[p.ParentID] {
			if teams[p.ID] {
				return true
			}
		}
	}
	return false
}
