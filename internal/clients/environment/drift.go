package environment

import (
	"slices"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Drift lists, by spec field, where GitHub's environment e (with its custom
// policies, read only when it uses them) differs from the one p declares
// with the reviewers want, compared as GitHub compares them: reviewers as a
// set, by id, login or slug without regard to case; preventSelfReview only
// when there are reviewers (GitHub keeps it with them); the custom
// policies as a set of patterns and types.
func Drift(p *common.EnvironmentParameters, want []Reviewer, e *github.Environment, policies []github.BranchPolicy) []string {
	var d []string
	s := SettingsOf(e)
	if s.WaitTimer != ptr.Deref(p.WaitTimer, 0) {
		d = append(d, "waitTimer")
	}
	if !SameReviewers(want, s.Reviewers) {
		d = append(d, "reviewers")
	}
	if len(want) > 0 && s.PreventSelfReview != ptr.Deref(p.PreventSelfReview, false) {
		d = append(d, "preventSelfReview")
	}
	wantPolicy, got := BranchPolicy(p), e.DeploymentBranchPolicy
	switch {
	case (wantPolicy == nil) != (got == nil), wantPolicy != nil && *wantPolicy != *got:
		d = append(d, "deploymentBranchPolicy")
	case wantPolicy != nil && wantPolicy.CustomBranchPolicies:
		if create, remove := PolicyChanges(CustomPolicies(p), policies); len(create)+len(remove) > 0 {
			d = append(d, customPoliciesField)
		}
	}
	return d
}

const customPoliciesField = "deploymentBranchPolicy.customBranchPolicies"

// CreateDrift is Drift of what an environment's create sends: its
// settings and reviewers. Its custom branch policies are added after it,
// one request each, so they are not compared.
func CreateDrift(p *common.EnvironmentParameters, want []Reviewer, e *github.Environment) []string {
	return slices.DeleteFunc(Drift(p, want, e, nil), func(f string) bool { return f == customPoliciesField })
}

// UsesCustomPolicies tells whether GitHub's environment e limits
// deployments to custom policies, which are then read.
func UsesCustomPolicies(e *github.Environment) bool {
	return e.DeploymentBranchPolicy != nil && e.DeploymentBranchPolicy.CustomBranchPolicies
}

// SameName tells whether an environment's names a and b are the same to
// GitHub, which compares them without regard to case.
func SameName(a, b string) bool { return strings.EqualFold(a, b) }
