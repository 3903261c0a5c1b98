package kind

import (
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"k8s.io/utils/ptr"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func TestCreatedDuring(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	cases := map[string]struct {
		created *time.Time
		want    bool
	}{
		"JustAfter":           {created: ptr.To(pending.Add(800 * time.Millisecond)), want: true},
		"OtherZone":           {created: ptr.To(pending.Add(time.Second).In(time.FixedZone("", -7*3600))), want: true},
		"SameInstant":         {created: &pending, want: true},
		"ClockBehind":         {created: ptr.To(pending.Add(-ClockSkew)), want: true},
		"TooLongBefore":       {created: ptr.To(pending.Add(-ClockSkew - time.Millisecond))},
		"LongBefore":          {created: ptr.To(pending.Add(-time.Hour))},
		"LongAfter":           {created: ptr.To(pending.Add(time.Hour))},
		"NoTimeGivenByGitHub": {},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := CreatedDuring(tc.created, pending); got != tc.want {
				t.Errorf("CreatedDuring(%v, %v): %t, want %t", tc.created, pending, got, tc.want)
			}
		})
	}
}

func TestCreatedByLostCreate(t *testing.T) {
	pending := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { return ptr.To(pending.Add(d)) }
	type annotations struct{ pending, succeeded, failed time.Time }
	cases := map[string]struct {
		reason      string
		a           annotations
		created     *time.Time
		unconfirmed bool
		want        bool
	}{
		"NeverCreated": {
			reason: "a resource that never started a create made nothing",
			a:      annotations{}, created: at(0),
		},
		"CutOff": {
			reason: "the provider stopped during the create: an object made while it was under way is its result",
			a:      annotations{pending: pending}, created: at(2 * time.Second), unconfirmed: true, want: true,
		},
		"CutOffLongAgo": {
			reason: "an object made long after the cut-off create started is someone else's",
			a:      annotations{pending: pending}, created: at(CreateWindow + time.Minute), unconfirmed: true,
		},
		"AnswerLost": {
			reason: "the create failed (GitHub's answer was lost) after GitHub made the object: it is the create's result",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, created: at(500 * time.Millisecond), unconfirmed: true, want: true,
		},
		"MadeAfterTheFailure": {
			reason: "an object made well after the create failed is someone else's",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, created: at(time.Second + ClockSkew + time.Second), unconfirmed: true,
		},
		"MadeBefore": {
			reason: "an object that existed before the create started is not its result",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, created: at(-time.Hour), unconfirmed: true,
		},
		"EarlierFailureThenCutOff": {
			reason: "a failure of an earlier attempt does not bound the latest attempt, which was cut off",
			a:      annotations{pending: pending, failed: pending.Add(-time.Minute)}, created: at(time.Minute), unconfirmed: true, want: true,
		},
		"Succeeded": {
			reason: "a create GitHub confirmed is not unconfirmed",
			a:      annotations{pending: pending, succeeded: pending.Add(time.Second)}, created: at(500 * time.Millisecond),
		},
		"NoCreationTime": {
			reason: "without GitHub's creation time nothing can be told",
			a:      annotations{pending: pending, failed: pending.Add(time.Second)}, unconfirmed: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			mg := &repomv1alpha1.Repository{}
			if !tc.a.pending.IsZero() {
				meta.SetExternalCreatePending(mg, tc.a.pending)
			}
			if !tc.a.succeeded.IsZero() {
				meta.SetExternalCreateSucceeded(mg, tc.a.succeeded)
			}
			if !tc.a.failed.IsZero() {
				meta.SetExternalCreateFailed(mg, tc.a.failed)
			}
			if got := CreateUnconfirmed(mg); got != tc.unconfirmed {
				t.Errorf("%s\nCreateUnconfirmed: %t, want %t", tc.reason, got, tc.unconfirmed)
			}
			if got := CreatedByLostCreate(mg, tc.created); got != tc.want {
				t.Errorf("%s\nCreatedByLostCreate: %t, want %t", tc.reason, got, tc.want)
			}
		})
	}
}
