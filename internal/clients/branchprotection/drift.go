package branchprotection

import (
	"fmt"
	"sort"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Drift lists, field by field, how GitHub's protection got differs from
// the spec; none means up to date. It compares as GitHub answers: a
// setting left out of the spec is off (the review count is GitHub's
// default, 1), lists are sets, logins and slugs are compared without
// regard to case, a dismissal restriction or bypass allowance with nobody
// in it is none, and the users, teams and apps GitHub dropped for lack of
// push access are not expected back. got must carry the required
// signatures setting.
func Drift(p *v1alpha1.BranchProtectionParameters, dropped *v1alpha1.DroppedActors, got *github.Protection) []string {
	var d v1alpha1.DroppedActors
	if dropped != nil {
		d = *dropped
	}
	out := checksDrift(p.RequiredStatusChecks, got.RequiredStatusChecks)
	out = append(out, switchDrift("enforceAdmins", p.EnforceAdmins, got.EnforceAdmins)...)
	out = append(out, reviewsDrift(p.RequiredPullRequestReviews, d, got.RequiredPullRequestReviews)...)
	switch {
	case p.Restrictions == nil && got.Restrictions != nil:
		out = append(out, "restrictions: want none (everyone with push access may push), GitHub restricts pushes")
	case p.Restrictions != nil && got.Restrictions == nil:
		out = append(out, "restrictions: want pushes restricted, GitHub has no restrictions")
	case p.Restrictions != nil:
		out = append(out, fromSpec(p.Restrictions, d.Restrictions).drift("restrictions", fromGitHub(got.Restrictions))...)
	}
	for _, s := range []struct {
		name string
		want *bool
		got  *github.Enabled
	}{
		{"requiredLinearHistory", p.RequiredLinearHistory, got.RequiredLinearHistory},
		{"allowForcePushes", p.AllowForcePushes, got.AllowForcePushes},
		{"allowDeletions", p.AllowDeletions, got.AllowDeletions},
		{"blockCreations", p.BlockCreations, got.BlockCreations},
		{"requiredConversationResolution", p.RequiredConversationResolution, got.RequiredConversationResolution},
		{"lockBranch", p.LockBranch, got.LockBranch},
		{"allowForkSyncing", p.AllowForkSyncing, got.AllowForkSyncing},
		{"requiredSignatures", p.RequiredSignatures, got.RequiredSignatures},
	} {
		out = append(out, switchDrift(s.name, s.want, s.got)...)
	}
	return out
}

// SignaturesDiffer tells whether the required signatures setting of got
// differs from the spec's: it has its own endpoint.
func SignaturesDiffer(p *v1alpha1.BranchProtectionParameters, got *github.Protection) bool {
	return ptr.Deref(p.RequiredSignatures, false) != got.RequiredSignatures.On()
}

func switchDrift(name string, want *bool, got *github.Enabled) []string {
	if w := ptr.Deref(want, false); w != got.On() {
		return []string{fmt.Sprintf("%s: want %t, GitHub has %t", name, w, got.On())}
	}
	return nil
}

func checksDrift(want *v1alpha1.RequiredStatusChecks, got *github.ProtectionStatusChecks) []string {
	switch {
	case want == nil && got == nil:
		return nil
	case want == nil:
		return []string{"requiredStatusChecks: want none, GitHub requires status checks"}
	case got == nil:
		return []string{"requiredStatusChecks: want status checks required, GitHub requires none"}
	}
	var out []string
	if w := ptr.Deref(want.Strict, false); w != got.Strict {
		out = append(out, fmt.Sprintf("requiredStatusChecks.strict: want %t, GitHub has %t", w, got.Strict))
	}
	if byChecks(want) {
		if !checksMatch(want.Checks, got.Checks) {
			out = append(out, fmt.Sprintf("requiredStatusChecks.checks: want %s, GitHub has %s", specChecks(want.Checks), gotChecks(got.Checks)))
		}
		return out
	}
	w, g := contextSet(want.Contexts), contextSet(gotContexts(got))
	if !sameSet(w, g) {
		out = append(out, fmt.Sprintf("requiredStatusChecks.contexts: want %s, GitHub has %s", list(keys(w)), list(keys(g))))
	}
	return out
}

// gotContexts are the names of GitHub's required checks: its contexts,
// or the contexts of its checks when it gave no contexts.
func gotContexts(got *github.ProtectionStatusChecks) []string {
	if got.Contexts != nil {
		return got.Contexts
	}
	out := make([]string, 0, len(got.Checks))
	for _, c := range got.Checks {
		out = append(out, c.Context)
	}
	return out
}

// checkMatches tells whether GitHub's check g is the spec's check w: the
// same context, and the same app; -1 is GitHub's "any app" (null), and a
// check without an app is whatever app GitHub chose for it.
func checkMatches(w v1alpha1.StatusCheck, g github.StatusCheck) bool {
	if w.Context != g.Context {
		return false
	}
	switch {
	case w.AppID == nil:
		return true
	case *w.AppID == -1:
		return g.AppID == nil || *g.AppID == -1
	default:
		return g.AppID != nil && *g.AppID == *w.AppID
	}
}

// checksMatch tells whether the two lists of checks are the same sets.
func checksMatch(want []v1alpha1.StatusCheck, got []github.StatusCheck) bool {
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || checkMatches(w, g)
		}
		if !found {
			return false
		}
	}
	for _, g := range got {
		found := false
		for _, w := range want {
			found = found || checkMatches(w, g)
		}
		if !found {
			return false
		}
	}
	return true
}

