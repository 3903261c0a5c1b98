package branchprotection

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestObservation(t *testing.T) {
	dropped := &v1alpha1.DroppedActors{At: metav1.NewTime(at), Restrictions: &v1alpha1.ActorsObservation{Users: []string{"bob"}}}
	cases := map[string]struct {
		reason string
		got    *github.Protection
		want   v1alpha1.BranchProtectionObservation
	}{
		"Full": {
			reason: "Everything GitHub reports, in its spelling and order, with what it dropped.",
			got:    fullAnswer(),
			want: v1alpha1.BranchProtectionObservation{
				Repository: ptr.To("demo-org/app"), Branch: ptr.To("main"),
				RequiredStatusChecks: &v1alpha1.StatusChecksObservation{Strict: true, Contexts: []string{"build", "lint"},
					Checks: []v1alpha1.StatusCheckObservation{{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint"}}},
				EnforceAdmins: ptr.To(true),
				RequiredPullRequestReviews: &v1alpha1.ReviewsObservation{DismissStaleReviews: true, RequireCodeOwnerReviews: true,
					RequiredApprovingReviewCount: 2, RequireLastPushApproval: true,
					DismissalRestrictions:       &v1alpha1.ActorsObservation{Users: []string{"alice"}, Teams: []string{"platform"}},
					BypassPullRequestAllowances: &v1alpha1.ActorsObservation{Apps: []string{"release-bot"}}},
				Restrictions:          &v1alpha1.ActorsObservation{Users: []string{"alice", "Bob"}, Teams: []string{"platform", "sre"}, Apps: []string{"deployer"}},
				RequiredLinearHistory: ptr.To(true), AllowForcePushes: ptr.To(true), AllowDeletions: ptr.To(true), BlockCreations: ptr.To(true),
				RequiredConversationResolution: ptr.To(true), LockBranch: ptr.To(true), AllowForkSyncing: ptr.To(true), RequiredSignatures: ptr.To(true),
				DroppedByGitHub: dropped,
			},
		},
		"Off": {
			reason: "Parts that are off are unset; switches are false; empty restrictions stay (only administrators may push).",
			got: func() *github.Protection {
				g := offAnswer()
				g.Restrictions = &github.ProtectionActors{Users: users(), Teams: slugs(), Apps: slugs()}
				return g
			}(),
			want: v1alpha1.BranchProtectionObservation{
				Repository: ptr.To("demo-org/app"), Branch: ptr.To("main"), EnforceAdmins: ptr.To(false),
				Restrictions:          &v1alpha1.ActorsObservation{},
				RequiredLinearHistory: ptr.To(false), AllowForcePushes: ptr.To(false), AllowDeletions: ptr.To(false), BlockCreations: ptr.To(false),
				RequiredConversationResolution: ptr.To(false), LockBranch: ptr.To(false), AllowForkSyncing: ptr.To(false), RequiredSignatures: ptr.To(false),
				DroppedByGitHub: dropped,
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Observation("demo-org/app", "main", tc.got, dropped)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
