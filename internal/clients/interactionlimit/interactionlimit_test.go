package interactionlimit

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var (
	now  = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	at   = func(d time.Duration) *time.Time { t := now.Add(d); return &t }
	repo = github.InteractionOriginRepository
	org  = github.InteractionOriginOrganization
)

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		d    Declared
		want *github.InteractionLimitRequest
	}{
		"GitHub's default expiry": {Declared{Limit: "collaborators_only"}, &github.InteractionLimitRequest{Limit: "collaborators_only", Expiry: "one_day"}},
		"declared expiry":         {Declared{Limit: "existing_users", Expiry: "six_months", Renew: true}, &github.InteractionLimitRequest{Limit: "existing_users", Expiry: "six_months"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Request(tc.d)); diff != "" {
				t.Errorf("Request(...): -want, +got:\n%s", diff)
			}
		})
	}
}

func TestNextAndJudge(t *testing.T) {
	none := &github.InteractionLimit{}
	inEffect := func(limit, origin string, until time.Duration) *github.InteractionLimit {
		return &github.InteractionLimit{Limit: limit, Origin: origin, ExpiresAt: at(until)}
	}
	cases := map[string]struct {
		reason  string
		d       Declared
		prev    Seen
		got     *github.InteractionLimit
		set     bool
		want    Seen
		verdict Verdict
	}{
		"Unset": {
			reason: "none in effect and none set before: Create sets it",
			d:      Declared{Limit: "collaborators_only"}, got: none, want: Seen{}, verdict: Unset,
		},
		"Kept": {
			reason: "the declared limit in effect",
			d:      Declared{Limit: "collaborators_only"}, got: inEffect("collaborators_only", repo, time.Hour), set: true,
			want: Seen{Limit: "collaborators_only", Origin: repo, ExpiresAt: at(time.Hour)}, verdict: Kept,
		},
		"AdoptedAsIs": {
			reason: "a limit set before the resource, the declared one: kept, nothing written",
			d:      Declared{Limit: "existing_users"}, got: inEffect("existing_users", repo, time.Hour),
			want: Seen{Limit: "existing_users", Origin: repo, ExpiresAt: at(time.Hour)}, verdict: Kept,
		},
		"Changed": {
			reason: "another limit set on GitHub: drift",
			d:      Declared{Limit: "collaborators_only"}, got: inEffect("existing_users", repo, time.Hour), set: true,
			want: Seen{Limit: "existing_users", Origin: repo, ExpiresAt: at(time.Hour)}, verdict: Changed,
		},
		"RemovedEarly": {
			reason: "gone an hour before its expiry: removed by someone, set again even without renew",
			d:      Declared{Limit: "collaborators_only"}, prev: Seen{Limit: "collaborators_only", Origin: repo, ExpiresAt: at(time.Hour)}, got: none, set: true,
			want: Seen{}, verdict: Removed,
		},
		"NeverReadRemoved": {
			reason: "set, never read with its expiry, gone: removed, set again",
			d:      Declared{Limit: "collaborators_only"}, got: none, set: true, want: Seen{}, verdict: Removed,
		},
		"LapsedNoRenew": {
			reason: "gone after its expiry, renew unset: Lapsed, when it lapsed kept",
			d:      Declared{Limit: "collaborators_only"}, prev: Seen{Limit: "collaborators_only", Origin: repo, ExpiresAt: at(-time.Minute)}, got: none, set: true,
			want: Seen{LapsedAt: at(-time.Minute)}, verdict: Lapsed,
		},
		"LapsedWithinSlack": {
			reason: "gone a few seconds before its expiry by the provider's clock: lapsed, not removed",
			d:      Declared{Limit: "collaborators_only"}, prev: Seen{Limit: "collaborators_only", Origin: repo, ExpiresAt: at(10 * time.Second)}, got: none, set: true,
			want: Seen{LapsedAt: at(10 * time.Second)}, verdict: Lapsed,
		},
		"StaysLapsed": {
			reason: "read again after it lapsed: still Lapsed",
			d:      Declared{Limit: "collaborators_only"}, prev: Seen{LapsedAt: at(-time.Hour)}, got: none, set: true,
			want: Seen{LapsedAt: at(-time.Hour)}, verdict: Lapsed,
		},
		"Renew": {
			reason: "lapsed with renew: set again",
			d:      Declared{Limit: "collaborators_only", Renew: true}, prev: Seen{Limit: "collaborators_only", Origin: repo, ExpiresAt: at(-time.Second)}, got: none, set: true,
			want: Seen{LapsedAt: at(-time.Second)}, verdict: Renew,
		},
		"RenewTurnedOnAfterLapse": {
			reason: "renew set after the limit lapsed: set again",
			d:      Declared{Limit: "collaborators_only", Renew: true}, prev: Seen{LapsedAt: at(-time.Hour)}, got: none, set: true,
			want: Seen{LapsedAt: at(-time.Hour)}, verdict: Renew,
		},
		"SetAgainOutside": {
			reason: "lapsed, then set on GitHub again: in effect, no longer lapsed",
			d:      Declared{Limit: "collaborators_only"}, prev: Seen{LapsedAt: at(-time.Hour)}, got: inEffect("collaborators_only", repo, time.Hour), set: true,
			want: Seen{Limit: "collaborators_only", Origin: repo, ExpiresAt: at(time.Hour)}, verdict: Kept,
		},
		"Overridden": {
			reason: "the organization's limit in effect in the repository: shown, not fought",
			d:      Declared{Limit: "collaborators_only"}, got: inEffect("existing_users", org, time.Hour), set: true,
			want: Seen{Limit: "existing_users", Origin: org, ExpiresAt: at(time.Hour)}, verdict: Overridden,
		},
		"OrganizationsLapsed": {
			reason: "the organization's limit lapsed: the repository's own is not in effect, set it (not Lapsed: it was not this resource's)",
			d:      Declared{Limit: "collaborators_only"}, prev: Seen{Limit: "existing_users", Origin: org, ExpiresAt: at(-time.Hour)}, got: none, set: true,
			want: Seen{}, verdict: Removed,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Next(tc.prev, tc.got, repo, now)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nNext(...): -want, +got:\n%s", tc.reason, diff)
			}
			if v := Judge(tc.d, got, repo, tc.set); v != tc.verdict {
				t.Errorf("\n%s\nJudge(...) = %d, want %d", tc.reason, v, tc.verdict)
			}
			if writes := Drift(Judge(tc.d, got, repo, tc.set)) != nil; writes != (tc.verdict == Changed || tc.verdict == Removed || tc.verdict == Renew) {
				t.Errorf("\n%s\nDrift(...) writes = %t", tc.reason, writes)
			}
		})
	}
}

