// Package actionsoidcsubjectclaim maps ActionsOIDCSubjectClaim resources to
// the OIDC subject claim template of a repository on GitHub and back: the
// request, the observation and drift.
package actionsoidcsubjectclaim

import (
	"slices"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the PUT body of the declared template: GitHub's default, or
// the claim keys in their order. Admission lets through exactly one of the
// two; a spec with neither asks for the default.
func Request(p *common.ActionsOIDCSubjectClaimParameters) *github.ActionsOIDCSubjectClaimRequest {
	if len(p.IncludeClaimKeys) == 0 {
		return Default()
	}
	return &github.ActionsOIDCSubjectClaimRequest{UseDefault: false, IncludeClaimKeys: slices.Clone(p.IncludeClaimKeys)}
}

// Default is the PUT body that puts GitHub's default subject back.
func Default() *github.ActionsOIDCSubjectClaimRequest {
	return &github.ActionsOIDCSubjectClaimRequest{UseDefault: true}
}

// Observation is the status.atProvider of GitHub's template got, of the
// repository in (owner/name), read through the API host host.
func Observation(in, host string, got *github.ActionsOIDCSubjectClaim) common.ActionsOIDCSubjectClaimObservation {
	o := common.ActionsOIDCSubjectClaimObservation{Repository: ptr.To(in), Host: ptr.To(host), UseDefault: ptr.To(got.UseDefault)}
	if !got.UseDefault && len(got.IncludeClaimKeys) > 0 {
		o.IncludeClaimKeys = slices.Clone(got.IncludeClaimKeys)
	}
	return o
}

// Drift lists, by spec field, where GitHub's template differs from the
// declared one: GitHub's default declared and another template found
// (useDefault), or other claim keys, another order of them, or GitHub's
// default found where keys are declared (includeClaimKeys). The order
// counts: the subject is the claims in that order.
func Drift(p *common.ActionsOIDCSubjectClaimParameters, got *github.ActionsOIDCSubjectClaim) []string {
	if len(p.IncludeClaimKeys) == 0 {
		if !got.UseDefault {
			return []string{"useDefault"}
		}
		return nil
	}
	if got.UseDefault || !slices.Equal(p.IncludeClaimKeys, got.IncludeClaimKeys) {
		return []string{"includeClaimKeys"}
	}
	return nil
}

// IsDefault tells whether got is GitHub's default subject, which the
// importer leaves out.
func IsDefault(got *github.ActionsOIDCSubjectClaim) bool { return got.UseDefault }

// Imported is the spec of an ActionsOIDCSubjectClaim resource for GitHub's
// template got, as it is (its repository is the importer's to name). Drift
// finds nothing in it, except in a repository that follows its
// organization's template (neither the default nor keys of its own), which
// a spec cannot declare: there it is GitHub's default, which Drift
// reports.
func Imported(got *github.ActionsOIDCSubjectClaim) common.ActionsOIDCSubjectClaimParameters {
	if got.UseDefault || len(got.IncludeClaimKeys) == 0 {
		return common.ActionsOIDCSubjectClaimParameters{UseDefault: ptr.To(true)}
	}
	return common.ActionsOIDCSubjectClaimParameters{IncludeClaimKeys: slices.Clone(got.IncludeClaimKeys)}
}
