package emulator

import (
	"net/http"
	"strconv"
	"strings"
)

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
	var props map[string][]string
	if raw, ok := m["custom_properties"]; ok && string(raw) != "null" {
		if props, ok = readNewRepoCustomProperties(c, owner, raw); !ok {
			return
		}
	}
	if missing := explicitPropertiesMissing(owner, props); missing != "" {
		c.invalid("Repository creation failed.", fieldError{Resource: "Repository", Code: "custom", Field: "custom_properties",
			Message: "Property " + missing + " requires an explicit value when a repository is created"})
		return
	}
	applySettings(set, r)
	r.CustomProperties = props
	if set.TeamID != nil {
		r.TeamID = *set.TeamID
	}
	if set.LicenseTemplate != nil && *set.LicenseTemplate != "" {
		r.License = strings.ToLower(*set.LicenseTemplate)
	}
	if (set.AutoInit != nil && *set.AutoInit) || r.License != "" || (set.GitignoreTemplate != nil && *set.GitignoreTemplate != "") {
		sha := w.newSHA()
		if set.AutoInit != nil && *set.AutoInit {
			sha = w.initialCommit(r, s.now())
		}
		r.Branches = []Branch{{Name: r.DefaultBranch, SHA: sha}}
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
			r.Branches = append(r.Branches, Branch{Name: b.Name, SHA: w.copyCommit(tmpl, r, b.SHA, true)})
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
			r.Branches = append(r.Branches, Branch{Name: b.Name, SHA: w.copyCommit(src, r, b.SHA, false)})
		}
	}
	w.addRepo(r)
	c.json(http.StatusAccepted, c.renderRepo(w, r, renderFull))
}
