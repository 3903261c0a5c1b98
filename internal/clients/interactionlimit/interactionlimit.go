// Package interactionlimit maps RepositoryInteractionLimit and
// OrganizationInteractionLimit resources to GitHub's interaction limits
// and back: the request, what was seen, and the verdict on it. Both kinds
// share it: their limits are the same object at two endpoints.
//
// GitHub lifts every limit at its expires_at and then answers {}, as when
// none was ever set. What {} means depends on what the resource saw
// before: the limit it set, read with its expires_at, which has now passed,
// lapsed (renewed with renew, else reported as Expired); one gone earlier
// was removed by someone, drift to correct.
package interactionlimit

import (
	"strings"
	"time"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Slack is how early before its expires_at a limit found gone counts as
// lapsed rather than removed: GitHub's clock and the provider's differ a
// little, and a limit read just at its end must not be set again for
// nobody.
const Slack = time.Minute

// DefaultExpiry is GitHub's expiry when a PUT sends none.
const DefaultExpiry = "one_day"

// Declared is a resource's spec: who may interact, for how long, and
// whether a lapsed limit is set again.
type Declared struct {
	Limit  string
	Expiry string // "" is DefaultExpiry
	Renew  bool
}

// Seen is what a resource keeps in status of the limit: the one in effect
// as GitHub last answered it (Limit, Origin, ExpiresAt; empty when none),
// and when the limit the resource set lapsed without being renewed.
type Seen struct {
	Limit     string
	Origin    string
	ExpiresAt *time.Time
	LapsedAt  *time.Time
}

// A Verdict is what a resource does about what it read.
type Verdict int

// The verdicts of Judge.
const (
	// Unset: none in effect and the resource never set one: Create sets it.
	Unset Verdict = iota
	// Kept: the declared limit is in effect.
	Kept
	// Changed: a limit the resource set is in effect, another than the
	// declared one: set it as declared.
	Changed
	// Removed: the limit the resource set is gone before its expiry:
	// set it again.
	Removed
	// Renew: the limit lapsed and the resource renews it: set it again,
	// with an event.
	Renew
	// Lapsed: the limit lapsed and the resource does not renew it:
	// Ready=False, reason Expired; nothing is written.
	Lapsed
	// Overridden: the limit in effect was set elsewhere (the repository's
	// organization), which GitHub does not let the resource change:
	// shown, nothing is written.
	Overridden
)

// Request is the PUT body of the declared limit.
func Request(d Declared) *github.InteractionLimitRequest {
	e := d.Expiry
	if e == "" {
		e = DefaultExpiry
	}
	return &github.InteractionLimitRequest{Limit: d.Limit, Expiry: e}
}

// Next is what the resource keeps after reading got (own being the origin
// of the resource's own limits: repository, organization) at now, having
// kept prev: the limit in effect, or, when none is and the resource's own
// had reached its expires_at, when it lapsed.
func Next(prev Seen, got *github.InteractionLimit, own string, now time.Time) Seen {
	if got.InEffect() {
		return Seen{Limit: got.Limit, Origin: got.Origin, ExpiresAt: got.ExpiresAt}
	}
	next := Seen{LapsedAt: prev.LapsedAt}
	if next.LapsedAt == nil && prev.Origin == own && prev.ExpiresAt != nil && !now.Before(prev.ExpiresAt.Add(-Slack)) {
		at := *prev.ExpiresAt
		next.LapsedAt = &at
	}
	return next
}

// Judge is the verdict on seen (Next's answer) for a resource declaring d,
// whose own limits have origin own; set tells whether the resource has
// set its limit before (its external name is set).
func Judge(d Declared, seen Seen, own string, set bool) Verdict {
	switch {
	case seen.Limit != "" && seen.Origin != own:
		return Overridden
	case seen.Limit != "":
		// Set by this resource, or before it by someone else (then the
		// resource's from now).
		if seen.Limit == d.Limit {
			return Kept
		}
		return Changed
	case seen.LapsedAt != nil && d.Renew:
		return Renew
	case seen.LapsedAt != nil:
		return Lapsed
	case !set:
		return Unset
	}
	return Removed
}

// Drift names what differs for a verdict, for the managed reconciler's
// diff; nil when nothing is to be written.
func Drift(v Verdict) []string {
	switch v {
	case Changed:
		return []string{"limit"}
	case Removed:
		return []string{"limit (removed before it expired)"}
	case Renew:
		return []string{"limit (lapsed; renew is set)"}
	}
	return nil
}

// expiries are GitHub's expiries, shortest first, with their length.
var expiries = []struct {
	name string
	d    time.Duration
}{
	{"one_day", 24 * time.Hour},
	{"three_days", 3 * 24 * time.Hour},
	{"one_week", 7 * 24 * time.Hour},
	{"one_month", 30 * 24 * time.Hour},
	{"six_months", 180 * 24 * time.Hour},
}

// CoveringExpiry is the shortest expiry that lasts at least remaining:
// GitHub does not say which expiry a limit was set with, only when it
// ends, so an imported limit set again (a drift, a renewal) lasts at least
// as long as what is left of it.
func CoveringExpiry(remaining time.Duration) string {
	for _, e := range expiries {
		if e.d >= remaining {
			return e.name
		}
	}
	return expiries[len(expiries)-1].name
}

// Imported is the spec of a resource for the limit in effect got, read at
// now: its limit, the shortest expiry covering what is left of it, and no
// renewal (GitHub's limits are temporary; renewing one is a decision of
// the person who imports it). Judge finds it Kept.
func Imported(got *github.InteractionLimit, now time.Time) Declared {
	d := Declared{Limit: got.Limit, Expiry: DefaultExpiry}
	if got.ExpiresAt != nil {
		d.Expiry = CoveringExpiry(got.ExpiresAt.Sub(now))
	}
	return d
}

// minReadAgain is the soonest a resource is read again: a limit GitHub
// still answers just past its expires_at is not read in a tight loop.
const minReadAgain = 5 * time.Second

// ReadAgainIn is how soon a resource that saw seen should be read again,
// given the poll interval: at its expires_at (and a second, for GitHub to
// have lifted it) when that comes sooner, else after interval. Far from
// the expiry, nothing more is read than the poll interval reads.
func ReadAgainIn(seen Seen, interval time.Duration, now time.Time) time.Duration {
	if seen.ExpiresAt == nil {
		return interval
	}
	until := seen.ExpiresAt.Sub(now) + time.Second
	if until < minReadAgain {
		until = minReadAgain
	}
	if until < interval {
		return until
	}
	return interval
}

// Cap is a declared pull request creation cap: on or off, and the most
// open pull requests of one user (nil: GitHub's to keep).
type Cap struct {
	Enabled bool
	Max     *int64
}

// CapDrifts tells whether GitHub's cap got differs from the declared d.
func CapDrifts(d Cap, got *github.PullCap) bool {
	return d.Enabled != got.Enabled || (d.Max != nil && (got.MaxOpenPullRequests == nil || *d.Max != *got.MaxOpenPullRequests))
}

// CapRequest is the PATCH body of the declared cap.
func CapRequest(d Cap) *github.PullCap {
	return &github.PullCap{Enabled: d.Enabled, MaxOpenPullRequests: d.Max}
}

// BypassChanges are the users to add to GitHub's bypass list got and to
// remove from it for it to be the declared one (logins compared without
// case, as GitHub does), each in the order given.
func BypassChanges(declared, got []string) (add, remove []string) {
	in := func(list []string, login string) bool {
		for _, l := range list {
			if strings.EqualFold(l, login) {
				return true
			}
		}
		return false
	}
	for _, d := range declared {
		if !in(got, d) && !in(add, d) {
			add = append(add, d)
		}
	}
	for _, g := range got {
		if !in(declared, g) {
			remove = append(remove, g)
		}
	}
	return add, remove
}

// Batches splits users into GitHub's batches of at most 100 a request.
func Batches(users []string) [][]string {
	var out [][]string
	for len(users) > 100 {
		out = append(out, users[:100])
		users = users[100:]
	}
	if len(users) > 0 {
		out = append(out, users)
	}
	return out
}