func specChecks(cs []v1alpha1.StatusCheck) string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, checkWords(c.Context, c.AppID, "GitHub's choice"))
	}
	sort.Strings(out)
	return list(out)
}

func gotChecks(cs []github.StatusCheck) string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, checkWords(c.Context, c.AppID, "any app"))
	}
	sort.Strings(out)
	return list(out)
}

func checkWords(context string, app *int64, none string) string {
	switch {
	case app == nil:
		return context + " (" + none + ")"
	case *app == -1:
		return context + " (any app)"
	}
	return fmt.Sprintf("%s (app %d)", context, *app)
}

func contextSet(l []string) map[string]bool {
	s := map[string]bool{}
	for _, c := range l {
		s[c] = true
	}
	return s
}

func sameSet(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys(s map[string]bool) []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func reviewsDrift(want *v1alpha1.RequiredPullRequestReviews, d v1alpha1.DroppedActors, got *github.ProtectionReviews) []string {
	switch {
	case want == nil && got == nil:
		return nil
	case want == nil:
		return []string{"requiredPullRequestReviews: want none, GitHub requires reviews"}
	case got == nil:
		return []string{"requiredPullRequestReviews: want reviews required, GitHub requires none"}
	}
	var out []string
	for _, b := range []struct {
		name      string
		want, got bool
	}{
		{"dismissStaleReviews", ptr.Deref(want.DismissStaleReviews, false), got.DismissStaleReviews},
		{"requireCodeOwnerReviews", ptr.Deref(want.RequireCodeOwnerReviews, false), got.RequireCodeOwnerReviews},
		{"requireLastPushApproval", ptr.Deref(want.RequireLastPushApproval, false), got.RequireLastPushApproval},
	} {
		if b.want != b.got {
			out = append(out, fmt.Sprintf("requiredPullRequestReviews.%s: want %t, GitHub has %t", b.name, b.want, b.got))
		}
	}
	if w := ptr.Deref(want.RequiredApprovingReviewCount, defaultReviewCount); w != got.RequiredApprovingReviewCount {
		out = append(out, fmt.Sprintf("requiredPullRequestReviews.requiredApprovingReviewCount: want %d, GitHub has %d", w, got.RequiredApprovingReviewCount))
	}
	out = append(out, optionalDrift("requiredPullRequestReviews.dismissalRestrictions", want.DismissalRestrictions, d.DismissalRestrictions, got.DismissalRestrictions)...)
	out = append(out, optionalDrift("requiredPullRequestReviews.bypassPullRequestAllowances", want.BypassPullRequestAllowances, d.BypassPullRequestAllowances, got.BypassPullRequestAllowances)...)
	return out
}

// optionalDrift compares a dismissal restriction or bypass allowance,
// where nobody is the same as none.
func optionalDrift(field string, want *v1alpha1.BranchActors, dropped *v1alpha1.ActorsObservation, got *github.ProtectionActors) []string {
	w := actors{users: names{}, teams: names{}, apps: names{}}
	if want != nil {
		w = fromSpec(want, dropped)
	}
	return w.drift(field, fromGitHub(got))
}
