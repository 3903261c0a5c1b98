package environment

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of an Environment resource for GitHub's environment
// e, with its custom policies (read when it uses them), as it is (its
// repository is the importer's to name): its name, and each setting that
// is not a new environment's (no wait timer, no reviewers, every branch may
// deploy). Users are named by login and teams by slug (by id when GitHub
// answers no name); the importer may name a team by its Team resource
// instead. preventSelfReview is given only with reviewers, as GitHub keeps
// it. An environment limited to custom policies without any cannot be
// declared (see CustomWithoutPatterns): its spec lets every branch deploy.
func Imported(e *github.Environment, policies []github.BranchPolicy) common.EnvironmentParameters {
	p := common.EnvironmentParameters{Name: e.Name}
	s := SettingsOf(e)
	if s.WaitTimer != 0 {
		p.WaitTimer = ptr.To(s.WaitTimer)
	}
	for _, r := range s.Reviewers {
		p.Reviewers = append(p.Reviewers, importedReviewer(r))
	}
	if len(p.Reviewers) > 0 && s.PreventSelfReview {
		p.PreventSelfReview = ptr.To(true)
	}
	switch d := e.DeploymentBranchPolicy; {
	case d == nil:
	case d.CustomBranchPolicies:
		if c := importedPolicies(policies); len(c) > 0 {
			p.DeploymentBranchPolicy = &common.DeploymentBranchPolicy{CustomBranchPolicies: c}
		}
	case d.ProtectedBranches:
		p.DeploymentBranchPolicy = &common.DeploymentBranchPolicy{ProtectedBranches: ptr.To(true)}
	}
	return p
}

// CustomWithoutPatterns tells whether GitHub's environment e is limited to
// custom policies but has none (policies), so that no branch may deploy:
// a spec cannot say so (customBranchPolicies needs one pattern at least).
func CustomWithoutPatterns(e *github.Environment, policies []github.BranchPolicy) bool {
	return UsesCustomPolicies(e) && len(policies) == 0
}

// importedReviewer is GitHub's reviewer r as a spec names it.
func importedReviewer(r github.EnvironmentReviewer) common.EnvironmentReviewer {
	out := common.EnvironmentReviewer{Type: r.Type}
	switch {
	case r.Type == TypeUser && r.Reviewer.Login != "":
		out.Login = ptr.To(r.Reviewer.Login)
	case r.Type == TypeTeam && r.Reviewer.Slug != "":
		out.TeamSlug = ptr.To(r.Reviewer.Slug)
	default:
		out.ID = ptr.To(r.Reviewer.ID)
	}
	return out
}

// importedPolicies are GitHub's custom policies (each pattern once, as
// GitHub keeps them) as a spec lists them: a branch pattern without its
// type (branch is the default).
func importedPolicies(policies []github.BranchPolicy) []common.EnvironmentBranchPolicy {
	var out []common.EnvironmentBranchPolicy
	for _, g := range policies {
		k := policyKey(g)
		c := common.EnvironmentBranchPolicy{Name: k.Name}
		if k.Type != PolicyBranch {
			c.Type = ptr.To(k.Type)
		}
		out = append(out, c)
	}
	return out
}
