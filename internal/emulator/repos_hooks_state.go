package emulator

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"time"
)

// hook is a repository webhook as the emulator keeps it: its secret in
// the clear (GitHub shows it as ********; State.HookSecret shows it to
// tests).
type hook struct {
	ID          int64
	Active      bool
	Events      []string // sorted, each once; ["*"] for all
	URL         string
	ContentType string // json or form
	InsecureSSL string // "0" or "1"
	Secret      string // "" for none
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// HookSecret returns the secret GitHub keeps for a repository's hook, which
// its API never shows: for tests that must tell which secret was sent.
func (st *State) HookSecret(owner, repo string, id int64) (secret string, ok bool) {
	st.mu.RLock()
	defer st.mu.RUnlock()
	r := st.w.repoByName(owner, repo)
	if r == nil {
		return "", false
	}
	h := hooks.inRepo(r, strconv.FormatInt(id, 10))
	if h == nil {
		return "", false
	}
	return h.Secret, true
}

// Best-effort wording of GitHub's hook refusals (see docs/emulator.md),
// except hookExists, which is GitHub's.
const (
	hookExists        = "Hook already exists on this repository"
	hookNoURL         = "Config must contain URL for webhooks"
	hookBadURL        = "The URL you've entered is not valid. Please make sure that you encode all special characters first"
	hookBadContent    = "Content type must be one of json, form"
	hookBadInsecure   = "Insecure SSL must be 0 or 1"
	hookResource      = "Hook"
	hookDefaultEvent  = "push"
	hookDefaultFormat = "form"
)

// hookRules are what tells a repository's webhooks from an organization's
// in the bodies GitHub takes: the events they may subscribe to, and
// whether an update may add and remove events one by one (add_events,
// remove_events: a repository's only).
type hookRules struct {
	events    map[string]bool
	addRemove bool
}

// repoHookRules are a repository webhook's.
var repoHookRules = hookRules{events: hookEvents, addRemove: true}

// readNewHook reads a create body into a new repository hook: GitHub's
// defaults with what the body sends. It answers GitHub's 422 and reports
// false when the body is refused.
func readNewHook(c *reqCtx, _ *world, f *fields, h *hook) bool {
	return c.readNewHook(f, h, repoHookRules)
}

// readHookChange changes a repository hook as an update body says.
func readHookChange(c *reqCtx, _ *world, f *fields, h *hook) bool {
	return c.readHookChange(f, h, repoHookRules)
}

// readNewHook reads a create body into a new hook under rules.
func (c *reqCtx) readNewHook(f *fields, h *hook, rules hookRules) bool {
	*h = hook{Active: true, Events: []string{hookDefaultEvent}, ContentType: hookDefaultFormat, InsecureSSL: "0"}
	return c.readHook(f, h, true, rules)
}

// readHookChange changes h as an update body says, under rules. A config
// that is sent replaces the whole config: a secret it leaves out is
// removed, as on GitHub.
func (c *reqCtx) readHookChange(f *fields, h *hook, rules hookRules) bool {
	h.Events = append([]string(nil), h.Events...)
	return c.readHook(f, h, false, rules)
}

// readHook applies a create or update body to h.
func (c *reqCtx) readHook(f *fields, h *hook, creating bool, rules hookRules) bool {
	if name := f.str("name"); creating && name != nil && *name != "web" {
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "invalid", Field: "name"})
		return false
	}
	if a := f.boolean("active"); a != nil {
		h.Active = *a
	}
	cfg, sent := f.object("config")
	if f.failed {
		return false
	}
	if (creating || sent) && !c.readHookConfig(h, cfg) {
		return false
	}
	return c.readHookEvents(f, h, rules)
}

// readHookConfig replaces h's config with cfg: what cfg leaves out takes
// its default, a secret included (none).
func (c *reqCtx) readHookConfig(h *hook, cfg map[string]json.RawMessage) bool {
	f := &fields{c: c, m: cfg}
	u, ct, secret := f.str("url"), f.str("content_type"), f.str("secret")
	insecure, ok := readInsecureSSL(cfg["insecure_ssl"])
	if f.failed {
		return false
	}
	switch {
	case u == nil || *u == "":
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "custom", Message: hookNoURL})
		return false
	case !validHookURL(*u):
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "custom", Message: hookBadURL})
		return false
	case ct != nil && *ct != "json" && *ct != "form":
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "custom", Message: hookBadContent})
		return false
	case !ok:
		c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "custom", Message: hookBadInsecure})
		return false
	}
	h.URL, h.ContentType, h.InsecureSSL, h.Secret = *u, hookDefaultFormat, insecure, ""
	if ct != nil {
		h.ContentType = *ct
	}
	if secret != nil {
		h.Secret = *secret
	}
	return true
}

// readInsecureSSL reads insecure_ssl, which GitHub takes as a string or a
// number: "0" or "1"; "0" when left out.
func readInsecureSSL(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "0", true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		var n float64
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", false
		}
		s = fmt.Sprint(n)
	}
	return s, s == "0" || s == "1"
}

// validHookURL tells whether u is an absolute http or https URL with a host.
func validHookURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}

// readHookEvents applies events (a replacement), and where rules allow
// add_events and remove_events, to h. GitHub keeps each event once; the
// emulator keeps them sorted, and "*" (every event) alone.
func (c *reqCtx) readHookEvents(f *fields, h *hook, rules hookRules) bool {
	events, replace := f.strings("events")
	var add, remove []string
	if rules.addRemove {
		add, _ = f.strings("add_events")
		remove, _ = f.strings("remove_events")
	}
	if f.failed {
		return false
	}
	if replace {
		h.Events = events
	}
	h.Events = append(h.Events, add...)
	for _, e := range append(append([]string{}, h.Events...), remove...) {
		if !rules.events[e] {
			c.invalid("Validation Failed", fieldError{Resource: hookResource, Code: "invalid", Field: "events", Message: fmt.Sprintf("%q is not a valid event name", e)})
			return false
		}
	}
	drop := map[string]bool{}
	for _, e := range remove {
		drop[e] = true
	}
	h.Events = normalizeHookEvents(h.Events, drop)
	return true
}

// normalizeHookEvents sorts events, keeps each once, leaves out those in
// drop and stands "*" for all.
func normalizeHookEvents(events []string, drop map[string]bool) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, e := range events {
		if seen[e] || drop[e] {
			continue
		}
		if e == "*" {
			return []string{"*"}
		}
		seen[e] = true
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}

// eventsOverlap tells whether two hooks' events have one in common, "*"
// (every event) overlapping all.
func eventsOverlap(a, b []string) bool {
	in := map[string]bool{}
	for _, e := range a {
		in[e] = true
	}
	for _, e := range b {
		if in[e] || e == "*" || in["*"] {
			return true
		}
	}
	return false
}
