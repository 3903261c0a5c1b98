package branchprotection

import (
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a BranchProtection resource for GitHub's
// protection got of a branch, as it is (its repository and branch are the
// importer's to name): every part GitHub has on, and nothing that is off,
// since the spec is the whole protection and what it leaves out is off.
// got must carry the required signatures setting. Status checks are named
// with their apps (checks, -1 for any app) when GitHub binds one to an
// app, by name (contexts) otherwise; users, teams and apps are logins and
// slugs as GitHub spells them.
func Imported(got *github.Protection) v1alpha1.BranchProtectionParameters {
	p := v1alpha1.BranchProtectionParameters{
		RequiredStatusChecks:           importedChecks(got.RequiredStatusChecks),
		EnforceAdmins:                  onOnly(got.EnforceAdmins),
		RequiredPullRequestReviews:     importedReviews(got.RequiredPullRequestReviews),
		RequiredLinearHistory:          onOnly(got.RequiredLinearHistory),
		AllowForcePushes:               onOnly(got.AllowForcePushes),
		AllowDeletions:                 onOnly(got.AllowDeletions),
		BlockCreations:                 onOnly(got.BlockCreations),
		RequiredConversationResolution: onOnly(got.RequiredConversationResolution),
		LockBranch:                     onOnly(got.LockBranch),
		AllowForkSyncing:               onOnly(got.AllowForkSyncing),
		RequiredSignatures:             onOnly(got.RequiredSignatures),
	}
	if got.Restrictions != nil {
		// Restrictions with nobody in them still restrict: only
		// administrators may push.
		p.Restrictions = importedActors(got.Restrictions)
	}
	return p
}

// onOnly is true for a switch that is on, nil (off, left out) otherwise.
func onOnly(e *github.Enabled) *bool {
	if !e.On() {
		return nil
	}
	return ptr.To(true)
}

func importedChecks(got *github.ProtectionStatusChecks) *v1alpha1.RequiredStatusChecks {
	if got == nil {
		return nil
	}
	c := &v1alpha1.RequiredStatusChecks{}
	if got.Strict {
		c.Strict = ptr.To(true)
	}
	apps := false
	for _, ch := range got.Checks {
		apps = apps || ch.AppID != nil && *ch.AppID != -1
	}
	if !apps {
		c.Contexts = append(c.Contexts, gotContexts(got)...)
		return c
	}
	for _, ch := range got.Checks {
		c.Checks = append(c.Checks, v1alpha1.StatusCheck{Context: ch.Context, AppID: ptr.To(ptr.Deref(ch.AppID, -1))})
	}
	return c
}

func importedReviews(got *github.ProtectionReviews) *v1alpha1.RequiredPullRequestReviews {
	if got == nil {
		return nil
	}
	r := &v1alpha1.RequiredPullRequestReviews{
		DismissStaleReviews:         trueOnly(got.DismissStaleReviews),
		RequireCodeOwnerReviews:     trueOnly(got.RequireCodeOwnerReviews),
		RequireLastPushApproval:     trueOnly(got.RequireLastPushApproval),
		DismissalRestrictions:       importedActors(got.DismissalRestrictions),
		BypassPullRequestAllowances: importedActors(got.BypassPullRequestAllowances),
	}
	if got.RequiredApprovingReviewCount != defaultReviewCount {
		r.RequiredApprovingReviewCount = ptr.To(got.RequiredApprovingReviewCount)
	}
	// A dismissal restriction or bypass allowance with nobody in it is
	// none.
	if r.DismissalRestrictions != nil && empty(r.DismissalRestrictions) {
		r.DismissalRestrictions = nil
	}
	if r.BypassPullRequestAllowances != nil && empty(r.BypassPullRequestAllowances) {
		r.BypassPullRequestAllowances = nil
	}
	return r
}

// importedActors are GitHub's users, teams and apps, as it spells them
// (as the status shows them); nil for none.
func importedActors(got *github.ProtectionActors) *v1alpha1.BranchActors {
	o := actorsObservation(got)
	if o == nil {
		return nil
	}
	a := v1alpha1.BranchActors(*o)
	return &a
}

func empty(a *v1alpha1.BranchActors) bool { return len(a.Users)+len(a.Teams)+len(a.Apps) == 0 }

// trueOnly is true for true, nil (false, left out) otherwise.
func trueOnly(b bool) *bool {
	if !b {
		return nil
	}
	return ptr.To(true)
}
