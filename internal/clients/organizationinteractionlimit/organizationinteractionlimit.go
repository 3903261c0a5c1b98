// Package organizationinteractionlimit maps OrganizationInteractionLimit resources to the interaction limit of an organization
// on GitHub and back: the request, the observation and drift.
package organizationinteractionlimit

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the PUT body of the declared fields; a field left unset is
// not sent, and GitHub keeps its value.
func Request(p *common.OrganizationInteractionLimitParameters) *github.OrganizationInteractionLimitRequest {
	return &github.OrganizationInteractionLimitRequest{Enabled: p.Enabled}
}

// Observation is the status.atProvider of GitHub's interaction limit got, of the
// organization in (its login).
func Observation(in string, got *github.OrganizationInteractionLimit) common.OrganizationInteractionLimitObservation {
	return common.OrganizationInteractionLimitObservation{Organization: ptr.To(in), Enabled: ptr.To(got.Enabled)}
}

// Drift lists, by spec field, where GitHub's interaction limit differs from the
// declared fields. A field left unset is GitHub's to keep: it is not
// compared.
func Drift(p *common.OrganizationInteractionLimitParameters, got *github.OrganizationInteractionLimit) []string {
	var d []string
	if p.Enabled != nil && *p.Enabled != got.Enabled {
		d = append(d, "enabled")
	}
	return d
}

// Imported is the spec of an OrganizationInteractionLimit resource for GitHub's interaction limit got, as
// it is (its organization is the importer's to name). Drift finds nothing in it.
func Imported(got *github.OrganizationInteractionLimit) common.OrganizationInteractionLimitParameters {
	return common.OrganizationInteractionLimitParameters{Enabled: ptr.To(got.Enabled)}
}
