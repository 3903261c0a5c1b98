package branchprotection

import (
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// LateInitialize records in the spec what GitHub chose for it: the app of
// each required check the spec left to GitHub (-1 when GitHub lets any app
// set it), so that a later change of app on GitHub is corrected. It
// reports whether it changed the spec.
func LateInitialize(p *v1alpha1.BranchProtectionParameters, got *github.Protection) bool {
	if !byChecks(p.RequiredStatusChecks) || got.RequiredStatusChecks == nil {
		return false
	}
	changed := false
	for i := range p.RequiredStatusChecks.Checks {
		c := &p.RequiredStatusChecks.Checks[i]
		if c.AppID != nil {
			continue
		}
		var match []github.StatusCheck
		for _, g := range got.RequiredStatusChecks.Checks {
			if g.Context == c.Context {
				match = append(match, g)
			}
		}
		if len(match) != 1 {
			// Not there (drift, which an update corrects) or more than
			// one app for the name: GitHub's choice is not one app.
			continue
		}
		app := ptr.Deref(match[0].AppID, -1)
		if listed(p.RequiredStatusChecks.Checks, c.Context, app) {
			// The spec names that check with its app too: recording it
			// here would list it twice, which the schema refuses.
			continue
		}
		c.AppID = ptr.To(app)
		changed = true
	}
	return changed
}

// listed is true when checks has context with the app app.
func listed(checks []v1alpha1.StatusCheck, context string, app int64) bool {
	for _, c := range checks {
		if c.Context == context && c.AppID != nil && *c.AppID == app {
			return true
		}
	}
	return false
}
