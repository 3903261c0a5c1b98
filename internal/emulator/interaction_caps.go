package emulator

import (
	"fmt"
	"net/http"
	"strings"
)

func init() { registerKind("interaction-caps", interactionCapRoutes) }

// pullCap is the pull request creation cap of a repository or an
// organization (https://docs.github.com/rest/interactions): whether it is
// on, and how many open pull requests one user may have at a time (across
// the organization's public repositories for an organization's).
type pullCap struct {
	Enabled bool
	Max     int64
}

// defaultPullCap is the cap of an owner that never set one: off. GitHub's
// description does not say what max_open_pull_requests a new owner has;
// the emulator answers 1, its description's example.
func defaultPullCap() pullCap { return pullCap{Max: 1} }

var (
	repoPullCapOf   = subKind[pullCap]{name: "pull-creation-cap"}
	orgPullCapOf    = orgKind[pullCap]{name: "pull-creation-cap"}
	pullBypassOf    = subKind[[]string]{name: "pull-cap-bypass-list"}
	maxBypassUsers  = 100
	pullCapMaxLimit = int64(1000)
)

// pullCapJSON is GitHub's cap.
type pullCapJSON struct {
	Enabled bool  `json:"enabled"`
	Max     int64 `json:"max_open_pull_requests"`
}

func renderPullCap(p *pullCap) pullCapJSON {
	if p == nil {
		d := defaultPullCap()
		p = &d
	}
	return pullCapJSON{Enabled: p.Enabled, Max: p.Max}
}

// interactionCapRoutes declares the pull request creation caps of
// repositories and organizations and a repository's bypass list, for
// admins (organization owners).
func interactionCapRoutes(s *Server, t *routeTable) {
	repo := func(write bool, anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, write: write, doc: docInteractions + "/repos#" + anchor}
	}
	org := func(write bool, anchor string) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, write: write, refused: "You must be an organization owner.", doc: docInteractions + "/orgs#" + anchor}
	}
	t.repo(http.MethodGet, "/interaction-limits/pulls/creation-cap", repo(false, "get-pull-request-creation-cap-for-a-repository"), func(c *reqCtx, _ *world, r *Repo) {
		c.json(http.StatusOK, renderPullCap(repoPullCapOf.peek(r)))
	})
	t.repo(http.MethodPatch, "/interaction-limits/pulls/creation-cap", repo(true, "update-pull-request-creation-cap-for-a-repository"), func(c *reqCtx, _ *world, r *Repo) {
		patchPullCap(c, repoPullCapOf.peek(r), func(p pullCap) { *repoPullCapOf.of(r) = p })
	})
	t.org(http.MethodGet, "/interaction-limits/pulls/creation-cap", org(false, "get-pull-request-creation-cap-for-an-org"), func(c *reqCtx, _ *world, o *Account) {
		c.json(http.StatusOK, renderPullCap(orgPullCapOf.peek(o)))
	})
	t.org(http.MethodPatch, "/interaction-limits/pulls/creation-cap", org(true, "update-pull-request-creation-cap-for-an-org"), func(c *reqCtx, _ *world, o *Account) {
		patchPullCap(c, orgPullCapOf.peek(o), func(p pullCap) { *orgPullCapOf.of(o) = p })
	})
	t.repo(http.MethodGet, "/interaction-limits/pulls/bypass-list", repo(false, "get-pull-request-creation-cap-bypass-list-for-a-repository"), func(c *reqCtx, w *world, r *Repo) {
		out := []simpleUser{}
		if l := pullBypassOf.peek(r); l != nil {
			for _, login := range *l {
				if a := w.account(login); a != nil {
					out = append(out, c.simpleUser(a))
				}
			}
		}
		c.json(http.StatusOK, out)
	})
	t.repo(http.MethodPut, "/interaction-limits/pulls/bypass-list", repo(true, "add-users-to-the-pull-request-creation-cap-bypass-list-for-a-repository"), func(c *reqCtx, w *world, r *Repo) {
		changeBypassList(c, w, r, true)
	})
	t.repo(http.MethodDelete, "/interaction-limits/pulls/bypass-list", repo(true, "remove-users-from-the-pull-request-creation-cap-bypass-list-for-a-repository"), func(c *reqCtx, w *world, r *Repo) {
		changeBypassList(c, w, r, false)
	})
}

// patchPullCap changes the cap cur (nil: the default) as the body says
// (enabled required, max_open_pull_requests 1 to 1000) and keeps it;
// answered with the cap.
func patchPullCap(c *reqCtx, cur *pullCap, keep func(pullCap)) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	if missing := required(f.m, "enabled"); len(missing) > 0 {
		c.notSupplied(missing...)
		return
	}
	enabled, most := f.boolean("enabled"), f.integer("max_open_pull_requests")
	if f.failed {
		return
	}
	next := defaultPullCap()
	if cur != nil {
		next = *cur
	}
	if enabled != nil {
		next.Enabled = *enabled
	}
	if most != nil {
		switch {
		case *most < 1:
			c.json(http.StatusUnprocessableEntity, basicError{Message: fmt.Sprintf("Invalid request.\n\nFor 'properties/max_open_pull_requests', %d is less than the minimum of 1.", *most), DocumentationURL: c.doc, Status: "422"})
			return
		case *most > pullCapMaxLimit:
			c.json(http.StatusUnprocessableEntity, basicError{Message: fmt.Sprintf("Invalid request.\n\nFor 'properties/max_open_pull_requests', %d is greater than the maximum of %d.", *most, pullCapMaxLimit), DocumentationURL: c.doc, Status: "422"})
			return
		}
		next.Max = *most
	}
	keep(next)
	c.json(http.StatusOK, renderPullCap(&next))
}

// changeBypassList adds (add) or removes the users of the body to or from
// r's bypass list: at most 100 a request, 100 on the list, each a user
// GitHub has.
func changeBypassList(c *reqCtx, w *world, r *Repo, add bool) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	if missing := required(f.m, "users"); len(missing) > 0 {
		c.notSupplied(missing...)
		return
	}
	users, _ := f.strings("users")
	if f.failed {
		return
	}
	if len(users) > maxBypassUsers {
		c.invalid("Validation Failed", fieldError{Resource: "BypassList", Field: "users", Code: "invalid",
			Message: fmt.Sprintf("You can add or remove at most %d users at a time.", maxBypassUsers)})
		return
	}
	var logins []string
	for _, u := range users {
		a := w.account(u)
		if a == nil || a.IsOrg() {
			c.invalid("Validation Failed", fieldError{Resource: "BypassList", Field: "users", Code: "invalid", Message: fmt.Sprintf("Could not find user %s.", u)})
			return
		}
		logins = append(logins, a.Login)
	}
	list := pullBypassOf.of(r)
	next := append([]string(nil), (*list)...)
	for _, login := range logins {
		i := -1
		for j, l := range next {
			if strings.EqualFold(l, login) {
				i = j
			}
		}
		switch {
		case add && i < 0:
			next = append(next, login)
		case !add && i >= 0:
			next = append(next[:i], next[i+1:]...)
		}
	}
	if len(next) > maxBypassUsers {
		c.invalid("Validation Failed", fieldError{Resource: "BypassList", Field: "users", Code: "invalid",
			Message: fmt.Sprintf("The bypass list can hold at most %d users.", maxBypassUsers)})
		return
	}
	*list = next
	c.noContent()
}
