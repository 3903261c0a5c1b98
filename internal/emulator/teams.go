package emulator

import (
	"net/http"
	"strings"
)

func init() { registerKind("teams", (*Server).teamRoutes) }

// teamRoutes declares an organization's teams.
func (s *Server) teamRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/teams/teams"
	t.add("GET", "/orgs/{org}/teams", authRequired, doc+"#list-teams", s.listTeams)
	t.add("POST", "/orgs/{org}/teams", authRequired, doc+"#create-a-team", s.createTeam)
	t.add("GET", "/orgs/{org}/teams/{team_slug}", authRequired, doc+"#get-a-team-by-name", s.getTeam)
	t.add("PATCH", "/orgs/{org}/teams/{team_slug}", authRequired, doc+"#update-a-team", s.updateTeam)
	t.add("DELETE", "/orgs/{org}/teams/{team_slug}", authRequired, doc+"#delete-a-team", s.deleteTeamRoute)
}

// teamOrg finds the organization of the path, answering 404 when there is none.
func (c *reqCtx) teamOrg(w *world) *Account {
	org := w.account(c.params["org"])
	if org == nil || !org.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return nil
	}
	return org
}

// visibleTeam finds the team of the path, answering 404 when it does not
// exist or the caller cannot see it.
func (c *reqCtx) visibleTeam(w *world) (*Account, *Team) {
	org := c.teamOrg(w)
	if org == nil {
		return nil, nil
	}
	t := w.teamBySlug(org.Login, c.params["team_slug"])
	if t == nil || !w.canSeeTeam(c.principal, org, t) {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return nil, nil
	}
	return org, t
}

// managedTeam is visibleTeam for changes: it answers 403 when the caller can
// see the team but may not change it.
func (c *reqCtx) managedTeam(w *world) (*Account, *Team) {
	org, t := c.visibleTeam(w)
	if t == nil {
		return nil, nil
	}
	if !w.canManageTeam(c.principal, org, t) {
		c.fail(http.StatusForbidden, "You must be an organization owner or team maintainer to perform this action.", c.doc)
		return nil, nil
	}
	return org, t
}

func (s *Server) listTeams(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	org := c.teamOrg(w)
	if org == nil {
		return
	}
	var teams []*Team
	for _, t := range w.teamsOf(org.Login) {
		if w.canSeeTeam(c.principal, org, t) {
			teams = append(teams, t)
		}
	}
	start, end := c.paginate(len(teams))
	items := make([]*teamJSON, 0, end-start)
	for _, t := range teams[start:end] {
		items = append(items, c.renderTeam(w, t))
	}
	c.json(http.StatusOK, items)
}

func (s *Server) getTeam(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	if _, t := c.visibleTeam(w); t != nil {
		c.json(http.StatusOK, c.renderTeamFull(w, t))
	}
}

func (s *Server) createTeam(c *reqCtx) {
	in, ok := c.teamInput(true)
	if !ok {
		return
	}
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	org := c.teamOrg(w)
	if org == nil {
		return
	}
	if !w.isMember(c.principal, org) || (c.principal.installation != nil && !w.canManageTeam(c.principal, org, nil)) {
		c.fail(http.StatusForbidden, "You must be a member of the organization to create a team.", c.doc)
		return
	}
	now := s.now()
	t := &Team{Org: org.Login, Privacy: PrivacySecret, NotificationSetting: notificationsEnabled, Members: map[string]string{}, CreatedAt: now, UpdatedAt: now}
	if in.parentID != nil {
		t.Privacy = PrivacyClosed
	}
	if !c.applyTeamInput(w, org, t, in) {
		return
	}
	for _, login := range in.maintainers {
		if _, member := org.Members[strings.ToLower(login)]; !member {
			c.invalid("Validation Failed", fieldError{Resource: "Team", Code: "invalid", Field: "maintainers", Message: login + " is not a member of the organization"})
			return
		}
	}
	var grants []*Repo
	for _, full := range in.repoNames {
		owner, name, _ := strings.Cut(full, "/")
		r := w.repoByName(owner, name)
		if r == nil || !strings.EqualFold(r.Owner, org.Login) || w.access(c.principal, r) < accessAdmin {
			c.invalid("Validation Failed", fieldError{Resource: "Team", Code: "invalid", Field: "repo_names", Message: full + " is not a repository of the organization you administer"})
			return
		}
		grants = append(grants, r)
	}
	t.ID = w.newTeamID()
	if u := c.principal.user; u != nil {
		t.Members[strings.ToLower(u.Login)] = TeamRoleMaintainer
	}
	for _, login := range in.maintainers {
		t.Members[strings.ToLower(login)] = TeamRoleMaintainer
	}
	w.teams[t.ID] = t
	for _, r := range grants {
		grant(r, t.ID, permPull)
	}
	c.json(http.StatusCreated, c.renderTeamFull(w, t))
}

func (s *Server) updateTeam(c *reqCtx) {
	in, ok := c.teamInput(false)
	if !ok {
		return
	}
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	org, t := c.managedTeam(w)
	if t == nil {
		return
	}
	edited := *t
	if !c.applyTeamInput(w, org, &edited, in) {
		return
	}
	edited.UpdatedAt = s.now()
	*t = edited
	c.json(http.StatusOK, c.renderTeamFull(w, t))
}

func (s *Server) deleteTeamRoute(c *reqCtx) {
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	if _, t := c.managedTeam(w); t != nil {
		w.deleteTeam(t)
		c.noContent()
	}
}
