package branchprotection

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestDrift(t *testing.T) {
	spec := func(m func(p *v1alpha1.BranchProtectionParameters)) *v1alpha1.BranchProtectionParameters {
		p := fullSpec()
		m(p)
		return p
	}
	answer := func(m func(g *github.Protection)) *github.Protection {
		g := fullAnswer()
		m(g)
		return g
	}
	cases := map[string]struct {
		reason  string
		p       *v1alpha1.BranchProtectionParameters
		dropped *v1alpha1.DroppedActors
		got     *github.Protection
		want    []string
	}{
		"UpToDate": {
			reason: "GitHub's answer to the full spec is up to date: lists sorted, logins and slugs in another case, checks beside contexts with the apps GitHub chose.",
			p:      fullSpec(), got: fullAnswer(),
		},
		"NothingAndOff": {
			reason: "A spec that sets nothing is a protection with everything off.",
			p:      &v1alpha1.BranchProtectionParameters{}, got: offAnswer(),
		},
		"SwitchesLeftOutOfTheAnswer": {
			reason: "A switch GitHub leaves out of its answer is off.",
			p:      &v1alpha1.BranchProtectionParameters{EnforceAdmins: ptr.To(false)}, got: &github.Protection{},
		},
		"DefaultReviewCount": {
			reason: "A review count left out of the spec is GitHub's default, 1.",
			p:      &v1alpha1.BranchProtectionParameters{RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{}},
			got:    &github.Protection{RequiredPullRequestReviews: &github.ProtectionReviews{RequiredApprovingReviewCount: 1}},
		},
		"NobodyIsNone": {
			reason: "A dismissal restriction or bypass allowance naming nobody is none; GitHub's empty lists are none too.",
			p: &v1alpha1.BranchProtectionParameters{RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{
				RequiredApprovingReviewCount: ptr.To[int64](1), DismissalRestrictions: &v1alpha1.BranchActors{Users: []string{}}}},
			got: &github.Protection{RequiredPullRequestReviews: &github.ProtectionReviews{RequiredApprovingReviewCount: 1,
				BypassPullRequestAllowances: &github.ProtectionActors{Users: users(), Teams: slugs(), Apps: slugs()}}},
		},
		"DroppedNotExpected": {
			reason: "Those GitHub dropped for lack of push access are not expected back, wherever they were named.",
			p:      fullSpec(),
			dropped: &v1alpha1.DroppedActors{
				Restrictions:                &v1alpha1.ActorsObservation{Users: []string{"BOB"}, Teams: []string{"sre"}},
				DismissalRestrictions:       &v1alpha1.ActorsObservation{Users: []string{"alice"}, Teams: []string{"platform"}},
				BypassPullRequestAllowances: &v1alpha1.ActorsObservation{Apps: []string{"release-bot"}},
			},
			got: answer(func(g *github.Protection) {
				g.Restrictions.Users, g.Restrictions.Teams = users("alice"), slugs("platform")
				g.RequiredPullRequestReviews.DismissalRestrictions = nil
				g.RequiredPullRequestReviews.BypassPullRequestAllowances = nil
			}),
		},
		"DroppedThenGranted": {
			reason: "One GitHub dropped before and has now is drift: the spec no longer asks for that state.",
			p:      fullSpec(),
			dropped: &v1alpha1.DroppedActors{
				Restrictions: &v1alpha1.ActorsObservation{Users: []string{"bob"}},
			},
			got:  fullAnswer(),
			want: []string{"restrictions.users: want [Alice], GitHub has [Bob alice]"},
		},
		"ChecksByApp": {
			reason: "Checks match by context and app: -1 is GitHub's null, a check without app matches the app GitHub chose.",
			p: &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Checks: []v1alpha1.StatusCheck{
				{Context: "build", AppID: ptr.To[int64](-1)}, {Context: "lint"}, {Context: "test", AppID: ptr.To[int64](7)}}}},
			got: &github.Protection{RequiredStatusChecks: &github.ProtectionStatusChecks{Contexts: []string{"build", "lint", "test"},
				Checks: []github.StatusCheck{{Context: "test", AppID: ptr.To[int64](7)}, {Context: "lint", AppID: ptr.To[int64](99)}, {Context: "build"}}}},
		},
		"CheckOfAnotherApp": {
			reason: "A check whose app was changed on GitHub is drift.",
			p: &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Checks: []v1alpha1.StatusCheck{
				{Context: "build", AppID: ptr.To[int64](7)}}}},
			got: &github.Protection{RequiredStatusChecks: &github.ProtectionStatusChecks{Contexts: []string{"build"},
				Checks: []github.StatusCheck{{Context: "build", AppID: ptr.To[int64](8)}}}},
			want: []string{"requiredStatusChecks.checks: want [build (app 7)], GitHub has [build (app 8)]"},
		},
		"ContextsIgnoreApps": {
			reason: "Contexts are compared by name, whatever app GitHub requires for them; checks GitHub added are drift.",
			p:      &v1alpha1.BranchProtectionParameters{RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Contexts: []string{"a"}}},
			got: &github.Protection{RequiredStatusChecks: &github.ProtectionStatusChecks{Contexts: []string{"a", "b"},
				Checks: []github.StatusCheck{{Context: "a", AppID: ptr.To[int64](1)}, {Context: "b"}}}},
			want: []string{"requiredStatusChecks.contexts: want [a], GitHub has [a b]"},
		},
		"EverythingChanged": {
			reason: "Every field changed on GitHub is named.",
			p:      fullSpec(),
			got: answer(func(g *github.Protection) {
				g.RequiredStatusChecks.Strict = false
				g.RequiredStatusChecks.Contexts = []string{"build"}
				g.EnforceAdmins = no
				rv := g.RequiredPullRequestReviews
				rv.DismissStaleReviews, rv.RequireCodeOwnerReviews, rv.RequireLastPushApproval, rv.RequiredApprovingReviewCount = false, false, false, 1
				rv.DismissalRestrictions = nil
				rv.BypassPullRequestAllowances.Users = users("mallory")
				g.Restrictions.Apps = slugs()
				g.RequiredLinearHistory, g.AllowForcePushes, g.AllowDeletions, g.BlockCreations = no, no, no, no
				g.RequiredConversationResolution, g.LockBranch, g.AllowForkSyncing, g.RequiredSignatures = no, no, no, nil
			}),
			want: []string{
				"requiredStatusChecks.strict: want true, GitHub has false",
				"requiredStatusChecks.contexts: want [build lint], GitHub has [build]",
				"enforceAdmins: want true, GitHub has false",
				"requiredPullRequestReviews.dismissStaleReviews: want true, GitHub has false",
				"requiredPullRequestReviews.requireCodeOwnerReviews: want true, GitHub has false",
				"requiredPullRequestReviews.requireLastPushApproval: want true, GitHub has false",
				"requiredPullRequestReviews.requiredApprovingReviewCount: want 2, GitHub has 1",
				"requiredPullRequestReviews.dismissalRestrictions.users: want [Alice], GitHub has []",
				"requiredPullRequestReviews.dismissalRestrictions.teams: want [platform], GitHub has []",
				"requiredPullRequestReviews.bypassPullRequestAllowances.users: want [], GitHub has [mallory]",
				"restrictions.apps: want [deployer], GitHub has []",
				"requiredLinearHistory: want true, GitHub has false",
				"allowForcePushes: want true, GitHub has false",
				"allowDeletions: want true, GitHub has false",
				"blockCreations: want true, GitHub has false",
				"requiredConversationResolution: want true, GitHub has false",
				"lockBranch: want true, GitHub has false",
				"allowForkSyncing: want true, GitHub has false",
				"requiredSignatures: want true, GitHub has false",
			},
		},
		"PartsAddedOnGitHub": {
			reason: "Parts the spec leaves out and GitHub has are drift: the spec is the whole protection.",
			p:      &v1alpha1.BranchProtectionParameters{},
			got:    fullAnswer(),
			want: []string{
				"requiredStatusChecks: want none, GitHub requires status checks",
				"enforceAdmins: want false, GitHub has true",
				"requiredPullRequestReviews: want none, GitHub requires reviews",
				"restrictions: want none (everyone with push access may push), GitHub restricts pushes",
				"requiredLinearHistory: want false, GitHub has true",
				"allowForcePushes: want false, GitHub has true",
				"allowDeletions: want false, GitHub has true",
				"blockCreations: want false, GitHub has true",
				"requiredConversationResolution: want false, GitHub has true",
				"lockBranch: want false, GitHub has true",
				"allowForkSyncing: want false, GitHub has true",
				"requiredSignatures: want false, GitHub has true",
			},
		},
		"PartsRemovedOnGitHub": {
			reason: "Parts the spec sets and GitHub no longer has are drift; empty restrictions are not none.",
			p: spec(func(p *v1alpha1.BranchProtectionParameters) {
				p.Restrictions = &v1alpha1.BranchActors{}
			}),
			got: answer(func(g *github.Protection) {
				g.RequiredStatusChecks, g.RequiredPullRequestReviews, g.Restrictions = nil, nil, nil
			}),
			want: []string{
				"requiredStatusChecks: want status checks required, GitHub requires none",
				"requiredPullRequestReviews: want reviews required, GitHub requires none",
				"restrictions: want pushes restricted, GitHub has no restrictions",
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Drift(tc.p, tc.dropped, tc.got)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestSignaturesDiffer(t *testing.T) {
	cases := map[string]struct {
		want *bool
		got  *github.Enabled
		diff bool
	}{
		"BothOff":      {want: nil, got: nil},
		"BothOn":       {want: ptr.To(true), got: yes},
		"TurnOn":       {want: ptr.To(true), got: no, diff: true},
		"TurnOffUnset": {want: nil, got: yes, diff: true},
		"TurnOffFalse": {want: ptr.To(false), got: yes, diff: true},
		"OffAsLeftOut": {want: ptr.To(false), got: nil},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p := &v1alpha1.BranchProtectionParameters{RequiredSignatures: tc.want}
			if got := SignaturesDiffer(p, &github.Protection{RequiredSignatures: tc.got}); got != tc.diff {
				t.Errorf("SignaturesDiffer(%v, %v) = %t, want %t", tc.want, tc.got, got, tc.diff)
			}
		})
	}
}
