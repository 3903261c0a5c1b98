// Package issuelabel maps IssueLabel resources to a repository's labels
// on GitHub and back: the request, the observation and drift.
package issuelabel

import (
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// SameName tells whether two names are the same label's: GitHub
// compares them without regard to case.
func SameName(a, b string) bool { return strings.EqualFold(a, b) }

// Request is the body that creates the declared label (with its name) or
// updates it (without).
func Request(p *common.IssueLabelParameters, withName bool) *github.IssueLabelRequest {
	r := &github.IssueLabelRequest{Color: p.Color, Description: p.Description}
	if withName {
		r.Name = p.Name
	}
	return r
}

// Observation is the status.atProvider of GitHub's label got in the
// repository repo (owner/name).
func Observation(repo string, got *github.IssueLabel) common.IssueLabelObservation {
	return common.IssueLabelObservation{Repository: ptr.To(repo), ID: ptr.To(got.ID), Name: ptr.To(got.Name),
		Description: got.Description, Color: ptr.To(got.Color), Default: ptr.To(got.Default)}
}

// Drift lists, by spec field, where GitHub's label differs from the
// declared one: its color (GitHub keeps it in lower case) and its
// description. A field left unset is GitHub's to keep.
func Drift(p *common.IssueLabelParameters, got *github.IssueLabel) []string {
	var d []string
	if p.Color != nil && !strings.EqualFold(got.Color, *p.Color) {
		d = append(d, "color")
	}
	if p.Description != nil && ptr.Deref(got.Description, "") != *p.Description {
		d = append(d, "description")
	}
	return d
}

// Imported is the spec of an IssueLabel resource for GitHub's label got,
// as it is (its repository is the importer's to name): its name, color,
// and description when it has one.
func Imported(got *github.IssueLabel) common.IssueLabelParameters {
	p := common.IssueLabelParameters{Name: got.Name, Color: ptr.To(got.Color)}
	if d := ptr.Deref(got.Description, ""); d != "" {
		p.Description = ptr.To(d)
	}
	return p
}
