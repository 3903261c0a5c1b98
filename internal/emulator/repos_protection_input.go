package emulator

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// readProtection reads the body of PUT .../protection, which replaces the
// whole protection. It answers GitHub's 422s itself and reports false then.
// The required signatures setting, which has its own endpoints and is not
// part of the body, is the caller's to keep.
func (c *reqCtx) readProtection(w *world, r *Repo, m map[string]json.RawMessage) (*branchProtection, bool) {
	if missing := required(m, "required_status_checks", "enforce_admins", "required_pull_request_reviews", "restrictions"); len(missing) > 0 {
		c.notSupplied(missing...)
		return nil, false
	}
	f := &fields{c: c, m: m}
	p := &branchProtection{}
	checks, _ := f.object("required_status_checks")
	reviews, _ := f.object("required_pull_request_reviews")
	restrictions, _ := f.object("restrictions")
	for name, dst := range map[string]*bool{
		"enforce_admins": &p.EnforceAdmins, "required_linear_history": &p.LinearHistory,
		"allow_force_pushes": &p.AllowForcePushes, "allow_deletions": &p.AllowDeletions,
		"block_creations": &p.BlockCreations, "required_conversation_resolution": &p.ConversationResolution,
		"lock_branch": &p.LockBranch, "allow_fork_syncing": &p.AllowForkSyncing,
	} {
		if v := f.boolean(name); v != nil {
			*dst = *v
		}
	}
	if f.failed {
		return nil, false
	}
	var ok bool
	if checks != nil {
		if p.StatusChecks, ok = c.readStatusChecks(checks); !ok {
			return nil, false
		}
	}
	var unknown []string
	if restrictions != nil {
		if !w.ownedByOrg(r) {
			c.json(http.StatusUnprocessableEntity, basicError{Message: "Only organization repositories can have users and team restrictions", DocumentationURL: c.doc, Status: "422"})
			return nil, false
		}
		if missing := required(restrictions, "users", "teams"); len(missing) > 0 {
			c.notSupplied(missing...)
			return nil, false
		}
		if p.Restrictions, ok = c.readActors(w, r, restrictions, &unknown); !ok {
			return nil, false
		}
	}
	if reviews != nil {
		if p.Reviews, ok = c.readReviews(w, r, reviews, &unknown); !ok {
			return nil, false
		}
	}
	if len(unknown) > 0 {
		c.json(http.StatusUnprocessableEntity, simpleValidationError{Message: "Validation Failed", Errors: unknown, DocumentationURL: c.doc, Status: "422"})
		return nil, false
	}
	return p, true
}

// simpleValidationError is GitHub's 422 whose errors are sentences.
type simpleValidationError struct {
	Message          string   `json:"message"`
	Errors           []string `json:"errors"`
	DocumentationURL string   `json:"documentation_url"`
	Status           string   `json:"status"`
}

