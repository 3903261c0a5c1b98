package environment

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestDropped(t *testing.T) {
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	bySlug, byID := Reviewer{Type: TypeTeam, Name: "ops"}, Reviewer{Type: TypeTeam, ID: 7}
	alice := Reviewer{Type: TypeUser, Name: "alice"}
	cases := map[string]struct {
		reason string
		want   []Reviewer
		got    *github.Environment
		out    *common.DroppedReviewers
	}{
		"AllKept": {"GitHub kept every reviewer: nothing dropped.", []Reviewer{alice, bySlug},
			env(0, false, nil, user(1, "alice"), team(8, "ops")), nil},
		"TeamsLeftOut": {"The teams GitHub left out are named as the spec names them; a user is never one.", []Reviewer{alice, bySlug, byID},
			env(0, false, nil, user(1, "alice")),
			&common.DroppedReviewers{At: metav1.NewTime(at), Teams: []common.DroppedReviewerTeam{{Slug: ptr.To("ops")}, {ID: ptr.To[int64](7)}}}},
		"UserLeftOut": {"A user GitHub does not show is drift, not a dropped team.", []Reviewer{alice}, env(0, false, nil), nil},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.out, Dropped(tc.want, tc.got, at)); diff != "" {
				t.Errorf("\n%s\nDropped(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestPruneAndKept(t *testing.T) {
	at := metav1.NewTime(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC))
	ops, seven := common.DroppedReviewerTeam{Slug: ptr.To("ops")}, common.DroppedReviewerTeam{ID: ptr.To[int64](7)}
	d := &common.DroppedReviewers{At: at, Teams: []common.DroppedReviewerTeam{ops, seven}}
	bySlug, byID := Reviewer{Type: TypeTeam, Name: "ops"}, Reviewer{Type: TypeTeam, ID: 7}
	alice := Reviewer{Type: TypeUser, Name: "alice"}
	cases := map[string]struct {
		reason string
		want   []Reviewer
		got    *github.Environment
		pruned *common.DroppedReviewers
		kept   []Reviewer
	}{
		"StillLeftOut": {"Teams the spec names and GitHub still leaves out stay recorded, with their time; the others are kept.",
			[]Reviewer{alice, bySlug, byID}, env(0, false, nil, user(1, "alice")), d, []Reviewer{alice}},
		"NoLongerDeclared": {"A team the spec no longer names is forgotten.",
			[]Reviewer{alice, byID}, env(0, false, nil, user(1, "alice")),
			&common.DroppedReviewers{At: at, Teams: []common.DroppedReviewerTeam{seven}}, []Reviewer{alice}},
		"GitHubHasItNow": {"A team GitHub now shows (given access, and written since) is no longer left out.",
			[]Reviewer{bySlug}, env(0, false, nil, team(8, "ops")), nil, []Reviewer{bySlug}},
		"CaseOfTheSlug": {"Slugs compare without regard to case.",
			[]Reviewer{{Type: TypeTeam, Name: "OPS"}}, env(0, false, nil),
			&common.DroppedReviewers{At: at, Teams: []common.DroppedReviewerTeam{ops}}, nil},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			pruned := Prune(d, tc.want, tc.got)
			if diff := cmp.Diff(tc.pruned, pruned); diff != "" {
				t.Errorf("\n%s\nPrune(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.kept, Kept(tc.want, pruned)); diff != "" {
				t.Errorf("\n%s\nKept(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDroppedMessage(t *testing.T) {
	at := metav1.NewTime(time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC))
	cases := map[string]struct {
		reason string
		d      *common.DroppedReviewers
		refIDs map[string]int64
		want   string
	}{
		"None": {"Nothing dropped: no message.", nil, nil, ""},
		"One": {"The team, why, and what to do.", &common.DroppedReviewers{At: at, Teams: []common.DroppedReviewerTeam{{Slug: ptr.To("ops")}}}, nil,
			`GitHub left reviewer team ops out of environment "production" of demo-org/app: a reviewer team needs access to the repository, and it has none. Give it access to demo-org/app (a TeamRepository can, with permission pull or more): the provider asks GitHub for it again 30m0s after it last left it out, and whenever the spec changes`},
		"ByTeamResource": {"A team named by teamRef is named by its Team resource too.",
			&common.DroppedReviewers{At: at, Teams: []common.DroppedReviewerTeam{{ID: ptr.To[int64](7)}, {ID: ptr.To[int64](9)}}}, map[string]int64{"deployers": 7},
			`GitHub left reviewer team id 7 (Team resource deployers), team id 9 out of environment "production" of demo-org/app: a reviewer team needs access to the repository, and they have none. Give each access to demo-org/app (a TeamRepository can, with permission pull or more): the provider asks GitHub for them again 30m0s after it last left them out, and whenever the spec changes`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, DroppedMessage(tc.d, tc.refIDs, "demo-org/app", "production")); diff != "" {
				t.Errorf("\n%s\nDroppedMessage(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
