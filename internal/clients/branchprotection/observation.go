package branchprotection

import (
	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Observation is the status.atProvider of the protection got of branch in
// repository (owner/name), with what GitHub dropped.
func Observation(repository, branch string, got *github.Protection, dropped *v1alpha1.DroppedActors) v1alpha1.BranchProtectionObservation {
	o := v1alpha1.BranchProtectionObservation{
		Repository:                     &repository,
		Branch:                         &branch,
		EnforceAdmins:                  on(got.EnforceAdmins),
		Restrictions:                   actorsObservation(got.Restrictions),
		RequiredLinearHistory:          on(got.RequiredLinearHistory),
		AllowForcePushes:               on(got.AllowForcePushes),
		AllowDeletions:                 on(got.AllowDeletions),
		BlockCreations:                 on(got.BlockCreations),
		RequiredConversationResolution: on(got.RequiredConversationResolution),
		LockBranch:                     on(got.LockBranch),
		AllowForkSyncing:               on(got.AllowForkSyncing),
		RequiredSignatures:             on(got.RequiredSignatures),
		DroppedByGitHub:                dropped,
	}
	if c := got.RequiredStatusChecks; c != nil {
		sc := &v1alpha1.StatusChecksObservation{Strict: c.Strict, Contexts: gotContexts(c)}
		for _, ch := range c.Checks {
			sc.Checks = append(sc.Checks, v1alpha1.StatusCheckObservation{Context: ch.Context, AppID: ch.AppID})
		}
		o.RequiredStatusChecks = sc
	}
	if rv := got.RequiredPullRequestReviews; rv != nil {
		o.RequiredPullRequestReviews = &v1alpha1.ReviewsObservation{
			DismissStaleReviews:          rv.DismissStaleReviews,
			RequireCodeOwnerReviews:      rv.RequireCodeOwnerReviews,
			RequiredApprovingReviewCount: rv.RequiredApprovingReviewCount,
			RequireLastPushApproval:      rv.RequireLastPushApproval,
			DismissalRestrictions:        actorsObservation(rv.DismissalRestrictions),
			BypassPullRequestAllowances:  actorsObservation(rv.BypassPullRequestAllowances),
		}
	}
	return o
}

func on(e *github.Enabled) *bool {
	b := e.On()
	return &b
}

// actorsObservation is GitHub's actors in its spelling and order; nil
// when GitHub has none (an empty restriction is not nil: only
// administrators may push).
func actorsObservation(a *github.ProtectionActors) *v1alpha1.ActorsObservation {
	if a == nil {
		return nil
	}
	o := &v1alpha1.ActorsObservation{}
	for _, u := range a.Users {
		o.Users = append(o.Users, u.Login)
	}
	for _, t := range a.Teams {
		o.Teams = append(o.Teams, t.Slug)
	}
	for _, app := range a.Apps {
		o.Apps = append(o.Apps, app.Slug)
	}
	return o
}
