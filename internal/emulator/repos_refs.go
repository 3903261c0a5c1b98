package emulator

import (
	"net/http"
	"strings"
)

func init() { registerKind("git-refs", (*Server).refRoutes) }

// refRoutes declares a repository's git references: branches (refs/heads/)
// and tags (refs/tags/), created from a commit the repository has.
func (s *Server) refRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/git/refs"
	t.repo("POST", "/git/refs", repoOp{auth: authRequired, need: accessWrite, write: true, doc: doc + "#create-a-reference"}, s.createRef)
	t.repo("GET", "/git/ref/{ref}", repoOp{auth: authOptional, doc: doc + "#get-a-reference", multi: "ref"}, s.getRef)
	t.repo("PATCH", "/git/refs/{ref}", repoOp{auth: authRequired, need: accessWrite, write: true, doc: doc + "#update-a-reference", multi: "ref"}, s.updateRef)
	t.repo("DELETE", "/git/refs/{ref}", repoOp{auth: authRequired, need: accessWrite, write: true, doc: doc + "#delete-a-reference", multi: "ref"}, s.deleteRef)
}

// tagsOf are a repository's tags: name to commit.
var tagsOf = subKind[map[string]string]{name: "tags"}

// branchDeleteGuards may refuse to delete a branch (branch protection); each
// returns GitHub's message, or "" to let it go.
var branchDeleteGuards []func(w *world, r *Repo, branch string) string

// validRefName reports whether name (without refs/heads/ or refs/tags/) is a
// valid git reference name, as git check-ref-format has it.
func validRefName(name string) bool {
	if name == "" || name == "@" || strings.HasSuffix(name, ".") || strings.Contains(name, "..") || strings.Contains(name, "@{") {
		return false
	}
	for _, ch := range name {
		if ch < 0x20 || ch == 0x7f || strings.ContainsRune(" ~^:?*[\\", ch) {
			return false
		}
	}
	for _, comp := range strings.Split(name, "/") {
		if comp == "" || strings.HasPrefix(comp, ".") || strings.HasSuffix(comp, ".lock") {
			return false
		}
	}
	return true
}

// validBranchName is validRefName for a branch, which cannot start with a
// dash either.
func validBranchName(name string) bool {
	return validRefName(name) && !strings.HasPrefix(name, "-")
}

// gitRefJSON is GitHub's git-ref object.
type gitRefJSON struct {
	Ref    string `json:"ref"`
	NodeID string `json:"node_id"`
	URL    string `json:"url"`
	Object struct {
		Type string `json:"type"`
		SHA  string `json:"sha"`
		URL  string `json:"url"`
	} `json:"object"`
}

func (c *reqCtx) renderRef(r *Repo, full, sha string) gitRefJSON {
	api := c.apiBase + "/repos/" + r.FullName()
	j := gitRefJSON{Ref: full, NodeID: "REF_" + strings.TrimPrefix(nodeID("", r.ID), "_") + objectID(full)[:8], URL: api + "/git/" + full}
	j.Object.Type, j.Object.SHA, j.Object.URL = "commit", sha, api+"/git/commits/"+sha
	return j
}

// refTarget is a reference of a repository: a branch or a tag.
type refTarget struct {
	kind string // "heads" or "tags"
	name string
}

func (t refTarget) full() string { return "refs/" + t.kind + "/" + t.name }

// parseRef reads "heads/x" or "tags/x" (with or without a leading refs/).
func parseRef(ref string) (refTarget, bool) {
	ref = strings.TrimPrefix(ref, "refs/")
	kind, name, ok := strings.Cut(ref, "/")
	if !ok || (kind != "heads" && kind != "tags") || !validRefName(name) {
		return refTarget{}, false
	}
	return refTarget{kind: kind, name: name}, true
}

// lookup returns the commit the reference points at, or "".
func (t refTarget) lookup(r *Repo) string {
	if t.kind == "heads" {
		if b := r.branch(t.name); b != nil {
			return b.SHA
		}
		return ""
	}
	if tags := tagsOf.peek(r); tags != nil {
		return (*tags)[t.name]
	}
	return ""
}

// set points the reference at sha, creating it if needed.
func (t refTarget) set(r *Repo, sha string) {
	if old := t.lookup(r); old != "" && old != sha {
		rememberCommit(r, old)
	}
	if t.kind == "heads" {
		if b := r.branch(t.name); b != nil {
			b.SHA = sha
			return
		}
		r.Branches = append(r.Branches, Branch{Name: t.name, SHA: sha})
		return
	}
	tags := tagsOf.of(r)
	if *tags == nil {
		*tags = map[string]string{}
	}
	(*tags)[t.name] = sha
}