// readStatusChecks reads required_status_checks. strict is required, and
// either contexts (names; any app may set them) or checks (names and apps);
// when both are sent, checks win. app_id -1 or left out means any app.
func (c *reqCtx) readStatusChecks(m map[string]json.RawMessage) (*statusChecks, bool) {
	f := &fields{c: c, m: m}
	strict := f.boolean("strict")
	contexts, hasContexts := f.strings("contexts")
	raw, hasChecks := f.raw("checks")
	switch {
	case f.failed:
		return nil, false
	case strict == nil:
		c.notSupplied("strict")
		return nil, false
	case !hasContexts && !hasChecks:
		c.notSupplied("contexts")
		return nil, false
	}
	s := &statusChecks{Strict: *strict}
	seen := map[string]bool{}
	add := func(ch statusCheck) {
		k := ch.Context
		if ch.AppID != nil {
			k += fmt.Sprintf("\x00%d", *ch.AppID)
		}
		if !seen[k] {
			seen[k] = true
			s.Checks = append(s.Checks, ch)
		}
	}
	if !hasChecks {
		for _, ctx := range contexts {
			add(statusCheck{Context: ctx})
		}
		return s, true
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || string(raw) == "null" {
		c.typeError("checks", raw, "array")
		return nil, false
	}
	for _, item := range items {
		cf := &fields{c: c, m: item}
		ctx, app := cf.str("context"), cf.integer("app_id")
		switch {
		case cf.failed:
			return nil, false
		case ctx == nil:
			c.notSupplied("context")
			return nil, false
		}
		ch := statusCheck{Context: *ctx}
		if app != nil && *app > 0 {
			ch.AppID = app
		}
		add(ch)
	}
	return s, true
}

// readReviews reads required_pull_request_reviews. GitHub requires one
// approving review when the count is left out, and at most six.
func (c *reqCtx) readReviews(w *world, r *Repo, m map[string]json.RawMessage, unknown *[]string) (*reviewRules, bool) {
	f := &fields{c: c, m: m}
	rv := &reviewRules{Count: 1}
	for name, dst := range map[string]*bool{
		"dismiss_stale_reviews": &rv.DismissStale, "require_code_owner_reviews": &rv.CodeOwners, "require_last_push_approval": &rv.LastPush,
	} {
		if v := f.boolean(name); v != nil {
			*dst = *v
		}
	}
	count := f.integer("required_approving_review_count")
	dismissal, _ := f.object("dismissal_restrictions")
	bypass, _ := f.object("bypass_pull_request_allowances")
	if f.failed {
		return nil, false
	}
	if count != nil {
		if *count < 0 || *count > 6 {
			c.json(http.StatusUnprocessableEntity, simpleValidationError{
				Message: "Validation Failed", DocumentationURL: c.doc, Status: "422",
				Errors: []string{fmt.Sprintf("required_approving_review_count must be between 0 and 6, not %d", *count)},
			})
			return nil, false
		}
		rv.Count = *count
	}
	org := w.ownedByOrg(r)
	var ok bool
	if len(dismissal) > 0 {
		if !org {
			c.json(http.StatusUnprocessableEntity, basicError{Message: "Dismissal restrictions are supported only for repositories owned by an organization.", DocumentationURL: c.doc, Status: "422"})
			return nil, false
		}
		if rv.Dismissal, ok = c.readActors(w, r, dismissal, unknown); !ok {
			return nil, false
		}
	}
	if bypass != nil {
		if rv.Bypass, ok = c.readActors(w, r, bypass, unknown); !ok {
			return nil, false
		}
	}
	if rv.Dismissal.empty() {
		rv.Dismissal = nil
	}
	if rv.Bypass.empty() {
		rv.Bypass = nil
	}
	return rv, true
}

// readActors reads users (logins), teams (slugs) and apps (slugs). Names
// that do not exist are added to unknown; users, teams and apps without
// push access to the repository are dropped without a word, as GitHub does.
func (c *reqCtx) readActors(w *world, r *Repo, m map[string]json.RawMessage, unknown *[]string) (*actorSet, bool) {
	f := &fields{c: c, m: m}
	users, _ := f.strings("users")
	teams, _ := f.strings("teams")
	apps, _ := f.strings("apps")
	if f.failed {
		return nil, false
	}
	a := &actorSet{}
	seen := map[string]bool{}
	once := func(k string) bool {
		k = strings.ToLower(k)
		if seen[k] {
			return false
		}
		seen[k] = true
		return true
	}
	for _, login := range users {
		u := w.account(login)
		switch {
		case u == nil || u.IsOrg():
			*unknown = append(*unknown, fmt.Sprintf("Could not resolve to a User with the login of '%s'.", login))
		case w.hasWriteAccess(u, r) && once("u:"+u.Login):
			a.Users = append(a.Users, u.Login)
		}
	}
	for _, slug := range teams {
		t := w.teamBySlug(r.Owner, slug)
		switch {
		case t == nil:
			*unknown = append(*unknown, fmt.Sprintf("Could not resolve to a Team with the slug of '%s'.", slug))
		case w.teamCanPush(t, r) && once(fmt.Sprintf("t:%d", t.ID)):
			a.Teams = append(a.Teams, t.ID)
		}
	}
	for _, slug := range apps {
		app := w.appBySlug(slug)
		switch {
		case app == nil:
			*unknown = append(*unknown, fmt.Sprintf("Could not resolve to an App with the slug of '%s'.", slug))
		case w.appCanPush(app, r) && once(fmt.Sprintf("a:%d", app.ID)):
			a.Apps = append(a.Apps, app.ID)
		}
	}
	w.sortActors(a)
	return a, true
}
