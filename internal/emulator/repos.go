package emulator

import (
	"net/http"
	"strconv"
	"strings"
)

// repoOp describes the access rules of a repository-scoped operation.
type repoOp struct {
	auth       int
	need       int  // minimum access level
	write      bool // takes the write lock; refused on archived repositories
	archivedOK bool // allowed on archived repositories (the handler decides)
	doc        string
}

// repoRoute registers a repository-scoped operation under both
// /repos/{owner}/{repo}<suffix> and /repositories/{id}<suffix>. The wrapper
// resolves the repository, follows renames with 301/307, hides invisible
// repositories behind 404 and enforces access and archiving before calling h
// with the state lock held.
func (s *Server) repoRoute(method, suffix string, op repoOp, h func(*reqCtx, *world, *Repo)) {
	wrapped := func(c *reqCtx) {
		st := s.state
		if op.write {
			st.mu.Lock()
			defer st.mu.Unlock()
		} else {
			st.mu.RLock()
			defer st.mu.RUnlock()
		}
		w := st.w
		var repo *Repo
		if idStr, ok := c.params["repository_id"]; ok {
			if id, err := strconv.ParseInt(idStr, 10, 64); err == nil {
				repo = w.repos[id]
			}
		} else {
			owner, name := c.params["owner"], strings.TrimSuffix(c.params["repo"], ".git")
			repo = w.repoByName(owner, name)
			if repo == nil {
				if id, ok := w.redirects[key(owner, name)]; ok {
					if target := w.repos[id]; target != nil && w.access(c.principal, target) >= accessRead {
						c.redirect(target, suffix)
						return
					}
				}
			}
		}
		if repo == nil {
			c.fail(http.StatusNotFound, "Not Found", op.doc)
			return
		}
		acc := w.access(c.principal, repo)
		switch {
		case acc < accessRead:
			c.fail(http.StatusNotFound, "Not Found", op.doc)
			return
		case acc < op.need && op.need == accessAdmin:
			c.fail(http.StatusForbidden, "Must have admin rights to Repository.", op.doc)
			return
		case acc < op.need:
			c.fail(http.StatusForbidden, "Resource not accessible by personal access token", op.doc)
			return
		case op.write && repo.Archived && !op.archivedOK:
			c.fail(http.StatusForbidden, "Repository was archived so is read-only.", op.doc)
			return
		}
		h(c, w, repo)
	}
	s.add(method, "/repos/{owner}/{repo}"+suffix, op.auth, op.doc, wrapped)
	s.add(method, "/repositories/{repository_id}"+suffix, op.auth, op.doc, wrapped)
}

// redirect answers 301 (GET/HEAD) or 307 (other methods) towards the
// repository's id-based URL, like GitHub does after a rename.
func (c *reqCtx) redirect(r *Repo, suffix string) {
	loc := c.apiBase + "/repositories/" + strconv.FormatInt(r.ID, 10) + suffix
	if c.r.URL.RawQuery != "" {
		loc += "?" + c.r.URL.RawQuery
	}
	status, msg := http.StatusTemporaryRedirect, "Temporary Redirect"
	if c.r.Method == http.MethodGet || c.r.Method == http.MethodHead {
		status, msg = http.StatusMovedPermanently, "Moved Permanently"
	}
	c.json(status, basicError{Message: msg, URL: loc, DocumentationURL: docRedirects})
	c.header.Set("Location", loc)
}

func (s *Server) getRepo(c *reqCtx, w *world, r *Repo) {
	c.json(http.StatusOK, c.renderRepo(w, r, renderFull))
	if s.Config().ETagIgnoresMergeSettings {
		c.etagBody = withoutMergeSettings(c.body)
	}
}

func (s *Server) deleteRepo(c *reqCtx, w *world, r *Repo) {
	w.removeRepo(r)
	c.noContent()
}

func (s *Server) patchRepo(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	set, ok := readSettings(c, m)
	if !ok {
		return
	}
	if r.Archived && (set.Archived == nil || *set.Archived) {
		c.fail(http.StatusForbidden, "Repository was archived so is read-only.", c.doc)
		return
	}
	owner := w.account(r.Owner)
	if owner == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	if msg, errs := w.validateSettings(set, r, owner); msg != "" {
		c.invalid(msg, errs...)
		return
	}
	newName := r.Name
	if set.Name != nil {
		n, err := NormalizeRepoName(*set.Name)
		if err != nil {
			c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: err.Error()})
			return
		}
		if other := w.repoByName(r.Owner, n); other != nil && other.ID != r.ID {
			c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: "name already exists on this account"})
			return
		}
		newName = n
	}
	applySettings(set, r)
	if newName != r.Name {
		w.renameRepo(r, newName)
	}
	r.UpdatedAt = c.s.now()
	c.json(http.StatusOK, c.renderRepo(w, r, renderFull))
}

func (s *Server) createUserRepo(c *reqCtx) {
	p := c.principal
	if p.user == nil {
		c.fail(http.StatusForbidden, "Resource not accessible by integration", c.doc)
		return
	}
	s.createRepo(c, p.user.Login)
}

func (s *Server) createOrgRepo(c *reqCtx) {
	s.createRepo(c, c.params["org"])
}

