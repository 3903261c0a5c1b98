package branchprotection

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var at = time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)

func TestDropped(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *v1alpha1.BranchProtectionParameters
		got    *github.Protection
		want   *v1alpha1.DroppedActors
	}{
		"AllKept": {
			reason: "GitHub kept everyone asked for, in its own spelling: nothing dropped.",
			p:      fullSpec(), got: fullAnswer(),
		},
		"NoActors": {
			reason: "A request without actors drops nobody.",
			p:      &v1alpha1.BranchProtectionParameters{}, got: offAnswer(),
		},
		"SomeDropped": {
			reason: "Those asked for and left out of GitHub's answer are dropped, by part, in the spec's spelling; a part GitHub left out entirely drops everyone in it.",
			p:      fullSpec(),
			got: func() *github.Protection {
				g := fullAnswer()
				g.Restrictions.Users, g.Restrictions.Apps = users("alice"), slugs()
				g.RequiredPullRequestReviews.DismissalRestrictions = nil
				return g
			}(),
			want: &v1alpha1.DroppedActors{
				At:                    metav1.NewTime(at),
				Restrictions:          &v1alpha1.ActorsObservation{Users: []string{"bob"}, Apps: []string{"deployer"}},
				DismissalRestrictions: &v1alpha1.ActorsObservation{Users: []string{"Alice"}, Teams: []string{"platform"}},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Dropped(Request(tc.p, nil), tc.got, at)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nDropped(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestPrune(t *testing.T) {
	dropped := &v1alpha1.DroppedActors{
		At:                          metav1.NewTime(at),
		Restrictions:                &v1alpha1.ActorsObservation{Users: []string{"bob", "carol"}},
		BypassPullRequestAllowances: &v1alpha1.ActorsObservation{Apps: []string{"release-bot"}},
	}
	cases := map[string]struct {
		reason string
		p      *v1alpha1.BranchProtectionParameters
		want   *v1alpha1.DroppedActors
	}{
		"StillNamed": {
			reason: "Those the spec still names (in any case) are kept; carol, no longer named, goes.",
			p:      fullSpec(),
			want: &v1alpha1.DroppedActors{At: metav1.NewTime(at),
				Restrictions:                &v1alpha1.ActorsObservation{Users: []string{"bob"}},
				BypassPullRequestAllowances: &v1alpha1.ActorsObservation{Apps: []string{"release-bot"}}},
		},
		"NoLongerNamed": {
			reason: "A spec that names none of them any more leaves nothing.",
			p:      &v1alpha1.BranchProtectionParameters{Restrictions: &v1alpha1.BranchActors{Users: []string{"dave"}}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Prune(dropped, tc.p)); diff != "" {
				t.Errorf("\n%s\nPrune(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
	if got := Prune(nil, fullSpec()); got != nil {
		t.Errorf("Prune(nil, ...) = %+v, want nil", got)
	}
}

func TestRetryDue(t *testing.T) {
	d := &v1alpha1.DroppedActors{At: metav1.NewTime(at)}
	cases := map[string]struct {
		d    *v1alpha1.DroppedActors
		now  time.Time
		want bool
	}{
		"NothingDropped": {d: nil, now: at.Add(time.Hour)},
		"TooSoon":        {d: d, now: at.Add(RetryDroppedAfter - time.Second)},
		"Due":            {d: d, now: at.Add(RetryDroppedAfter), want: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := RetryDue(tc.d, tc.now); got != tc.want {
				t.Errorf("RetryDue(..., %s) = %t, want %t", tc.now, got, tc.want)
			}
		})
	}
}

func TestDroppedMessage(t *testing.T) {
	if got := DroppedMessage(nil, "demo-org/app", "main"); got != "" {
		t.Errorf("DroppedMessage(nil) = %q, want none", got)
	}
	got := DroppedMessage(&v1alpha1.DroppedActors{
		Restrictions:                &v1alpha1.ActorsObservation{Users: []string{"bob", "carol"}, Teams: []string{"idle"}},
		BypassPullRequestAllowances: &v1alpha1.ActorsObservation{Apps: []string{"release-bot"}},
	}, "demo-org/app", "main")
	for _, want := range []string{
		"branch main of demo-org/app",
		"without push access",
		"restrictions: users bob, carol; teams idle",
		"requiredPullRequestReviews.bypassPullRequestAllowances: apps release-bot",
		"again 30m0s after",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("DroppedMessage(...) = %q\nwant it to say %q", got, want)
		}
	}
}
