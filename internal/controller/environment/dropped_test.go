package environment

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/dropped"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// A reviewer team GitHub leaves out (it has no access to the repository)
// is recorded by the write, named in Ready, and not written again on every
// poll: only dropped.RetryAfter later, or once the spec changes.
func TestDroppedReviewerTeam(t *testing.T) {
	withTeam := withParams(func(p *common.EnvironmentParameters) {
		p.Reviewers = []common.EnvironmentReviewer{{Type: "User", ID: ptr.To[int64](101)}, {Type: "Team", ID: ptr.To[int64](7)}}
	})
	droppedAt := func(at metav1.Time) mod {
		return func(r Object) {
			r.Observation().DroppedByGitHub = &common.DroppedReviewers{At: at, Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}}}
		}
	}
	recent, due := metav1.NewTime(clock.Add(-dropped.RetryAfter/2)), metav1.NewTime(clock.Add(-dropped.RetryAfter))
	// made just now, with the resources that grant its teams access.
	young := func(r Object) { r.SetCreationTimestamp(metav1.NewTime(clock.Add(-dropped.Settling / 2))) }
	justDropped := metav1.NewTime(clock.Add(-10 * time.Second))
	type want struct {
		o        managed.ExternalObservation
		dropped  *common.DroppedReviewers
		events   []event.Reason
		warnings int
	}
	cases := map[string]struct {
		reason string
		update bool
		mg     []mod
		want   want
	}{
		"WriteRecordsIt": {
			reason: "GitHub's answer to the put lacks team 7: it is recorded with the time, and a warning says so.",
			update: true,
			mg:     []mod{withExternalName("production"), withTeam},
			want: want{dropped: &common.DroppedReviewers{At: metav1.NewTime(clock), Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}}},
				events: []event.Reason{reasonDropped}, warnings: 1},
		},
		"WriteWhileSettlingIsNoWarning": {
			reason: "Just after the resource was made, the team's access may be on its way (a TeamRepository applied with it): recorded and named, in a Normal event.",
			update: true,
			mg:     []mod{withExternalName("production"), withTeam, young},
			want: want{dropped: &common.DroppedReviewers{At: metav1.NewTime(clock), Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}}},
				events: []event.Reason{reasonDropped}},
		},
		"AskedAgainWhileSettling": {
			reason: "Just after the resource was made, the team is asked for again on the next poll, not RetryAfter later.",
			mg:     []mod{withExternalName("production"), withTeam, young, droppedAt(justDropped)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: dropped.AskAgain},
				dropped: &common.DroppedReviewers{At: justDropped, Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}}}},
		},
		"NoDriftWhileRecorded": {
			reason: "A poll soon after finds GitHub as it answered: up to date, no write, the team still named.",
			mg:     []mod{withExternalName("production"), withTeam, droppedAt(recent)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true},
				dropped: &common.DroppedReviewers{At: recent, Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}}}},
		},
		"AskedAgainWhenDue": {
			reason: "RetryAfter later the provider asks GitHub again (one write).",
			mg:     []mod{withExternalName("production"), withTeam, droppedAt(due)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: dropped.AskAgain},
				dropped: &common.DroppedReviewers{At: due, Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}}}},
		},
		"SpecNoLongerNamesIt": {
			reason: "A team taken out of the spec is forgotten: nothing dropped, GitHub is as declared.",
			mg: []mod{withExternalName("production"), droppedAt(recent), withParams(func(p *common.EnvironmentParameters) {
				p.Reviewers = []common.EnvironmentReviewer{{Type: "User", ID: ptr.To[int64](101)}}
			})},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var calls []call
				mg := s.environment(tc.mg...)
				rec := &kindtest.Recorder{}
				a := api{get: answer(), put: answer(), policies: mainPolicy}
				e := s.external(a.fake(t, &calls), teamsOf(nil, nil), rec, found{observed: answer(), policies: mainPolicy, refIDs: map[string]int64{}})
				var o managed.ExternalObservation
				var err error
				if tc.update {
					_, err = e.Update(context.Background(), mg)
				} else {
					o, err = e.Observe(context.Background(), mg)
				}
				if err != nil {
					t.Fatalf("\n%s\n: %v", tc.reason, err)
				}
				if diff := cmp.Diff(tc.want.o, o); diff != "" {
					t.Errorf("\n%s\nobservation: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.dropped, mg.Observation().DroppedByGitHub); diff != "" {
					t.Errorf("\n%s\nstatus.atProvider.droppedByGitHub: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				warnings := 0
				for _, e := range rec.Events {
					if e.Type == event.TypeWarning {
						warnings++
					}
				}
				if warnings != tc.want.warnings {
					t.Errorf("\n%s\nwarnings: %d, want %d", tc.reason, warnings, tc.want.warnings)
				}
				ready := mg.GetCondition(xpv2.TypeReady)
				named := strings.Contains(ready.Message, "team id 7") && strings.Contains(ready.Message, "access to the repository") && strings.Contains(ready.Message, "TeamRepository")
				if named != (tc.want.dropped != nil) {
					t.Errorf("\n%s\nReady message %q: want it to name the dropped team, why and what to do: %t", tc.reason, ready.Message, tc.want.dropped != nil)
				}
			})
		})
	}
}
