// Package repositoryinteractionlimit maps RepositoryInteractionLimit resources to the interaction limit of a repository
// on GitHub and back: the request, the observation and drift.
package repositoryinteractionlimit

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the PUT body of the declared fields; a field left unset is
// not sent, and GitHub keeps its value.
func Request(p *common.RepositoryInteractionLimitParameters) *github.RepositoryInteractionLimitRequest {
	return &github.RepositoryInteractionLimitRequest{Enabled: p.Enabled}
}

// Observation is the status.atProvider of GitHub's interaction limit got, of the
// repository in (owner/name).
func Observation(in string, got *github.RepositoryInteractionLimit) common.RepositoryInteractionLimitObservation {
	return common.RepositoryInteractionLimitObservation{Repository: ptr.To(in), Enabled: ptr.To(got.Enabled)}
}

// Drift lists, by spec field, where GitHub's interaction limit differs from the
// declared fields. A field left unset is GitHub's to keep: it is not
// compared.
func Drift(p *common.RepositoryInteractionLimitParameters, got *github.RepositoryInteractionLimit) []string {
	var d []string
	if p.Enabled != nil && *p.Enabled != got.Enabled {
		d = append(d, "enabled")
	}
	return d
}

// Imported is the spec of a RepositoryInteractionLimit resource for GitHub's interaction limit got, as
// it is (its repository is the importer's to name). Drift finds nothing in it.
func Imported(got *github.RepositoryInteractionLimit) common.RepositoryInteractionLimitParameters {
	return common.RepositoryInteractionLimitParameters{Enabled: ptr.To(got.Enabled)}
}