// clashes is true when another reference of the same kind is a directory
// of the reference or lies under it (feature and feature/x): git keeps
// references as files, and GitHub refuses such a create with a bare
// "Reference update failed".
func (t refTarget) clashes(r *Repo) bool {
	under := func(name string) bool {
		return strings.HasPrefix(name, t.name+"/") || strings.HasPrefix(t.name, name+"/")
	}
	if t.kind == "heads" {
		for _, b := range r.Branches {
			if under(b.Name) {
				return true
			}
		}
		return false
	}
	if tags := tagsOf.peek(r); tags != nil {
		for name := range *tags {
			if under(name) {
				return true
			}
		}
	}
	return false
}

// remove deletes the reference.
func (t refTarget) remove(r *Repo) {
	if old := t.lookup(r); old != "" {
		rememberCommit(r, old)
	}
	if t.kind == "tags" {
		delete(*tagsOf.of(r), t.name)
		return
	}
	for i, b := range r.Branches {
		if b.Name == t.name {
			r.Branches = append(r.Branches[:i:i], r.Branches[i+1:]...)
			return
		}
	}
}

// emptyRepo answers GitHub's 409 for git operations on a repository without
// commits and reports whether it did.
func (c *reqCtx) emptyRepo(r *Repo) bool {
	if len(r.Branches) > 0 {
		return false
	}
	c.fail(http.StatusConflict, "Git Repository is empty.", c.doc)
	return true
}

func (s *Server) createRef(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	f.notNull("ref", "sha")
	ref, sha := f.str("ref"), f.str("sha")
	switch {
	case f.failed:
		return
	case len(required(m, "ref", "sha")) > 0:
		c.notSupplied(required(m, "ref", "sha")...)
		return
	case c.emptyRepo(r):
		return
	}
	t, valid := parseRef(*ref)
	switch {
	case !strings.HasPrefix(*ref, "refs/") || !valid || (t.kind == "heads" && !validBranchName(t.name)):
		c.invalid("Reference name is invalid")
	case !isSHA(*sha) || !w.hasCommit(r, *sha):
		c.invalid("Object does not exist")
	case t.lookup(r) != "":
		c.invalid("Reference already exists")
	case t.clashes(r):
		c.invalid("Reference update failed")
	case c.refusedByRules(w, r, t.full(), refCreate, false, http.StatusUnprocessableEntity):
	default:
		t.set(r, strings.ToLower(*sha))
		r.PushedAt = s.now()
		j := c.renderRef(r, t.full(), t.lookup(r))
		c.json(http.StatusCreated, j)
		c.header.Set("Location", j.URL)
	}
}

// pathRef finds the reference of the path and the commit it points at. When
// there is none it answers 404 to a read and GitHub's 422 "Reference does
// not exist" to a write (409 in an empty repository).
func (c *reqCtx) pathRef(r *Repo) (refTarget, string, bool) {
	if c.emptyRepo(r) {
		return refTarget{}, "", false
	}
	t, ok := parseRef(c.params["ref"])
	sha := ""
	if ok {
		sha = t.lookup(r)
	}
	if sha == "" {
		if c.r.Method == http.MethodGet {
			c.fail(http.StatusNotFound, "Not Found", c.doc)
		} else {
			c.invalid("Reference does not exist")
		}
		return refTarget{}, "", false
	}
	return t, sha, true
}

func (s *Server) getRef(c *reqCtx, w *world, r *Repo) {
	if t, sha, ok := c.pathRef(r); ok {
		c.json(http.StatusOK, c.renderRef(r, t.full(), sha))
	}
}

// updateRef moves a reference to another commit of the repository. The
// emulator keeps no commit graph, so every move counts as a fast-forward.
func (s *Server) updateRef(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	sha := f.str("sha")
	force := f.boolean("force")
	switch {
	case f.failed:
		return
	case sha == nil:
		c.notSupplied("sha")
		return
	}
	t, _, ok := c.pathRef(r)
	if !ok {
		return
	}
	if !isSHA(*sha) || !w.hasCommit(r, *sha) {
		c.invalid("Object does not exist")
		return
	}
	// The emulator keeps no commit graph: a move counts as a force-push
	// when the request forces it.
	if c.refusedByRules(w, r, t.full(), refUpdate, force != nil && *force, http.StatusUnprocessableEntity) {
		return
	}
	t.set(r, strings.ToLower(*sha))
	r.PushedAt = s.now()
	c.json(http.StatusOK, c.renderRef(r, t.full(), t.lookup(r)))
}

// deleteRef deletes a branch or tag. The default branch cannot go, nor can a
// branch its protection keeps.
func (s *Server) deleteRef(c *reqCtx, w *world, r *Repo) {
	t, _, ok := c.pathRef(r)
	if !ok {
		return
	}
	if c.refusedByRules(w, r, t.full(), refDelete, false, http.StatusUnprocessableEntity) {
		return
	}
	if t.kind == "heads" {
		if t.name == r.DefaultBranch {
			c.invalid("Cannot delete the default branch")
			return
		}
		for _, guard := range branchDeleteGuards {
			if msg := guard(w, r, t.name); msg != "" {
				c.invalid(msg)
				return
			}
		}
	}
	t.remove(r)
	r.PushedAt = s.now()
	c.noContent()
}
