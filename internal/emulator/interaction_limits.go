package emulator

import (
	"fmt"
	"net/http"
	"time"
)

func init() { registerKind("interaction-limits", interactionLimitRoutes) }

const docInteractions = "https://docs.github.com/rest/interactions"

// interactionLimit is a temporary interaction restriction of a repository
// or an organization (https://docs.github.com/rest/interactions): who may
// comment, open issues and create pull requests, until when. GitHub
// answers {} once it has expired, as when none was set.
type interactionLimit struct {
	Limit     string
	ExpiresAt time.Time
}

// repoInteractionLimitOf and orgInteractionLimitOf are where a repository
// and an organization keep theirs; a repository's goes with it.
var (
	repoInteractionLimitOf = subKind[interactionLimit]{name: "interaction-limit"}
	orgInteractionLimitOf  = orgKind[interactionLimit]{name: "interaction-limit"}
)

// interactionGroups and interactionExpiries are GitHub's enums
// (interaction-group, interaction-expiry), the expiries with their length.
var (
	interactionGroups   = []string{"existing_users", "contributors_only", "collaborators_only"}
	interactionExpiries = []string{"one_day", "three_days", "one_week", "one_month", "six_months"}
)

// interactionExpiry is how long a limit set with expiry e lasts.
func interactionExpiry(e string) time.Duration {
	day := 24 * time.Hour
	switch e {
	case "three_days":
		return 3 * day
	case "one_week":
		return 7 * day
	case "one_month":
		return 30 * day
	case "six_months":
		return 180 * day
	}
	return day
}

// inEffect is l when it is set and has not expired at now, else nil.
func (l *interactionLimit) inEffect(now time.Time) *interactionLimit {
	if l == nil || l.Limit == "" || !now.Before(l.ExpiresAt) {
		return nil
	}
	return l
}

// interactionLimitJSON is GitHub's interaction-limit-response.
type interactionLimitJSON struct {
	Limit     string `json:"limit"`
	Origin    string `json:"origin"`
	ExpiresAt string `json:"expires_at"`
}

// renderInteractionLimit is l as GitHub answers it, from origin
// (repository, organization); {} when none is in effect.
func renderInteractionLimit(l *interactionLimit, origin string) any {
	if l == nil {
		return map[string]any{}
	}
	return interactionLimitJSON{Limit: l.Limit, Origin: origin, ExpiresAt: ts(l.ExpiresAt)}
}

// interactionLimitRoutes declares the interaction limits of a repository
// (its admins) and of an organization (its owners).
func interactionLimitRoutes(s *Server, t *routeTable) {
	repo := func(write bool, anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, write: write, doc: docInteractions + "/repos#" + anchor}
	}
	org := func(write bool, anchor string) orgOp {
		return orgOp{auth: authRequired, need: accessAdmin, write: write, refused: "You must be an organization owner.", doc: docInteractions + "/orgs#" + anchor}
	}
	t.repo(http.MethodGet, "/interaction-limits", repo(false, "get-interaction-restrictions-for-a-repository"), s.getRepoInteractionLimit)
	t.repo(http.MethodPut, "/interaction-limits", repo(true, "set-interaction-restrictions-for-a-repository"), s.putRepoInteractionLimit)
	t.repo(http.MethodDelete, "/interaction-limits", repo(true, "remove-interaction-restrictions-for-a-repository"), s.deleteRepoInteractionLimit)
	t.org(http.MethodGet, "/interaction-limits", org(false, "get-interaction-restrictions-for-an-organization"), s.getOrgInteractionLimit)
	t.org(http.MethodPut, "/interaction-limits", org(true, "set-interaction-restrictions-for-an-organization"), s.putOrgInteractionLimit)
	t.org(http.MethodDelete, "/interaction-limits", org(true, "remove-interaction-restrictions-for-an-organization"), s.deleteOrgInteractionLimit)
}

// ownerLimit is the limit in effect of the organization owning r, nil
// when none (or r is a user's).
func (s *Server) ownerLimit(w *world, r *Repo) *interactionLimit {
	o := w.account(r.Owner)
	if o == nil || !o.IsOrg() {
		return nil
	}
	return orgInteractionLimitOf.peek(o).inEffect(s.now())
}

// conflictWithOwner answers GitHub's 409 to a change of a repository's
// limit while its organization has one.
func conflictWithOwner(c *reqCtx) {
	c.fail(http.StatusConflict, "Interaction limits are already set for the organization that owns this repository.", c.doc)
}

