package emulator

import (
	"net/http"
	"sort"
	"strings"
)

func init() { registerKind("team-repos", (*Server).teamRepoRoutes) }

// teamGrantsOf is the teams' access to a repository: team id to permission
// (pull, triage, push, maintain, admin, or the name of a custom repository
// role of the repository's organization).
// It lives with the repository, so it follows renames and transfers and dies
// with the repository.
var teamGrantsOf = subKind[teamGrants]{name: "team-grants"}

type teamGrants map[int64]string

// Repository permissions a team can be granted.
const (
	permPull     = "pull"
	permTriage   = "triage"
	permPush     = "push"
	permMaintain = "maintain"
	permAdmin    = "admin"
)

// teamPermissions maps the permission of PUT .../teams/{team_slug}/repos/...
// (pull, triage, push, maintain, admin) to the role it grants.
var teamPermissions = map[string]string{
	permPull: roleRead, permTriage: roleTriage, permPush: roleWrite, permMaintain: roleMaintain, permAdmin: roleAdmin,
}

// grantedRole is the built-in role a team's grant on r gives: the role of a
// built-in permission, or a custom role's base role; "" for none.
func (w *world) grantedRole(r *Repo, p string) string {
	if role, ok := teamPermissions[p]; ok {
		return role
	}
	return w.baseRole(r, p)
}

// permissionAccess is the access level a built-in permission gives
// (accessNone for a custom role: see grantAccess).
func permissionAccess(p string) int { return roleAccess(teamPermissions[p]) }

// grantAccess is the access level a team's grant on r gives, custom roles
// included.
func (w *world) grantAccess(r *Repo, p string) int {
	if a := permissionAccess(p); a != accessNone {
		return a
	}
	return roleAccess(w.baseRole(r, p))
}

// roleName is the role GitHub names a granted permission after: read for
// pull, write for push, a custom role by its name.
func roleName(p string) string {
	if role, ok := teamPermissions[p]; ok {
		return role
	}
	return p
}

// teamRepoRoutes declares a team's repository permissions.
func (s *Server) teamRepoRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/teams/teams"
	t.add("GET", "/orgs/{org}/teams/{team_slug}/repos", authRequired, doc+"#list-team-repositories", s.listTeamRepos)
	t.add("GET", "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}", authRequired, doc+"#check-team-permissions-for-a-repository", s.checkTeamRepo)
	t.add("PUT", "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}", authRequired, doc+"#add-or-update-team-repository-permissions", s.putTeamRepo)
	t.add("DELETE", "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}", authRequired, doc+"#remove-a-repository-from-a-team", s.deleteTeamRepo)
	t.repo("GET", "/teams", repoOp{auth: authRequired, need: accessRead, doc: "https://docs.github.com/rest/repos/repos#list-repository-teams"}, s.listRepoTeams)
}

// listRepoTeams lists the teams granted access to r that the caller can
// see, each with its permission on r (pull, triage, push, maintain, admin
// or a custom role's name), sorted by name.
func (s *Server) listRepoTeams(c *reqCtx, w *world, r *Repo) {
	g := teamGrantsOf.peek(r)
	var teams []*Team
	if g != nil {
		for id := range *g {
			t := w.teams[id]
			if t == nil {
				continue
			}
			if org := w.account(t.Org); org != nil && w.canSeeTeam(c.principal, org, t) {
				teams = append(teams, t)
			}
		}
	}
	sort.Slice(teams, func(i, j int) bool {
		if a, b := strings.ToLower(teams[i].Name), strings.ToLower(teams[j].Name); a != b {
			return a < b
		}
		return teams[i].ID < teams[j].ID
	})
	start, end := c.paginate(len(teams))
	items := make([]*teamJSON, 0, end-start)
	for _, t := range teams[start:end] {
		j := c.renderTeam(w, t)
		j.Permission = (*g)[t.ID]
		items = append(items, j)
	}
	c.json(http.StatusOK, items)
}

