package emulator

import "net/http"

func init() { registerKind("repository", (*Server).repositoryRoutes) }

// repositoryRoutes declares the repository itself: create, list, get,
// update, delete, generate from a template, fork.
func (s *Server) repositoryRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/repos"
	t.add("GET", "/user/repos", authRequired, doc+"#list-repositories-for-the-authenticated-user", s.listUserRepos)
	t.add("POST", "/user/repos", authRequired, doc+"#create-a-repository-for-the-authenticated-user", s.createUserRepo)
	t.add("GET", "/orgs/{org}/repos", authOptional, doc+"#list-organization-repositories", s.listOrgRepos)
	t.add("POST", "/orgs/{org}/repos", authRequired, doc+"#create-an-organization-repository", s.createOrgRepo)

	t.repo("GET", "", repoOp{auth: authOptional, doc: doc + "#get-a-repository"}, s.getRepo)
	t.repo("PATCH", "", repoOp{auth: authRequired, need: accessAdmin, write: true, archivedOK: true, doc: doc + "#update-a-repository"}, s.patchRepo)
	t.repo("DELETE", "", repoOp{auth: authRequired, need: accessAdmin, write: true, archivedOK: true, doc: doc + "#delete-a-repository"}, s.deleteRepo)
	t.repo("POST", "/generate", repoOp{auth: authRequired, need: accessRead, write: true, archivedOK: true, doc: doc + "#create-a-repository-using-a-template",
		spec: "/repos/{template_owner}/{template_repo}/generate"}, s.generateRepo)
	t.repo("POST", "/forks", repoOp{auth: authRequired, need: accessRead, write: true, archivedOK: true, doc: "https://docs.github.com/rest/repos/forks#create-a-fork"}, s.forkRepo)
}

func (s *Server) getRepo(c *reqCtx, w *world, r *Repo) {
	c.json(http.StatusOK, c.renderRepo(w, r, renderFull))
	if !s.Config().ETagCoversMergeSettings {
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
	if msg := enforcedFeatureRefusal(c, w, set, r); msg != "" {
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "security_and_analysis", Message: msg})
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
		if n != r.Name && w.renameProtected(r) {
			c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "name", Message: "name is protected by a ruleset of the organization and cannot be changed"})
			return
		}
		newName = n
	}
	applySettings(set, r)
	if newName != r.Name {
		w.moveRepo(r, r.Owner, newName)
	}
	r.UpdatedAt = c.s.now()
	c.json(http.StatusOK, c.renderRepo(w, r, renderFull))
}
