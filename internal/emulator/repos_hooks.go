package emulator

import (
	"net/http"
	"strconv"
)

func init() { registerKind("hooks", (*Server).hookRoutes) }

// hookRoutes declares a repository's webhooks. Everything about them, reads
// included, needs admin rights: GitHub hides a repository's hooks from
// everyone else behind 404 Not Found, except that a create answers 403.
func (s *Server) hookRoutes(t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/webhooks"
	t.repo("GET", "/hooks", repoOp{auth: authRequired, need: accessRead, doc: doc + "#list-repository-webhooks"}, s.listHooks)
	t.repo("POST", "/hooks", repoOp{auth: authRequired, need: accessAdmin, write: true, doc: doc + "#create-a-repository-webhook"}, s.createHook)
	t.repo("GET", "/hooks/{hook_id}", repoOp{auth: authRequired, need: accessRead, doc: doc + "#get-a-repository-webhook"}, s.getHook)
	t.repo("PATCH", "/hooks/{hook_id}", repoOp{auth: authRequired, need: accessRead, write: true, doc: doc + "#update-a-repository-webhook"}, s.updateHook)
	t.repo("DELETE", "/hooks/{hook_id}", repoOp{auth: authRequired, need: accessRead, write: true, doc: doc + "#delete-a-repository-webhook"}, s.deleteHook)
}

// hookSecretMask is what GitHub answers in place of a hook's secret.
const hookSecretMask = "********"

type hookConfigJSON struct {
	ContentType string `json:"content_type"`
	InsecureSSL string `json:"insecure_ssl"`
	URL         string `json:"url"`
	Secret      string `json:"secret,omitempty"`
}

type hookResponseJSON struct {
	Code    *int    `json:"code"`
	Status  string  `json:"status"`
	Message *string `json:"message"`
}

// hookJSON is GitHub's webhook object.
type hookJSON struct {
	Type          string           `json:"type"`
	ID            int64            `json:"id"`
	Name          string           `json:"name"`
	Active        bool             `json:"active"`
	Events        []string         `json:"events"`
	Config        hookConfigJSON   `json:"config"`
	UpdatedAt     string           `json:"updated_at"`
	CreatedAt     string           `json:"created_at"`
	URL           string           `json:"url"`
	TestURL       string           `json:"test_url"`
	PingURL       string           `json:"ping_url"`
	DeliveriesURL string           `json:"deliveries_url"`
	LastResponse  hookResponseJSON `json:"last_response"`
}

// renderHook is the hook as GitHub shows it: the secret, when there is
// one, as ********. No deliveries are made, so the last response is
// always "unused".
func (c *reqCtx) renderHook(r *Repo, h *hook) hookJSON {
	self := c.apiBase + "/repos/" + r.FullName() + "/hooks/" + strconv.FormatInt(h.ID, 10)
	j := hookJSON{
		Type: "Repository", ID: h.ID, Name: "web", Active: h.Active, Events: append([]string{}, h.Events...),
		Config:    hookConfigJSON{ContentType: h.ContentType, InsecureSSL: h.InsecureSSL, URL: h.URL},
		UpdatedAt: ts(h.UpdatedAt), CreatedAt: ts(h.CreatedAt),
		URL: self, TestURL: self + "/test", PingURL: self + "/pings", DeliveriesURL: self + "/deliveries",
		LastResponse: hookResponseJSON{Status: "unused"},
	}
	if h.Secret != "" {
		j.Config.Secret = hookSecretMask
	}
	return j
}

// hooksVisible answers 404 unless the caller is an admin of the
// repository, as GitHub does for every hook operation but a create.
func (c *reqCtx) hooksVisible(w *world, r *Repo) bool {
	if w.access(c.principal, r) < accessAdmin {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return false
	}
	return true
}

// listHooks answers the repository's hooks in creation order.
func (s *Server) listHooks(c *reqCtx, w *world, r *Repo) {
	if !c.hooksVisible(w, r) {
		return
	}
	var all []*hook
	if hs := hooksOf.peek(r); hs != nil {
		all = *hs
	}
	start, end := c.paginate(len(all))
	items := make([]hookJSON, 0, end-start)
	for _, h := range all[start:end] {
		items = append(items, c.renderHook(r, h))
	}
	c.json(http.StatusOK, items)
}

// pathHook finds the hook of the path, answering 404 when there is none
// or the caller may not see it.
func (c *reqCtx) pathHook(w *world, r *Repo) *hook {
	if !c.hooksVisible(w, r) {
		return nil
	}
	id, err := strconv.ParseInt(c.params["hook_id"], 10, 64)
	var h *hook
	if err == nil {
		h = hookByID(r, id)
	}
	if h == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
	}
	return h
}

func (s *Server) createHook(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(false)
	if !ok {
		return
	}
	h, ok := c.readHook(r, m, nil)
	if !ok {
		return
	}
	h.ID = w.newHookID()
	h.CreatedAt, h.UpdatedAt = s.now(), s.now()
	all := hooksOf.of(r)
	*all = append(*all, h)
	j := c.renderHook(r, h)
	c.header.Set("Location", j.URL)
	c.json(http.StatusCreated, j)
}

func (s *Server) getHook(c *reqCtx, w *world, r *Repo) {
	if h := c.pathHook(w, r); h != nil {
		c.json(http.StatusOK, c.renderHook(r, h))
	}
}

// updateHook changes what the body sends. A config that is sent replaces
// the whole config: a secret it leaves out is removed, as on GitHub.
func (s *Server) updateHook(c *reqCtx, w *world, r *Repo) {
	m, ok := c.decode(true)
	if !ok {
		return
	}
	old := c.pathHook(w, r)
	if old == nil {
		return
	}
	h, ok := c.readHook(r, m, old)
	if !ok {
		return
	}
	h.UpdatedAt = s.now()
	*old = *h
	c.json(http.StatusOK, c.renderHook(r, old))
}

func (s *Server) deleteHook(c *reqCtx, w *world, r *Repo) {
	old := c.pathHook(w, r)
	if old == nil {
		return
	}
	all := hooksOf.of(r)
	for i, h := range *all {
		if h == old {
			*all = append((*all)[:i:i], (*all)[i+1:]...)
			break
		}
	}
	c.noContent()
}