// teamRepoJSON is a repository as a team sees it: with the team's
// permissions and role.
type teamRepoJSON struct {
	*repoJSON
	RoleName string `json:"role_name"`
}

func (c *reqCtx) renderTeamRepo(w *world, r *Repo, perm string) teamRepoJSON {
	j := c.renderRepo(w, r, renderList)
	j.Permissions = rolePermissions(w.grantedRole(r, perm))
	return teamRepoJSON{repoJSON: j, RoleName: roleName(perm)}
}

func (s *Server) listTeamRepos(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	_, t := c.visibleTeam(w)
	if t == nil {
		return
	}
	var repos []*Repo
	for _, r := range w.repos {
		if g := teamGrantsOf.peek(r); g != nil && (*g)[t.ID] != "" && w.access(c.principal, r) >= accessRead {
			repos = append(repos, r)
		}
	}
	sortRepos(repos, "full_name", "", "full_name")
	start, end := c.paginate(len(repos))
	items := make([]teamRepoJSON, 0, end-start)
	for _, r := range repos[start:end] {
		items = append(items, c.renderTeamRepo(w, r, (*teamGrantsOf.peek(r))[t.ID]))
	}
	c.json(http.StatusOK, items)
}

// grantedRepo finds the repository of the path when the caller can see it,
// and answers 404 when it cannot.
func (c *reqCtx) grantedRepo(w *world) *Repo {
	r := w.repoByName(c.params["owner"], c.params["repo"])
	if r == nil || w.access(c.principal, r) < accessRead {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return nil
	}
	return r
}

// accessWritable tells whether the caller may change which teams have
// access to r, and answers 403 when not: it must be r's admin, and r not
// archived ("once a repository is archived, you cannot add or remove
// collaborators or teams").
func (c *reqCtx) accessWritable(w *world, r *Repo) bool {
	switch {
	case w.access(c.principal, r) < accessAdmin:
		c.fail(http.StatusForbidden, "Must have admin rights to Repository.", c.doc)
		return false
	case r.Archived:
		c.fail(http.StatusForbidden, "Repository was archived so is read-only.", c.doc)
		return false
	}
	return true
}

// grant gives team id permission perm on r.
func grant(r *Repo, id int64, perm string) {
	g := teamGrantsOf.of(r)
	if *g == nil {
		*g = teamGrants{}
	}
	(*g)[id] = perm
}

func (s *Server) checkTeamRepo(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	_, t := c.visibleTeam(w)
	if t == nil {
		return
	}
	r := c.grantedRepo(w)
	if r == nil {
		return
	}
	var perm string
	if g := teamGrantsOf.peek(r); g != nil {
		perm = (*g)[t.ID]
	}
	if perm == "" {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	if !strings.Contains(c.r.Header.Get("Accept"), "application/vnd.github.v3.repository+json") {
		c.noContent()
		return
	}
	c.json(http.StatusOK, c.renderTeamRepo(w, r, perm))
}

func (s *Server) putTeamRepo(c *reqCtx) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	perm := f.str("permission")
	if f.failed {
		return
	}
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	org, t := c.managedTeam(w)
	if t == nil {
		return
	}
	r := c.grantedRepo(w)
	if r == nil {
		return
	}
	p := permPush
	if perm != nil {
		p = *perm
	}
	if _, builtIn := teamPermissions[p]; !builtIn {
		// A custom repository role of the team's organization, by name.
		p = w.customRole(org.Login, p)
	}
	if p == "" || !strings.EqualFold(r.Owner, org.Login) {
		c.invalid("Validation Failed")
		return
	}
	if !c.accessWritable(w, r) {
		return
	}
	grant(r, t.ID, p)
	c.noContent()
}

func (s *Server) deleteTeamRepo(c *reqCtx) {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	_, t := c.managedTeam(w)
	if t == nil {
		return
	}
	r := c.grantedRepo(w)
	if r == nil {
		return
	}
	if !c.accessWritable(w, r) {
		return
	}
	if g := teamGrantsOf.peek(r); g != nil {
		delete(*g, t.ID)
	}
	c.noContent()
}