// createRepo implements both create endpoints.
func (s *Server) createRepo(c *reqCtx, ownerLogin string) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	set, ok := readSettings(c, m)
	if !ok {
		return
	}
	s.state.mu.Lock()
	defer s.state.mu.Unlock()
	w := s.state.w
	owner := w.account(ownerLogin)
	if owner == nil || (c.params["org"] != "" && !owner.IsOrg()) {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	if !w.canCreateIn(c.principal, owner) {
		c.fail(http.StatusForbidden, "You need admin access to the organization before adding a repository to it.", c.doc)
		return
	}
	if set.Name == nil {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "missing_field", Field: "name"})
		return
	}
	name, err := NormalizeRepoName(*set.Name)
	if err != nil {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: err.Error()})
		return
	}
	if w.repoByName(owner.Login, name) != nil {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: "name already exists on this account"})
		return
	}
	set.DefaultBranch, set.Archived = nil, nil
	r := w.newRepo(owner, name, VisibilityPublic, s.now())
	if msg, errs := w.validateSettings(set, r, owner); msg != "" {
		if msg == "Validation Failed" {
			msg = "Repository creation failed."
		}
		c.invalid(msg, errs...)
		return
	}
	applySettings(set, r)
	if set.TeamID != nil {
		r.TeamID = *set.TeamID
	}
	if set.LicenseTemplate != nil && *set.LicenseTemplate != "" {
		r.License = strings.ToLower(*set.LicenseTemplate)
	}
	if (set.AutoInit != nil && *set.AutoInit) || r.License != "" || (set.GitignoreTemplate != nil && *set.GitignoreTemplate != "") {
		r.Branches = []Branch{{Name: r.DefaultBranch, SHA: w.newSHA()}}
	}
	w.addRepo(r)
	c.json(http.StatusCreated, c.renderRepo(w, r, renderFull))
	c.header.Set("Location", c.apiBase+"/repos/"+r.FullName())
}

func (s *Server) generateRepo(c *reqCtx, w *world, tmpl *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	ownerName, name, desc := f.str("owner"), f.str("name"), f.str("description")
	includeAll, private := f.boolean("include_all_branches"), f.boolean("private")
	if f.failed {
		return
	}
	if !tmpl.IsTemplate {
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "template_repository", Message: tmpl.FullName() + " is not a template repository"})
		return
	}
	login := c.principal.login()
	if ownerName != nil && *ownerName != "" {
		login = *ownerName
	}
	owner := w.account(login)
	if owner == nil {
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "invalid", Field: "owner", Message: "owner does not exist"})
		return
	}
	if !w.canCreateIn(c.principal, owner) {
		c.fail(http.StatusForbidden, "You need admin access to the organization before adding a repository to it.", c.doc)
		return
	}
	if name == nil {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "missing_field", Field: "name"})
		return
	}
	n, err := NormalizeRepoName(*name)
	if err != nil {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: err.Error()})
		return
	}
	if w.repoByName(owner.Login, n) != nil {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: "name already exists on this account"})
		return
	}
	vis := VisibilityPublic
	if private != nil && *private {
		vis = VisibilityPrivate
	}
	r := w.newRepo(owner, n, vis, c.s.now())
	r.Description = desc
	r.TemplateID = tmpl.ID
	r.DefaultBranch = tmpl.DefaultBranch
	for _, b := range tmpl.Branches {
		if b.Name == tmpl.DefaultBranch || (includeAll != nil && *includeAll) {
			r.Branches = append(r.Branches, Branch{Name: b.Name, SHA: w.newSHA()})
		}
	}
	w.addRepo(r)
	c.json(http.StatusCreated, c.renderRepo(w, r, renderFull))
	c.header.Set("Location", c.apiBase+"/repos/"+r.FullName())
}

func (s *Server) forkRepo(c *reqCtx, w *world, src *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	orgName, name, defaultOnly := f.str("organization"), f.str("name"), f.boolean("default_branch_only")
	if f.failed {
		return
	}
	var owner *Account
	switch {
	case orgName != nil && *orgName != "":
		owner = w.account(*orgName)
		if owner == nil || !owner.IsOrg() {
			c.invalid("Validation Failed", fieldError{Resource: "Fork", Code: "invalid", Field: "organization", Message: "organization does not exist"})
			return
		}
	case c.principal.user != nil:
		owner = c.principal.user
	default:
		c.fail(http.StatusForbidden, "Resource not accessible by integration", c.doc)
		return
	}
	if !w.canCreateIn(c.principal, owner) {
		c.fail(http.StatusForbidden, "You do not have permission to create repositories in this account.", c.doc)
		return
	}
	if src.Private() && !src.AllowForking {
		c.fail(http.StatusForbidden, "Forking is disabled for this repository.", c.doc)
		return
	}
	base := src.Name
	if name != nil && *name != "" {
		n, err := NormalizeRepoName(*name)
		if err != nil {
			c.invalid("Validation Failed", fieldError{Resource: "Fork", Code: "custom", Field: "name", Message: err.Error()})
			return
		}
		base = n
	}
	sourceID := src.SourceID
	if sourceID == 0 {
		sourceID = src.ID
	}
	// GitHub answers with the existing fork if the account already has one.
	for _, o := range w.reposOf(owner.Login) {
		if o.ParentID == src.ID {
			c.json(http.StatusAccepted, c.renderRepo(w, o, renderFull))
			return
		}
	}
	n := base
	for i := 1; w.repoByName(owner.Login, n) != nil; i++ {
		n = base + "-" + strconv.Itoa(i)
	}
	r := w.newRepo(owner, n, src.Visibility, c.s.now())
	if r.Visibility == VisibilityInternal && !owner.IsOrg() {
		r.Visibility = VisibilityPrivate
	}
	r.Description, r.Homepage = src.Description, src.Homepage
	r.HasIssues = false
	r.ParentID, r.SourceID = src.ID, sourceID
	r.DefaultBranch = src.DefaultBranch
	for _, b := range src.Branches {
		if b.Name == src.DefaultBranch || defaultOnly == nil || !*defaultOnly {
			r.Branches = append(r.Branches, b)
		}
	}
	w.addRepo(r)
	c.json(http.StatusAccepted, c.renderRepo(w, r, renderFull))
}
