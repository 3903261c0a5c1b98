// Package codescanningdefaultsetup maps CodeScanningDefaultSetup resources to the code scanning default setup of a repository
// on GitHub and back: the request, the observation and drift.
package codescanningdefaultsetup

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the PUT body of the declared fields; a field left unset is
// not sent, and GitHub keeps its value.
func Request(p *common.CodeScanningDefaultSetupParameters) *github.CodeScanningDefaultSetupRequest {
	return &github.CodeScanningDefaultSetupRequest{Enabled: p.Enabled}
}

// Observation is the status.atProvider of GitHub's code scanning default setup got, of the
// repository in (owner/name).
func Observation(in string, got *github.CodeScanningDefaultSetup) common.CodeScanningDefaultSetupObservation {
	return common.CodeScanningDefaultSetupObservation{Repository: ptr.To(in), Enabled: ptr.To(got.Enabled)}
}

// Drift lists, by spec field, where GitHub's code scanning default setup differs from the
// declared fields. A field left unset is GitHub's to keep: it is not
// compared.
func Drift(p *common.CodeScanningDefaultSetupParameters, got *github.CodeScanningDefaultSetup) []string {
	var d []string
	if p.Enabled != nil && *p.Enabled != got.Enabled {
		d = append(d, "enabled")
	}
	return d
}

// Imported is the spec of a CodeScanningDefaultSetup resource for GitHub's code scanning default setup got, as
// it is (its repository is the importer's to name). Drift finds nothing in it.
func Imported(got *github.CodeScanningDefaultSetup) common.CodeScanningDefaultSetupParameters {
	return common.CodeScanningDefaultSetupParameters{Enabled: ptr.To(got.Enabled)}
}
