package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

func init() { registerKind(orgHooks.name, orgHookRoutes) }

// orgHookExists is GitHub's refusal of an organization webhook whose URL
// another webhook of the organization has, with an event in common.
const orgHookExists = "Hook already exists on this organization"

// orgHookRules: an organization webhook subscribes to the organization's
// events, and an update replaces its events (GitHub's description has no
// add_events or remove_events for it).
var orgHookRules = hookRules{events: orgHookEvents}

// orgHooks are an organization's webhooks, in creation order. As a
// repository's, a hook may not share its URL and an event with another of
// the organization's; a create must name the hook "web" and send a config.
var orgHooks = &collection[hook]{
	name: "org-hooks", key: byID(5300001, func(h *hook) *int64 { return &h.ID }),
	pages: githubPages, render: renderOrgHook, create: readNewOrgHook, created: replyItem,
	update: &updating[hook]{method: "PATCH", read: readOrgHookChange, reply: replyItem, bodyFirst: true},
	clash:  func(a, b *hook) bool { return a.URL == b.URL && eventsOverlap(b.Events, a.Events) },
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "custom", Message: orgHookExists})
	},
	stamps: func(h *hook) (*time.Time, *time.Time) { return &h.CreatedAt, &h.UpdatedAt },
}

// docOrgHooks documents an organization's webhooks.
const docOrgHooks = "https://docs.github.com/rest/orgs/webhooks"

// orgHookRoutes declares an organization's webhooks and their config. Only
// the organization's owners may near them, reads included (its members
// find none: 404), and a GitHub App's installation with the
// organization_hooks permission.
func orgHookRoutes(_ *Server, t *routeTable) {
	op := func(write bool) func(anchor string) orgOp {
		return func(anchor string) orgOp {
			return orgOp{auth: authRequired, need: accessAdmin, perm: "organization_hooks", write: write, doc: docOrgHooks + "#" + anchor}
		}
	}
	read, write := op(false), op(true)
	orgHooks.onOrg(t, orgMount{path: "/hooks", param: "hook_id",
		list: read("list-organization-webhooks"), create: write("create-an-organization-webhook"),
		get: read("get-an-organization-webhook"), update: write("update-an-organization-webhook"),
		remove: write("delete-an-organization-webhook")})
	t.org(http.MethodGet, "/hooks/{hook_id}/config", read("get-a-webhook-configuration-for-an-organization"), getOrgHookConfig)
	t.org(http.MethodPatch, "/hooks/{hook_id}/config", write("update-a-webhook-configuration-for-an-organization"), patchOrgHookConfig)
}

// orgHookJSON is GitHub's org-hook object: a repository's hook has a
// test_url and a last_response besides.
type orgHookJSON struct {
	ID            int64          `json:"id"`
	URL           string         `json:"url"`
	PingURL       string         `json:"ping_url"`
	DeliveriesURL string         `json:"deliveries_url"`
	Name          string         `json:"name"`
	Events        []string       `json:"events"`
	Active        bool           `json:"active"`
	Config        hookConfigJSON `json:"config"`
	UpdatedAt     string         `json:"updated_at"`
	CreatedAt     string         `json:"created_at"`
	Type          string         `json:"type"`
}

// renderOrgHook is the hook as GitHub shows it: the secret, when there is
// one, as ********.
func renderOrgHook(_ *reqCtx, self string, h *hook) any {
	return orgHookJSON{
		ID: h.ID, URL: self, PingURL: self + "/pings", DeliveriesURL: self + "/deliveries",
		Name: "web", Events: append([]string{}, h.Events...), Active: h.Active, Config: renderHookConfig(h),
		UpdatedAt: ts(h.UpdatedAt), CreatedAt: ts(h.CreatedAt), Type: accountOrg,
	}
}

// renderHookConfig is a hook's webhook-config object, its secret masked.
func renderHookConfig(h *hook) hookConfigJSON {
	j := hookConfigJSON{ContentType: h.ContentType, InsecureSSL: h.InsecureSSL, URL: h.URL}
	if h.Secret != "" {
		j.Secret = hookSecretMask
	}
	return j
}

// readNewOrgHook reads a create body: GitHub's description requires the
// name ("web") and a config.
func readNewOrgHook(c *reqCtx, _ *world, f *fields, h *hook) bool {
	_, named := f.raw("name")
	_, configured := f.raw("config")
	switch {
	case !named && !configured:
		c.notSupplied("name", "config")
		return false
	case !named:
		c.notSupplied("name")
		return false
	case !configured:
		c.notSupplied("config")
		return false
	}
	return c.readNewHook(f, h, orgHookRules)
}

// readOrgHookChange changes h as an update body says: a config that is
// sent replaces the whole config, a secret it leaves out removed, as on
// GitHub.
func readOrgHookChange(c *reqCtx, _ *world, f *fields, h *hook) bool {
	return c.readHookChange(f, h, orgHookRules)
}

// findOrgHook is the organization's hook the path names; nil, having
// answered 404, when there is none.
func findOrgHook(c *reqCtx, org *Account) (*shelf[hook], *hook) {
	id, err := strconv.ParseInt(c.params["hook_id"], 10, 64)
	if sh := orgHooks.orgShelf().peek(org); sh != nil && err == nil {
		for _, h := range *sh {
			if h.ID == id {
				return sh, h
			}
		}
	}
	c.fail(http.StatusNotFound, "Not Found", c.doc)
	return nil, nil
}

// getOrgHookConfig answers a hook's config, its secret masked.
func getOrgHookConfig(c *reqCtx, _ *world, org *Account) {
	if _, h := findOrgHook(c, org); h != nil {
		c.json(http.StatusOK, renderHookConfig(h))
	}
}

// patchOrgHookConfig changes what the body sends of a hook's config, and
// keeps the rest: unlike an update of the hook, a secret left out is kept.
func patchOrgHookConfig(c *reqCtx, _ *world, org *Account) {
	f, ok := c.fields(true)
	if !ok {
		return
	}
	sh, old := findOrgHook(c, org)
	if old == nil {
		return
	}
	h := *old
	cfg := map[string]json.RawMessage{}
	for name, v := range map[string]string{"url": h.URL, "content_type": h.ContentType, "insecure_ssl": h.InsecureSSL, "secret": h.Secret} {
		cfg[name], _ = json.Marshal(v)
		if sent, ok := f.m[name]; ok && string(sent) != "null" {
			cfg[name] = sent
		}
	}
	if !c.readHookConfig(&h, cfg) {
		return
	}
	for _, o := range *sh {
		if o != old && orgHooks.clash(&h, o) {
			orgHooks.taken(c)
			return
		}
	}
	h.UpdatedAt = c.s.now()
	*old = h
	c.json(http.StatusOK, renderHookConfig(old))
}

// OrgHookSecret returns the secret GitHub keeps for an organization's
// hook, which its API never shows: for tests that must tell which secret
// was sent.
func (st *State) OrgHookSecret(org string, id int64) (secret string, ok bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	a := st.w.account(org)
	if a == nil || !a.IsOrg() {
		return "", false
	}
	if sh := orgHooks.orgShelf().peek(a); sh != nil {
		for _, h := range *sh {
			if h.ID == id {
				return h.Secret, true
			}
		}
	}
	return "", false
}
