package emulator

import (
	"net/http"
	"net/url"
	"sort"
	"strconv"
)

func init() { registerKind("branches", (*Server).branchRoutes) }

// branchRoutes declares a repository's branches: list, get, rename. Branches
// are created, moved and deleted through git refs (repos_refs.go).
func (s *Server) branchRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/branches/branches"
	t.repo("GET", "/branches", repoOp{auth: authOptional, doc: doc + "#list-branches"}, s.listBranches)
	t.repo("GET", "/branches/{branch}", repoOp{auth: authOptional, doc: doc + "#get-a-branch", multi: "branch"}, s.getBranch)
	t.repo("POST", "/branches/{branch}/rename", repoOp{auth: authRequired, need: accessWrite, write: true, doc: doc + "#rename-a-branch", multi: "branch"}, s.renameBranch)
}

// branchRenameHooks are the kinds that follow a branch rename (protection,
// rulesets); each appends itself from an init function.
var branchRenameHooks []func(w *world, r *Repo, from, to string)

// branchProtectors report whether something other than the branch itself
// protects it (branch protection, rulesets); a branch is "protected" when any
// of them says so.
var branchProtectors []func(w *world, r *Repo, branch string) bool

// branch returns the named branch of the repository, or nil. Branch names
// are case-sensitive, as git's are.
func (r *Repo) branch(name string) *Branch {
	for i := range r.Branches {
		if r.Branches[i].Name == name {
			return &r.Branches[i]
		}
	}
	return nil
}

// isProtected reports whether branch protection or an active ruleset covers
// the branch.
func (w *world) isProtected(r *Repo, branch string) bool {
	for _, p := range branchProtectors {
		if p(w, r, branch) {
			return true
		}
	}
	return false
}

// branchCommitJSON is the commit of a short-branch.
type branchCommitJSON struct {
	SHA string `json:"sha"`
	URL string `json:"url"`
}

// shortBranchJSON is GitHub's short-branch object (list items).
type shortBranchJSON struct {
	Name      string           `json:"name"`
	Commit    branchCommitJSON `json:"commit"`
	Protected bool             `json:"protected"`
}

// protectionSummaryJSON is the protection summary of a branch: whether
// branch protection is on and its status checks.
type protectionSummaryJSON struct {
	Enabled              bool                    `json:"enabled"`
	RequiredStatusChecks statusChecksSummaryJSON `json:"required_status_checks"`
}

type statusChecksSummaryJSON struct {
	EnforcementLevel string            `json:"enforcement_level"`
	Contexts         []string          `json:"contexts"`
	Checks           []statusCheckJSON `json:"checks"`
}

// branchJSON is GitHub's branch-with-protection object.
type branchJSON struct {
	Name   string     `json:"name"`
	Commit commitJSON `json:"commit"`
	Links  struct {
		HTML string `json:"html"`
		Self string `json:"self"`
	} `json:"_links"`
	Protected     bool                  `json:"protected"`
	Protection    protectionSummaryJSON `json:"protection"`
	ProtectionURL string                `json:"protection_url"`
}

func (c *reqCtx) branchURL(r *Repo, name string) string {
	return c.apiBase + "/repos/" + r.FullName() + "/branches/" + name
}

func (c *reqCtx) renderBranch(w *world, r *Repo, b *Branch) *branchJSON {
	j := &branchJSON{
		Name:          b.Name,
		Commit:        c.renderCommit(w, r, b.SHA),
		Protected:     w.isProtected(r, b.Name),
		ProtectionURL: c.branchURL(r, b.Name) + "/protection",
	}
	j.Links.HTML = c.webBase + "/" + r.FullName() + "/tree/" + b.Name
	j.Links.Self = c.branchURL(r, b.Name)
	j.Protection = protectionSummaryJSON{RequiredStatusChecks: statusChecksSummaryJSON{EnforcementLevel: "off", Contexts: []string{}, Checks: []statusCheckJSON{}}}
	if p := protectionFor(r, b.Name); p != nil {
		j.Protection.Enabled = true
		if p.StatusChecks != nil {
			sum := &j.Protection.RequiredStatusChecks
			sum.EnforcementLevel = "non_admins"
			if p.EnforceAdmins {
				sum.EnforcementLevel = "everyone"
			}
			sum.Contexts, sum.Checks = p.StatusChecks.render()
		}
	}
	return j
}

