// Package actionsvariable maps ActionsVariable resources to GitHub's
// Actions variables and back: the request, the observation and drift.
package actionsvariable

import (
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// SameName tells whether two variable names are the same variable's:
// GitHub compares them without regard to case.
func SameName(a, b string) bool { return strings.EqualFold(a, b) }

// Request is the body that creates the declared variable (with its name)
// or sets its value (without).
func Request(p *common.ActionsVariableParameters, withName bool) *github.ActionsVariableRequest {
	return RequestOf(p.Name, p.Value, withName)
}

// RequestOf is the body that creates the variable name of value (with its
// name) or sets its value (without), of a repository's or an
// organization's variable alike.
func RequestOf(name, value string, withName bool) *github.ActionsVariableRequest {
	r := &github.ActionsVariableRequest{Value: value}
	if withName {
		r.Name = name
	}
	return r
}

// Observation is the status.atProvider of GitHub's variable v in the
// repository repo (owner/name) and environment env ("" for the
// repository's own).
func Observation(repo, env string, v *github.ActionsVariable) common.ActionsVariableObservation {
	o := common.ActionsVariableObservation{Name: ptr.To(v.Name), Value: ptr.To(v.Value)}
	if repo != "" {
		o.Repository = ptr.To(repo)
	}
	if env != "" {
		o.Environment = ptr.To(env)
	}
	if v.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*v.CreatedAt))
	}
	if v.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*v.UpdatedAt))
	}
	return o
}

// UpToDate tells whether GitHub's variable holds the declared value,
// exactly: a value is not trimmed or normalised.
func UpToDate(p *common.ActionsVariableParameters, v *github.ActionsVariable) bool {
	return v.Value == p.Value
}

// Drift lists, by spec field, where GitHub's variable differs from the
// declared one: its value, the one field a variable has beside its name.
func Drift(p *common.ActionsVariableParameters, v *github.ActionsVariable) []string {
	return ValueDrift(p.Value, v)
}

// ValueDrift is ["value"] when GitHub's variable v does not hold value
// exactly, of a repository's or an organization's variable alike.
func ValueDrift(value string, v *github.ActionsVariable) []string {
	if v.Value == value {
		return nil
	}
	return []string{"value"}
}
