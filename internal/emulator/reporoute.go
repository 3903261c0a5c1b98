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
	largeBody  bool // takes a request body up to largeBodyLimit (file contents)
	doc        string
	// spec is the /repos/... template of GitHub's description when it names
	// the owner and repository parameters differently.
	spec string
	// multi names the path parameter that may span several segments (a
	// branch name or a git ref with slashes), "" for none.
	multi string
}

// repo declares a repository-scoped operation under both
// /repos/{owner}/{repo}<suffix> and /repositories/{repository_id}<suffix>
// (an alias GitHub's description leaves out). The wrapper resolves the
// repository, follows renames with 301/307, hides invisible repositories
// behind 404 and enforces access and archiving before calling h with the
// state lock held.
func (t *routeTable) repo(method, suffix string, op repoOp, h func(*reqCtx, *world, *Repo)) {
	s := t.s
	wrapped := func(c *reqCtx) {
		st := s.state
		unlock := st.lock(op.write)
		defer unlock()
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
						c.redirect(target)
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
	byName := t.add(method, "/repos/{owner}/{repo}"+suffix, op.auth, op.doc, wrapped)
	if op.spec != "" {
		byName.describedAs(op.spec)
	}
	byID := t.add(method, "/repositories/{repository_id}"+suffix, op.auth, op.doc, wrapped)
	byID.alias = true
	if op.largeBody {
		byName.bodyLimit, byID.bodyLimit = largeBodyLimit, largeBodyLimit
	}
	if op.multi != "" {
		byName.spanning(op.multi)
		byID.spanning(op.multi)
	}
}

// redirect answers 301 (GET/HEAD) or 307 (other methods) towards the
// repository's id-based URL, like GitHub does after a rename: the request's
// path after /repos/{owner}/{repo}, as the request escaped it, follows the id.
func (c *reqCtx) redirect(r *Repo) {
	rest := ""
	if parts := strings.SplitN(strings.TrimPrefix(c.rawPath, "/"), "/", 4); len(parts) == 4 {
		rest = "/" + parts[3]
	}
	loc := c.apiBase + "/repositories/" + strconv.FormatInt(r.ID, 10) + rest
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
