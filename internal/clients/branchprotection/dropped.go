package branchprotection

import (
	"fmt"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/dropped"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// RetryDroppedAfter is how long after GitHub dropped users, teams or apps
// from a protection the provider asks for them again (dropped.RetryAfter).
const RetryDroppedAfter = dropped.RetryAfter

// Dropped are the users, teams and apps that req asked for and GitHub left
// out of its answer got, at the time at; nil when GitHub kept them all.
func Dropped(req *github.ProtectionRequest, got *github.Protection, at time.Time) *v1alpha1.DroppedActors {
	d := &v1alpha1.DroppedActors{At: metav1.NewTime(at)}
	if req.Restrictions != nil {
		d.Restrictions = fromRequest(req.Restrictions).minus(fromGitHub(got.Restrictions))
	}
	if rv := req.RequiredPullRequestReviews; rv != nil {
		var kept github.ProtectionReviews
		if got.RequiredPullRequestReviews != nil {
			kept = *got.RequiredPullRequestReviews
		}
		d.DismissalRestrictions = fromRequest(rv.DismissalRestrictions).minus(fromGitHub(kept.DismissalRestrictions))
		d.BypassPullRequestAllowances = fromRequest(rv.BypassPullRequestAllowances).minus(fromGitHub(kept.BypassPullRequestAllowances))
	}
	if d.Restrictions == nil && d.DismissalRestrictions == nil && d.BypassPullRequestAllowances == nil {
		return nil
	}
	return d
}

// Prune keeps of d those the spec still names; nil when none are left.
func Prune(d *v1alpha1.DroppedActors, p *v1alpha1.BranchProtectionParameters) *v1alpha1.DroppedActors {
	if d == nil {
		return nil
	}
	var dismissal, bypass *v1alpha1.BranchActors
	if rv := p.RequiredPullRequestReviews; rv != nil {
		dismissal, bypass = rv.DismissalRestrictions, rv.BypassPullRequestAllowances
	}
	out := &v1alpha1.DroppedActors{
		At:                          d.At,
		Restrictions:                stillNamed(d.Restrictions, p.Restrictions),
		DismissalRestrictions:       stillNamed(d.DismissalRestrictions, dismissal),
		BypassPullRequestAllowances: stillNamed(d.BypassPullRequestAllowances, bypass),
	}
	if out.Restrictions == nil && out.DismissalRestrictions == nil && out.BypassPullRequestAllowances == nil {
		return nil
	}
	return out
}

// stillNamed are the dropped actors that the spec's still names.
func stillNamed(dropped *v1alpha1.ActorsObservation, spec *v1alpha1.BranchActors) *v1alpha1.ActorsObservation {
	if dropped == nil || spec == nil {
		return nil
	}
	out := &v1alpha1.ActorsObservation{
		Users: namesOf(dropped.Users).in(namesOf(spec.Users)),
		Teams: namesOf(dropped.Teams).in(namesOf(spec.Teams)),
		Apps:  namesOf(dropped.Apps).in(namesOf(spec.Apps)),
	}
	if len(out.Users)+len(out.Teams)+len(out.Apps) == 0 {
		return nil
	}
	return out
}

// RetryDue tells whether it is time to ask GitHub again for what it
// dropped.
func RetryDue(d *v1alpha1.DroppedActors, now time.Time) bool {
	return d != nil && dropped.RetryDue(d.At, now)
}

// DroppedMessage says, for a condition or an event, who GitHub dropped
// from the protection of branch in repository (owner/name), and what to
// do about it; "" when nobody.
func DroppedMessage(d *v1alpha1.DroppedActors, repository, branch string) string {
	if d == nil {
		return ""
	}
	var parts []string
	for _, p := range []struct {
		field string
		a     *v1alpha1.ActorsObservation
	}{
		{"restrictions", d.Restrictions},
		{"requiredPullRequestReviews.dismissalRestrictions", d.DismissalRestrictions},
		{"requiredPullRequestReviews.bypassPullRequestAllowances", d.BypassPullRequestAllowances},
	} {
		if p.a == nil {
			continue
		}
		var who []string
		for _, l := range []struct {
			kind  string
			names []string
		}{{"users", p.a.Users}, {"teams", p.a.Teams}, {"apps", p.a.Apps}} {
			if len(l.names) > 0 {
				who = append(who, l.kind+" "+strings.Join(l.names, ", "))
			}
		}
		parts = append(parts, p.field+": "+strings.Join(who, "; "))
	}
	return fmt.Sprintf("GitHub left out of the protection of branch %s of %s those without push access to the repository (%s). Grant them push access: the provider asks GitHub for them again %s after it last left them out, and whenever the spec changes",
		branch, repository, strings.Join(parts, "; "), RetryDroppedAfter)
}
