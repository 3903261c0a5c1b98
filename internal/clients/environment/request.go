package environment

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Deployment branch policy types.
const (
	PolicyBranch = "branch"
	PolicyTag    = "tag"
)

// Request is the create-or-update that makes GitHub's environment the one
// p declares, with its reviewers resolved to ids. Every setting is sent, so
// that what the spec leaves out is turned off.
func Request(p *common.EnvironmentParameters, reviewers []github.ReviewerRequest) *github.EnvironmentRequest {
	r := &github.EnvironmentRequest{
		WaitTimer:              ptr.Deref(p.WaitTimer, 0),
		Reviewers:              reviewers,
		DeploymentBranchPolicy: BranchPolicy(p),
	}
	if len(reviewers) > 0 {
		// GitHub takes it only with reviewers.
		r.PreventSelfReview = ptr.Deref(p.PreventSelfReview, false)
	}
	return r
}

// BranchPolicy is the deployment_branch_policy p declares: nil when every
// branch may deploy.
func BranchPolicy(p *common.EnvironmentParameters) *github.DeploymentBranchPolicy {
	d := p.DeploymentBranchPolicy
	switch {
	case d == nil:
		return nil
	case ptr.Deref(d.ProtectedBranches, false):
		return &github.DeploymentBranchPolicy{ProtectedBranches: true}
	case len(d.CustomBranchPolicies) > 0:
		return &github.DeploymentBranchPolicy{CustomBranchPolicies: true}
	}
	return nil
}

// CustomPolicies are the custom branch and tag policies p declares, each
// with its type; none unless p uses custom policies.
func CustomPolicies(p *common.EnvironmentParameters) []github.BranchPolicy {
	if p.DeploymentBranchPolicy == nil {
		return nil
	}
	out := make([]github.BranchPolicy, 0, len(p.DeploymentBranchPolicy.CustomBranchPolicies))
	for _, c := range p.DeploymentBranchPolicy.CustomBranchPolicies {
		out = append(out, github.BranchPolicy{Name: c.Name, Type: ptr.Deref(c.Type, PolicyBranch)})
	}
	return out
}

// PolicyChanges are what makes GitHub's custom policies got the declared
// ones want: the policies to create and those to delete. Names are
// compared as written (branch and tag names are case-sensitive); a policy
// GitHub answers without a type is a branch policy, as GitHub's default.
func PolicyChanges(want, got []github.BranchPolicy) (create, remove []github.BranchPolicy) {
	have := map[github.BranchPolicy]bool{}
	for _, g := range got {
		k := policyKey(g)
		if have[k] {
			remove = append(remove, g)
			continue
		}
		have[k] = true
	}
	wanted := map[github.BranchPolicy]bool{}
	for _, w := range want {
		k := policyKey(w)
		wanted[k] = true
		if !have[k] {
			create = append(create, k)
			have[k] = true
		}
	}
	for _, g := range got {
		if !wanted[policyKey(g)] && !contains(remove, g) {
			remove = append(remove, g)
		}
	}
	return create, remove
}

// policyKey is a policy without its id, with its type filled in.
func policyKey(p github.BranchPolicy) github.BranchPolicy {
	if p.Type == "" {
		p.Type = PolicyBranch
	}
	return github.BranchPolicy{Name: p.Name, Type: p.Type}
}

func contains(list []github.BranchPolicy, p github.BranchPolicy) bool {
	for _, x := range list {
		if x == p {
			return true
		}
	}
	return false
}
