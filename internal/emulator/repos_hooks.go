package emulator

import (
	"time"
)

func init() { registerKind(hooks.name, hookRoutes) }

// hooks are a repository's webhooks, in creation order. A hook may not
// share its URL and an event with another of the repository's.
var hooks = &collection[hook]{
	name: "hooks", key: byID(5200001, func(h *hook) *int64 { return &h.ID }),
	pages: githubPages, render: renderHook, create: readNewHook, created: replyItem, optionalBody: true,
	update: &updating[hook]{method: "PATCH", read: readHookChange, reply: replyItem, bodyFirst: true},
	clash:  func(a, b *hook) bool { return a.URL == b.URL && eventsOverlap(b.Events, a.Events) },
	taken: func(c *reqCtx) {
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "custom", Message: hookExists})
	},
	stamps: func(h *hook) (*time.Time, *time.Time) { return &h.CreatedAt, &h.UpdatedAt },
}

// hookRoutes declares a repository's webhooks. Everything about them, reads
// included, needs admin rights: GitHub hides a repository's hooks from
// everyone else behind 404 Not Found, except that a create answers 403.
// An update reads its body first: a body that is no JSON object is 400
// even for a hook that is not there.
func hookRoutes(_ *Server, t *routeTable) {
	const doc = "https://docs.github.com/rest/repos/webhooks"
	op := func(need int, anchor string) repoOp {
		return repoOp{auth: authRequired, need: need, doc: doc + "#" + anchor}
	}
	hooks.onRepo(t, repoMount{path: "/hooks", param: "hook_id", hidden: accessAdmin,
		list: op(accessRead, "list-repository-webhooks"), create: op(accessAdmin, "create-a-repository-webhook"),
		get: op(accessRead, "get-a-repository-webhook"), update: op(accessRead, "update-a-repository-webhook"),
		remove: op(accessRead, "delete-a-repository-webhook")})
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
func renderHook(_ *reqCtx, self string, h *hook) any {
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
