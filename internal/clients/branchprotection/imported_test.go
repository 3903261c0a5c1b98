package branchprotection

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	anyApp := offAnswer()
	anyApp.RequiredStatusChecks = &github.ProtectionStatusChecks{Contexts: []string{"ci/build"}, Checks: []github.StatusCheck{{Context: "ci/build"}}}
	anyApp.RequiredPullRequestReviews = &github.ProtectionReviews{RequiredApprovingReviewCount: 1,
		DismissalRestrictions: &github.ProtectionActors{Users: users(), Teams: slugs(), Apps: slugs()}}
	adminsOnly := offAnswer()
	adminsOnly.Restrictions = &github.ProtectionActors{Users: users(), Teams: slugs(), Apps: slugs()}
	adminsOnly.RequiredStatusChecks = &github.ProtectionStatusChecks{Strict: true, Contexts: []string{}, Checks: []github.StatusCheck{}}
	noReviews := offAnswer()
	noReviews.RequiredPullRequestReviews = &github.ProtectionReviews{RequiredApprovingReviewCount: 0, DismissStaleReviews: true}

	cases := map[string]struct {
		got  *github.Protection
		want v1alpha1.BranchProtectionParameters
	}{
		"everything off: nothing": {
			got: offAnswer(),
		},
		"everything on, checks bound to apps": {
			got: fullAnswer(),
			want: v1alpha1.BranchProtectionParameters{
				RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Strict: ptr.To(true),
					Checks: []v1alpha1.StatusCheck{{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint", AppID: ptr.To[int64](-1)}}},
				EnforceAdmins: ptr.To(true),
				RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{
					DismissStaleReviews: ptr.To(true), RequireCodeOwnerReviews: ptr.To(true), RequiredApprovingReviewCount: ptr.To[int64](2),
					RequireLastPushApproval:     ptr.To(true),
					DismissalRestrictions:       &v1alpha1.BranchActors{Users: []string{"alice"}, Teams: []string{"platform"}},
					BypassPullRequestAllowances: &v1alpha1.BranchActors{Apps: []string{"release-bot"}},
				},
				Restrictions:          &v1alpha1.BranchActors{Users: []string{"alice", "Bob"}, Teams: []string{"platform", "sre"}, Apps: []string{"deployer"}},
				RequiredLinearHistory: ptr.To(true), AllowForcePushes: ptr.To(true), AllowDeletions: ptr.To(true), BlockCreations: ptr.To(true),
				RequiredConversationResolution: ptr.To(true), LockBranch: ptr.To(true), AllowForkSyncing: ptr.To(true), RequiredSignatures: ptr.To(true),
			},
		},
		"checks any app may set, GitHub's review count, nobody may dismiss": {
			got: anyApp,
			want: v1alpha1.BranchProtectionParameters{
				RequiredStatusChecks:       &v1alpha1.RequiredStatusChecks{Contexts: []string{"ci/build"}},
				RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{},
			},
		},
		"only administrators may push; strict with no checks": {
			got: adminsOnly,
			want: v1alpha1.BranchProtectionParameters{
				RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Strict: ptr.To(true)},
				Restrictions:         &v1alpha1.BranchActors{},
			},
		},
		"a pull request without approvals": {
			got: noReviews,
			want: v1alpha1.BranchProtectionParameters{
				RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{DismissStaleReviews: ptr.To(true), RequiredApprovingReviewCount: ptr.To[int64](0)},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.got)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// Applied as it is, the spec finds nothing to change, records
			// nothing late, and needs no signatures write.
			if d := Drift(&got, nil, tc.got); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
			if LateInitialize(&got, tc.got) {
				t.Errorf("LateInitialize(Imported()) changed the spec")
			}
			if SignaturesDiffer(&got, tc.got) {
				t.Errorf("SignaturesDiffer(Imported()) = true")
			}
		})
	}
}