// getRepoInteractionLimit answers the limit in effect: the organization's
// (origin organization) while it has one, else the repository's own.
func (s *Server) getRepoInteractionLimit(c *reqCtx, w *world, r *Repo) {
	if l := s.ownerLimit(w, r); l != nil {
		c.json(http.StatusOK, renderInteractionLimit(l, "organization"))
		return
	}
	c.json(http.StatusOK, renderInteractionLimit(repoInteractionLimitOf.peek(r).inEffect(s.now()), "repository"))
}

// readInteractionLimit reads a PUT body (interaction-limit: limit
// required, expiry one_day by default) into the limit it sets from now.
func (s *Server) readInteractionLimit(c *reqCtx) (interactionLimit, bool) {
	f, ok := c.fields(true)
	if !ok {
		return interactionLimit{}, false
	}
	if missing := required(f.m, "limit"); len(missing) > 0 {
		c.notSupplied(missing...)
		return interactionLimit{}, false
	}
	f.notNull("limit")
	limit, ok := enumField(c, f, "limit", interactionGroups)
	if !ok {
		return interactionLimit{}, false
	}
	expiry, ok := enumField(c, f, "expiry", interactionExpiries)
	if !ok {
		return interactionLimit{}, false
	}
	e := "one_day"
	if expiry != nil {
		e = *expiry
	}
	return interactionLimit{Limit: *limit, ExpiresAt: s.now().Add(interactionExpiry(e)).Truncate(time.Second)}, true
}

// putRepoInteractionLimit sets the repository's limit; 409 while its
// organization has one.
func (s *Server) putRepoInteractionLimit(c *reqCtx, w *world, r *Repo) {
	if s.ownerLimit(w, r) != nil {
		conflictWithOwner(c)
		return
	}
	l, ok := s.readInteractionLimit(c)
	if !ok {
		return
	}
	*repoInteractionLimitOf.of(r) = l
	c.json(http.StatusOK, renderInteractionLimit(&l, "repository"))
}

// deleteRepoInteractionLimit removes the repository's limit (204, none or
// not); 409 while its organization has one.
func (s *Server) deleteRepoInteractionLimit(c *reqCtx, w *world, r *Repo) {
	if s.ownerLimit(w, r) != nil {
		conflictWithOwner(c)
		return
	}
	if l := repoInteractionLimitOf.peek(r); l != nil {
		*l = interactionLimit{}
	}
	c.noContent()
}

func (s *Server) getOrgInteractionLimit(c *reqCtx, _ *world, org *Account) {
	c.json(http.StatusOK, renderInteractionLimit(orgInteractionLimitOf.peek(org).inEffect(s.now()), "organization"))
}

// putOrgInteractionLimit sets the organization's limit, which overwrites
// the limits of its repositories: theirs are gone.
func (s *Server) putOrgInteractionLimit(c *reqCtx, w *world, org *Account) {
	l, ok := s.readInteractionLimit(c)
	if !ok {
		return
	}
	*orgInteractionLimitOf.of(org) = l
	for _, r := range w.reposOf(org.Login) {
		if rl := repoInteractionLimitOf.peek(r); rl != nil {
			*rl = interactionLimit{}
		}
	}
	c.json(http.StatusOK, renderInteractionLimit(&l, "organization"))
}

func (s *Server) deleteOrgInteractionLimit(c *reqCtx, _ *world, org *Account) {
	if l := orgInteractionLimitOf.peek(org); l != nil {
		*l = interactionLimit{}
	}
	c.noContent()
}

// ExpireRepositoryInteractionLimit makes a repository's interaction limit
// expire after in (at once when 0), as GitHub does at its expires_at: its
// expires_at becomes now+in, and GETs answer {} from then on.
func (s *Server) ExpireRepositoryInteractionLimit(owner, name string, in time.Duration) error {
	return s.state.update(owner, name, func(_ *world, r *Repo) error {
		l := repoInteractionLimitOf.peek(r).inEffect(s.now())
		if l == nil {
			return fmt.Errorf("repository %s/%s has no interaction limit in effect: %w", owner, name, ErrNotFound)
		}
		l.ExpiresAt = s.now().Add(in).Truncate(time.Second)
		return nil
	})
}

// ExpireOrganizationInteractionLimit makes an organization's interaction
// limit expire after in (at once when 0).
func (s *Server) ExpireOrganizationInteractionLimit(login string, in time.Duration) error {
	st := s.state
	st.mu.Lock()
	defer st.mu.Unlock()
	org := st.w.account(login)
	if org == nil || !org.IsOrg() {
		return fmt.Errorf("organization %s: %w", login, ErrNotFound)
	}
	l := orgInteractionLimitOf.peek(org).inEffect(s.now())
	if l == nil {
		return fmt.Errorf("organization %s has no interaction limit in effect: %w", login, ErrNotFound)
	}
	l.ExpiresAt = s.now().Add(in).Truncate(time.Second)
	return nil
}
