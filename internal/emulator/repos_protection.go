package emulator

import "net/http"

func init() { registerKind("branch-protection", (*Server).protectionRoutes) }

// protectionRoutes declares a branch's protection and its required
// signatures. All of it needs admin rights.
func (s *Server) protectionRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/branches/branch-protection"
	admin := func(method, suffix, anchor string, write bool, h func(*reqCtx, *world, *Repo)) {
		t.repo(method, "/branches/{branch}/protection"+suffix, repoOp{auth: authRequired, need: accessAdmin, write: write, doc: doc + anchor, multi: "branch"}, h)
	}
	admin("GET", "", "#get-branch-protection", false, s.getProtection)
	admin("PUT", "", "#update-branch-protection", true, s.putProtection)
	admin("DELETE", "", "#delete-branch-protection", true, s.deleteProtection)
	admin("GET", "/required_signatures", "#get-commit-signature-protection", false, s.getSignatures)
	admin("POST", "/required_signatures", "#create-commit-signature-protection", true, s.setSignatures(true))
	admin("DELETE", "/required_signatures", "#delete-commit-signature-protection", true, s.setSignatures(false))
}

// protectedBranch finds the branch of the path and its protection,
// answering GitHub's 404s: "Branch not found", "Branch not protected".
func (c *reqCtx) protectedBranch(r *Repo) (*Branch, *branchProtection) {
	b := c.branchOrFail(r)
	if b == nil {
		return nil, nil
	}
	p := protectionFor(r, b.Name)
	if p == nil {
		c.fail(http.StatusNotFound, "Branch not protected", c.doc)
		return nil, nil
	}
	return b, p
}

func (s *Server) getProtection(c *reqCtx, w *world, r *Repo) {
	if b, p := c.protectedBranch(r); p != nil {
		c.json(http.StatusOK, c.renderProtection(w, r, b.Name, p))
	}
}

// putProtection replaces the branch's protection with the body's; the
// required signatures setting, not part of the body, stays as it was.
func (s *Server) putProtection(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	b := c.branchOrFail(r)
	if b == nil {
		return
	}
	p, ok := c.readProtection(w, r, m)
	if !ok {
		return
	}
	if old := protectionFor(r, b.Name); old != nil {
		p.RequiredSignatures = old.RequiredSignatures
	}
	protect(r, b.Name, p)
	c.json(http.StatusOK, c.renderProtection(w, r, b.Name, p))
}

func (s *Server) deleteProtection(c *reqCtx, w *world, r *Repo) {
	if b, p := c.protectedBranch(r); p != nil {
		protect(r, b.Name, nil)
		c.noContent()
	}
}

func (s *Server) getSignatures(c *reqCtx, w *world, r *Repo) {
	if b, p := c.protectedBranch(r); p != nil {
		c.json(http.StatusOK, urlEnabledJSON{URL: c.branchURL(r, b.Name) + "/protection/required_signatures", Enabled: p.RequiredSignatures})
	}
}

// setSignatures turns required signatures on (POST, answering the setting)
// or off (DELETE, answering 204).
func (s *Server) setSignatures(on bool) func(*reqCtx, *world, *Repo) {
	return func(c *reqCtx, w *world, r *Repo) {
		b, p := c.protectedBranch(r)
		if p == nil {
			return
		}
		p.RequiredSignatures = on
		if !on {
			c.noContent()
			return
		}
		c.json(http.StatusOK, urlEnabledJSON{URL: c.branchURL(r, b.Name) + "/protection/required_signatures", Enabled: true})
	}
}
