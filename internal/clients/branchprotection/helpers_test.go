package branchprotection

import (
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// fullSpec is a spec that sets every part of a protection.
func fullSpec() *v1alpha1.BranchProtectionParameters {
	return &v1alpha1.BranchProtectionParameters{
		BranchTarget:         v1alpha1.BranchTarget{Branch: ptr.To[v1alpha1.BranchName]("main")},
		RequiredStatusChecks: &v1alpha1.RequiredStatusChecks{Strict: ptr.To(true), Contexts: []string{"lint", "build"}},
		EnforceAdmins:        ptr.To(true),
		RequiredPullRequestReviews: &v1alpha1.RequiredPullRequestReviews{
			DismissStaleReviews: ptr.To(true), RequireCodeOwnerReviews: ptr.To(true), RequiredApprovingReviewCount: ptr.To[int64](2),
			RequireLastPushApproval:     ptr.To(true),
			DismissalRestrictions:       &v1alpha1.BranchActors{Users: []string{"Alice"}, Teams: []string{"platform"}},
			BypassPullRequestAllowances: &v1alpha1.BranchActors{Apps: []string{"Release-Bot"}},
		},
		Restrictions:                   &v1alpha1.BranchActors{Users: []string{"bob", "Alice"}, Teams: []string{"sre", "platform"}, Apps: []string{"deployer"}},
		RequiredLinearHistory:          ptr.To(true),
		AllowForcePushes:               ptr.To(true),
		AllowDeletions:                 ptr.To(true),
		BlockCreations:                 ptr.To(true),
		RequiredConversationResolution: ptr.To(true),
		LockBranch:                     ptr.To(true),
		AllowForkSyncing:               ptr.To(true),
		RequiredSignatures:             ptr.To(true),
	}
}

func users(logins ...string) []github.Account {
	out := []github.Account{}
	for _, l := range logins {
		out = append(out, github.Account{Login: l})
	}
	return out
}

func slugs(s ...string) []github.Slugged {
	out := []github.Slugged{}
	for _, x := range s {
		out = append(out, github.Slugged{Slug: x})
	}
	return out
}

var (
	yes = &github.Enabled{Enabled: true}
	no  = &github.Enabled{}
)

// fullAnswer is fullSpec as GitHub answers it: lists sorted, logins in
// GitHub's spelling, both ways of naming status checks, apps GitHub chose.
func fullAnswer() *github.Protection {
	return &github.Protection{
		RequiredStatusChecks: &github.ProtectionStatusChecks{Strict: true, Contexts: []string{"build", "lint"},
			Checks: []github.StatusCheck{{Context: "build", AppID: ptr.To[int64](15368)}, {Context: "lint"}}},
		EnforceAdmins: yes,
		RequiredPullRequestReviews: &github.ProtectionReviews{
			DismissStaleReviews: true, RequireCodeOwnerReviews: true, RequiredApprovingReviewCount: 2, RequireLastPushApproval: true,
			DismissalRestrictions:       &github.ProtectionActors{Users: users("alice"), Teams: slugs("platform"), Apps: slugs()},
			BypassPullRequestAllowances: &github.ProtectionActors{Users: users(), Teams: slugs(), Apps: slugs("release-bot")},
		},
		Restrictions:          &github.ProtectionActors{Users: users("alice", "Bob"), Teams: slugs("platform", "sre"), Apps: slugs("deployer")},
		RequiredLinearHistory: yes, AllowForcePushes: yes, AllowDeletions: yes, BlockCreations: yes,
		RequiredConversationResolution: yes, LockBranch: yes, AllowForkSyncing: yes, RequiredSignatures: yes,
	}
}

// offAnswer is a protection with everything off, as GitHub answers it.
func offAnswer() *github.Protection {
	return &github.Protection{
		EnforceAdmins: no, RequiredLinearHistory: no, AllowForcePushes: no, AllowDeletions: no, BlockCreations: no,
		RequiredConversationResolution: no, LockBranch: no, AllowForkSyncing: no, RequiredSignatures: no,
	}
}
