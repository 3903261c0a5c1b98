package environment

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Protection rule types GitHub answers.
const (
	ruleWaitTimer = "wait_timer"
	ruleReviewers = "required_reviewers"
)

// Settings are an environment's protection rules as GitHub answers them,
// with what is off as GitHub's zero values.
type Settings struct {
	WaitTimer         int64
	PreventSelfReview bool
	Reviewers         []github.EnvironmentReviewer
}

// SettingsOf reads the wait timer and the required reviewers out of e's
// protection rules; rules of other types (the branch policy, custom
// deployment protection rules) are not settings of the spec.
func SettingsOf(e *github.Environment) Settings {
	var s Settings
	for _, r := range e.ProtectionRules {
		switch r.Type {
		case ruleWaitTimer:
			s.WaitTimer = ptr.Deref(r.WaitTimer, 0)
		case ruleReviewers:
			s.PreventSelfReview = ptr.Deref(r.PreventSelfReview, false)
			s.Reviewers = r.Reviewers
		}
	}
	return s
}

// Branch policy kinds of the observation.
const (
	policyAll       = "all"
	policyProtected = "protected"
	policyCustom    = "custom"
)

// Observation is the status.atProvider of GitHub's environment e in the
// repository repo (owner/name), with its custom policies (nil when it has
// none or they were not read).
func Observation(repo string, e *github.Environment, policies []github.BranchPolicy) common.EnvironmentObservation {
	s := SettingsOf(e)
	o := common.EnvironmentObservation{
		ID:                ptr.To(e.ID),
		NodeID:            nonEmpty(e.NodeID),
		Name:              nonEmpty(e.Name),
		Repository:        nonEmpty(repo),
		HTMLURL:           nonEmpty(e.HTMLURL),
		WaitTimer:         ptr.To(s.WaitTimer),
		PreventSelfReview: ptr.To(s.PreventSelfReview),
	}
	if e.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*e.CreatedAt))
	}
	if e.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*e.UpdatedAt))
	}
	for _, r := range s.Reviewers {
		o.Reviewers = append(o.Reviewers, common.EnvironmentReviewerObservation{Type: r.Type, ID: r.Reviewer.ID, Login: r.Reviewer.Login, Slug: r.Reviewer.Slug})
	}
	switch d := e.DeploymentBranchPolicy; {
	case d == nil:
		o.DeploymentBranchPolicy = ptr.To(policyAll)
	case d.CustomBranchPolicies:
		o.DeploymentBranchPolicy = ptr.To(policyCustom)
	default:
		o.DeploymentBranchPolicy = ptr.To(policyProtected)
	}
	for _, p := range policies {
		k := policyKey(p)
		o.BranchPolicies = append(o.BranchPolicies, common.EnvironmentBranchPolicyObservation{ID: p.ID, Name: k.Name, Type: k.Type})
	}
	return o
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