func TestCoveringExpiry(t *testing.T) {
	cases := map[time.Duration]string{
		time.Minute:           "one_day",
		24 * time.Hour:        "one_day",
		25 * time.Hour:        "three_days",
		5 * 24 * time.Hour:    "one_week",
		20 * 24 * time.Hour:   "one_month",
		100 * 24 * time.Hour:  "six_months",
		1000 * 24 * time.Hour: "six_months",
		-10 * 24 * time.Hour:  "one_day",
	}
	for remaining, want := range cases {
		if got := CoveringExpiry(remaining); got != want {
			t.Errorf("CoveringExpiry(%s) = %s, want %s", remaining, got, want)
		}
	}
}

// TestImportedDoesNotDrift: an imported limit is kept as it is, nothing
// written.
func TestImportedDoesNotDrift(t *testing.T) {
	got := &github.InteractionLimit{Limit: "contributors_only", Origin: org, ExpiresAt: at(40 * 24 * time.Hour)}
	d := Imported(got, now)
	if want := (Declared{Limit: "contributors_only", Expiry: "six_months"}); d != want {
		t.Errorf("Imported(...) = %+v, want %+v", d, want)
	}
	seen := Next(Seen{}, got, org, now)
	if v := Judge(d, seen, org, true); v != Kept || Drift(v) != nil {
		t.Errorf("Judge(Imported(...)) = %d, drift %v; want Kept, none", v, Drift(v))
	}
}

func TestReadAgainIn(t *testing.T) {
	cases := map[string]struct {
		seen Seen
		want time.Duration
	}{
		"none in effect":   {Seen{}, time.Minute},
		"far from expiry":  {Seen{Limit: "existing_users", ExpiresAt: at(24 * time.Hour)}, time.Minute},
		"close to expiry":  {Seen{Limit: "existing_users", ExpiresAt: at(20 * time.Second)}, 21 * time.Second},
		"just past expiry": {Seen{Limit: "existing_users", ExpiresAt: at(-time.Second)}, 5 * time.Second},
	}
	for name, tc := range cases {
		if got := ReadAgainIn(tc.seen, time.Minute, now); got != tc.want {
			t.Errorf("%s: ReadAgainIn(...) = %s, want %s", name, got, tc.want)
		}
	}
}

func TestCapDrifts(t *testing.T) {
	five, six := int64(5), int64(6)
	cases := map[string]struct {
		d    Cap
		got  github.PullCap
		want bool
	}{
		"Same":           {Cap{Enabled: true, Max: &five}, github.PullCap{Enabled: true, MaxOpenPullRequests: &five}, false},
		"TurnedOff":      {Cap{Enabled: true, Max: &five}, github.PullCap{Enabled: false, MaxOpenPullRequests: &five}, true},
		"OtherMax":       {Cap{Enabled: true, Max: &five}, github.PullCap{Enabled: true, MaxOpenPullRequests: &six}, true},
		"MaxGitHubsKept": {Cap{Enabled: true}, github.PullCap{Enabled: true, MaxOpenPullRequests: &six}, false},
	}
	for name, tc := range cases {
		if got := CapDrifts(tc.d, &tc.got); got != tc.want {
			t.Errorf("%s: CapDrifts(...) = %t, want %t", name, got, tc.want)
		}
	}
}

func TestBypassChanges(t *testing.T) {
	add, remove := BypassChanges([]string{"octocat", "Monalisa", "hubot"}, []string{"monalisa", "someone"})
	if diff := cmp.Diff([]string{"octocat", "hubot"}, add); diff != "" {
		t.Errorf("add: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff([]string{"someone"}, remove); diff != "" {
		t.Errorf("remove: -want, +got:\n%s", diff)
	}
	if add, remove := BypassChanges(nil, nil); add != nil || remove != nil {
		t.Errorf("nothing declared, nothing on GitHub: add %v, remove %v", add, remove)
	}
	users := make([]string, 250)
	if b := Batches(users); len(b) != 3 || len(b[0]) != 100 || len(b[2]) != 50 {
		t.Errorf("Batches of 250: %d batches", len(b))
	}
}
