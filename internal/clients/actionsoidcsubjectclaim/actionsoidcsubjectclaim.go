// Package actionsoidcsubjectclaim maps ActionsOIDCSubjectClaim resources to the OIDC subject claim template of a repository
// on GitHub and back: the request, the observation and drift.
package actionsoidcsubjectclaim

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the PUT body of the declared fields; a field left unset is
// not sent, and GitHub keeps its value.
func Request(p *common.ActionsOIDCSubjectClaimParameters) *github.ActionsOIDCSubjectClaimRequest {
	return &github.ActionsOIDCSubjectClaimRequest{Enabled: p.Enabled}
}

// Observation is the status.atProvider of GitHub's OIDC subject claim template got, of the
// repository in (owner/name).
func Observation(in string, got *github.ActionsOIDCSubjectClaim) common.ActionsOIDCSubjectClaimObservation {
	return common.ActionsOIDCSubjectClaimObservation{Repository: ptr.To(in), Enabled: ptr.To(got.Enabled)}
}

// Drift lists, by spec field, where GitHub's OIDC subject claim template differs from the
// declared fields. A field left unset is GitHub's to keep: it is not
// compared.
func Drift(p *common.ActionsOIDCSubjectClaimParameters, got *github.ActionsOIDCSubjectClaim) []string {
	var d []string
	if p.Enabled != nil && *p.Enabled != got.Enabled {
		d = append(d, "enabled")
	}
	return d
}

// Imported is the spec of a ActionsOIDCSubjectClaim resource for GitHub's OIDC subject claim template got, as
// it is (its repository is the importer's to name). Drift finds nothing in it.
func Imported(got *github.ActionsOIDCSubjectClaim) common.ActionsOIDCSubjectClaimParameters {
	return common.ActionsOIDCSubjectClaimParameters{Enabled: ptr.To(got.Enabled)}
}
