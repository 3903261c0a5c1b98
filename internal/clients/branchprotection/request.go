// Package branchprotection maps a BranchProtection's spec to GitHub's
// protection request and GitHub's answers to its status, and compares the
// two as GitHub compares them. It is pure: no Kubernetes, no HTTP.
package branchprotection

import (
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// defaultReviewCount is the number of approving reviews GitHub requires
// when the request does not say.
const defaultReviewCount = 1

// Request is the body of the PUT that makes the branch's protection the
// spec: the whole protection, every part the spec leaves out off. current
// is the protection GitHub has now (nil for none): a dismissal restriction
// or bypass allowance it has and the spec does not is turned off with
// GitHub's {}, which is otherwise not sent (a personal repository refuses
// dismissal restrictions, even empty lists of them).
func Request(p *v1alpha1.BranchProtectionParameters, current *github.Protection) *github.ProtectionRequest {
	r := &github.ProtectionRequest{
		RequiredStatusChecks:           checksRequest(p.RequiredStatusChecks),
		EnforceAdmins:                  ptr.Deref(p.EnforceAdmins, false),
		RequiredLinearHistory:          ptr.Deref(p.RequiredLinearHistory, false),
		AllowForcePushes:               ptr.Deref(p.AllowForcePushes, false),
		AllowDeletions:                 ptr.Deref(p.AllowDeletions, false),
		BlockCreations:                 ptr.Deref(p.BlockCreations, false),
		RequiredConversationResolution: ptr.Deref(p.RequiredConversationResolution, false),
		LockBranch:                     ptr.Deref(p.LockBranch, false),
		AllowForkSyncing:               ptr.Deref(p.AllowForkSyncing, false),
	}
	if p.Restrictions != nil {
		r.Restrictions = actorsRequest(p.Restrictions)
	}
	if rv := p.RequiredPullRequestReviews; rv != nil {
		var had *github.ProtectionReviews
		if current != nil {
			had = current.RequiredPullRequestReviews
		}
		r.RequiredPullRequestReviews = &github.ReviewsRequest{
			DismissStaleReviews:          ptr.Deref(rv.DismissStaleReviews, false),
			RequireCodeOwnerReviews:      ptr.Deref(rv.RequireCodeOwnerReviews, false),
			RequiredApprovingReviewCount: ptr.Deref(rv.RequiredApprovingReviewCount, defaultReviewCount),
			RequireLastPushApproval:      ptr.Deref(rv.RequireLastPushApproval, false),
			DismissalRestrictions:        optionalActors(rv.DismissalRestrictions, had != nil && had.DismissalRestrictions != nil),
			BypassPullRequestAllowances:  optionalActors(rv.BypassPullRequestAllowances, had != nil && had.BypassPullRequestAllowances != nil),
		}
	}
	return r
}

// byChecks tells whether the spec names its status checks with their
// apps (checks) rather than by name only (contexts).
func byChecks(c *v1alpha1.RequiredStatusChecks) bool { return c != nil && len(c.Checks) > 0 }

func checksRequest(c *v1alpha1.RequiredStatusChecks) *github.StatusChecksRequest {
	if c == nil {
		return nil
	}
	r := &github.StatusChecksRequest{Strict: ptr.Deref(c.Strict, false), Contexts: []string{}}
	if !byChecks(c) {
		r.Contexts = append(r.Contexts, c.Contexts...)
		return r
	}
	// GitHub requires contexts beside checks; the checks win.
	seen := map[string]bool{}
	for _, ch := range c.Checks {
		if !seen[ch.Context] {
			seen[ch.Context] = true
			r.Contexts = append(r.Contexts, ch.Context)
		}
		r.Checks = append(r.Checks, github.StatusCheck{Context: ch.Context, AppID: ch.AppID})
	}
	return r
}

// actorsRequest names the actors, every list sent even when empty.
func actorsRequest(a *v1alpha1.BranchActors) *github.ActorsRequest {
	return &github.ActorsRequest{
		Users: append([]string{}, a.Users...),
		Teams: append([]string{}, a.Teams...),
		Apps:  append([]string{}, a.Apps...),
	}
}

// optionalActors is a dismissal restriction or bypass allowance: the
// spec's when it names anyone; GitHub's {} ("none") when it does not and
// GitHub has one to turn off; else not sent.
func optionalActors(a *v1alpha1.BranchActors, had bool) *github.ActorsRequest {
	if a != nil && len(a.Users)+len(a.Teams)+len(a.Apps) > 0 {
		return actorsRequest(a)
	}
	if had {
		return &github.ActorsRequest{}
	}
	return nil
}
