package emulator

import (
	"net/http"
	"sort"
	"strings"
)

// sortRepos orders repositories like GitHub's sort and direction parameters.
func sortRepos(rs []*Repo, by, direction, defaultBy string) {
	if by == "" {
		by = defaultBy
	}
	if direction == "" {
		direction = "desc"
		if by == "full_name" {
			direction = "asc"
		}
	}
	less := func(a, b *Repo) bool {
		switch by {
		case "created":
			if !a.CreatedAt.Equal(b.CreatedAt) {
				return a.CreatedAt.Before(b.CreatedAt)
			}
			return a.ID < b.ID
		case "updated":
			if !a.UpdatedAt.Equal(b.UpdatedAt) {
				return a.UpdatedAt.Before(b.UpdatedAt)
			}
			return a.ID < b.ID
		case "pushed":
			if !a.PushedAt.Equal(b.PushedAt) {
				return a.PushedAt.Before(b.PushedAt)
			}
			return a.ID < b.ID
		}
		return strings.ToLower(a.FullName()) < strings.ToLower(b.FullName())
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if direction == "asc" {
			return less(rs[i], rs[j])
		}
		return less(rs[j], rs[i])
	})
}

func (s *Server) listUserRepos(c *reqCtx) {
	p := c.principal
	if p.user == nil {
		c.fail(http.StatusForbidden, "Resource not accessible by integration", c.doc)
		return
	}
	q := c.r.URL.Query()
	visibility, typ := q.Get("visibility"), q.Get("type")
	affiliation := q.Get("affiliation")
	if (visibility != "" || affiliation != "") && typ != "" {
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "invalid", Field: "type", Message: "If you specify visibility or affiliation, you cannot specify type."})
		return
	}
	switch typ {
	case "owner":
		affiliation = "owner"
	case "member":
		affiliation = "organization_member"
	case "public", "private":
		visibility = typ
	}
	if affiliation == "" {
		affiliation = "owner,collaborator,organization_member"
	}
	aff := map[string]bool{}
	for _, a := range strings.Split(affiliation, ",") {
		aff[strings.TrimSpace(a)] = true
	}
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	var out []*Repo
	for _, r := range w.repos {
		owned := strings.EqualFold(r.Owner, p.user.Login)
		acct := w.account(r.Owner)
		member := acct != nil && acct.IsOrg() && w.isMember(p, acct)
		team := !owned && !member && w.access(p, r) >= accessWrite
		if !(owned && aff["owner"] || member && aff["organization_member"] || team && aff["collaborator"]) {
			continue
		}
		switch visibility {
		case "public":
			if r.Private() {
				continue
			}
		case "private":
			if !r.Private() {
				continue
			}
		}
		out = append(out, r)
	}
	c.answerRepoPage(w, out, "full_name")
}

func (s *Server) listOrgRepos(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	org := w.account(c.params["org"])
	if org == nil || !org.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	q := c.r.URL.Query()
	var out []*Repo
	for _, r := range w.reposOf(org.Login) {
		if w.access(c.principal, r) < accessRead {
			continue
		}
		switch q.Get("type") {
		case "public":
			if r.Private() {
				continue
			}
		case "private":
			if !r.Private() {
				continue
			}
		case "forks":
			if r.ParentID == 0 {
				continue
			}
		case "sources":
			if r.ParentID != 0 {
				continue
			}
		}
		out = append(out, r)
	}
	c.answerRepoPage(w, out, "created")
}

// answerRepoPage answers 200 with one page of repos as list items, sorted by
// the request's sort (defaultSort when absent) and direction.
func (c *reqCtx) answerRepoPage(w *world, repos []*Repo, defaultSort string) {
	q := c.r.URL.Query()
	sortRepos(repos, q.Get("sort"), q.Get("direction"), defaultSort)
	start, end := c.paginate(len(repos))
	items := make([]*repoJSON, 0, end-start)
	for _, r := range repos[start:end] {
		items = append(items, c.renderRepo(w, r, renderList))
	}
	c.json(http.StatusOK, items)
}
