// Package actionspermissions maps ActionsPermissions resources to the Actions permissions of a repository
// on GitHub and back: the request, the observation and drift.
package actionspermissions

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Request is the PUT body of the declared fields; a field left unset is
// not sent, and GitHub keeps its value.
func Request(p *common.ActionsPermissionsParameters) *github.ActionsPermissionsRequest {
	return &github.ActionsPermissionsRequest{Enabled: p.Enabled}
}

// Observation is the status.atProvider of GitHub's Actions permissions got, of the
// repository in (owner/name).
func Observation(in string, got *github.ActionsPermissions) common.ActionsPermissionsObservation {
	return common.ActionsPermissionsObservation{Repository: ptr.To(in), Enabled: ptr.To(got.Enabled)}
}

// Drift lists, by spec field, where GitHub's Actions permissions differs from the
// declared fields. A field left unset is GitHub's to keep: it is not
// compared.
func Drift(p *common.ActionsPermissionsParameters, got *github.ActionsPermissions) []string {
	var d []string
	if p.Enabled != nil && *p.Enabled != got.Enabled {
		d = append(d, "enabled")
	}
	return d
}

// Imported is the spec of a ActionsPermissions resource for GitHub's Actions permissions got, as
// it is (its repository is the importer's to name). Drift finds nothing in it.
func Imported(got *github.ActionsPermissions) common.ActionsPermissionsParameters {
	return common.ActionsPermissionsParameters{Enabled: ptr.To(got.Enabled)}
}