// listBranches answers the repository's branches in name order, as GitHub
// lists them; protected=true or false keeps the protected or unprotected
// ones. An empty repository has none.
func (s *Server) listBranches(c *reqCtx, w *world, r *Repo) {
	filter := c.r.URL.Query().Get("protected")
	var names []*Branch
	for i := range r.Branches {
		b := &r.Branches[i]
		if filter != "" && (filter == "true") != w.isProtected(r, b.Name) {
			continue
		}
		names = append(names, b)
	}
	sort.Slice(names, func(i, j int) bool { return names[i].Name < names[j].Name })
	start, end := c.paginate(len(names))
	items := make([]shortBranchJSON, 0, end-start)
	for _, b := range names[start:end] {
		items = append(items, shortBranchJSON{
			Name:      b.Name,
			Commit:    branchCommitJSON{SHA: b.SHA, URL: c.commitURL(r, b.SHA)},
			Protected: w.isProtected(r, b.Name),
		})
	}
	c.json(http.StatusOK, items)
}

// branchOrFail finds the branch of the path and answers GitHub's 404
// "Branch not found" when there is none.
func (c *reqCtx) branchOrFail(r *Repo) *Branch {
	b := r.branch(c.params["branch"])
	if b == nil {
		c.fail(http.StatusNotFound, "Branch not found", c.doc)
	}
	return b
}

func (s *Server) getBranch(c *reqCtx, w *world, r *Repo) {
	name := c.params["branch"]
	if r.branch(name) == nil {
		if to := movedBranch(r, name); to != "" {
			c.redirectBranch(r, to)
			return
		}
	}
	if b := c.branchOrFail(r); b != nil {
		c.json(http.StatusOK, c.renderBranch(w, r, b))
	}
}

// branchRenamesOf are a repository's renamed branches: each old name to the
// branch's current name.
var branchRenamesOf = subKind[map[string]string]{name: "branch-renames"}

// recordBranchRename remembers that from is now called to, also for the
// names that led to from.
func recordBranchRename(r *Repo, from, to string) {
	m := branchRenamesOf.of(r)
	if *m == nil {
		*m = map[string]string{}
	}
	for old, cur := range *m {
		if cur == from {
			(*m)[old] = to
		}
	}
	(*m)[from] = to
	delete(*m, to)
}

// movedBranch is the branch GitHub sends a read of the missing branch name
// to (301): the branch it was renamed to, while that exists; and, for
// "master", the default branch (GitHub redirects master there in any
// repository, renamed or not). "" when there is none.
func movedBranch(r *Repo, name string) string {
	if m := branchRenamesOf.peek(r); m != nil {
		if to := (*m)[name]; to != "" && r.branch(to) != nil {
			return to
		}
	}
	if name == "master" && r.DefaultBranch != name && r.branch(r.DefaultBranch) != nil {
		return r.DefaultBranch
	}
	return ""
}

// redirectBranch answers 301 towards the branch's id-based URL.
func (c *reqCtx) redirectBranch(r *Repo, to string) {
	loc := c.apiBase + "/repositories/" + strconv.FormatInt(r.ID, 10) + "/branches/" + url.PathEscape(to)
	c.json(http.StatusMovedPermanently, basicError{Message: "Moved Permanently", URL: loc, DocumentationURL: docRedirects})
	c.header.Set("Location", loc)
}

// renameBranch renames a branch: the default branch moves with it (renaming
// the default branch needs admin rights), and so do its protection and the
// rulesets naming it.
func (s *Server) renameBranch(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	f := &fields{c: c, m: m}
	newName := f.str("new_name")
	if f.failed {
		return
	}
	if newName == nil {
		c.notSupplied("new_name")
		return
	}
	b := c.branchOrFail(r)
	if b == nil {
		return
	}
	if b.Name == r.DefaultBranch && w.access(c.principal, r) < accessAdmin {
		c.fail(http.StatusForbidden, "Must have admin rights to Repository.", c.doc)
		return
	}
	switch {
	case !validBranchName(*newName):
		c.invalid("Validation Failed", fieldError{Resource: "Branch", Code: "invalid", Field: "new_name", Message: "New branch name is not a valid branch name."})
		return
	case r.branch(*newName) != nil:
		c.invalid("Validation Failed", fieldError{Resource: "Branch", Code: "already_exists", Field: "new_name", Message: "A branch named " + *newName + " already exists."})
		return
	}
	from := b.Name
	b.Name = *newName
	recordBranchRename(r, from, *newName)
	if r.DefaultBranch == from {
		r.DefaultBranch = *newName
	}
	for _, hook := range branchRenameHooks {
		hook(w, r, from, *newName)
	}
	r.UpdatedAt = s.now()
	c.json(http.StatusCreated, c.renderBranch(w, r, r.branch(*newName)))
}
