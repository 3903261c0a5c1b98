// Package codesecurityconfiguration maps CodeSecurityConfiguration resources to an organization's configurations
// on GitHub and back: the request, the observation and drift.
package codesecurityconfiguration

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FindByName is the configuration of list with the declared name; nil when
// there is none.
func FindByName(list []github.CodeSecurityConfiguration, name string) *github.CodeSecurityConfiguration {
	for i := range list {
		if list[i].Name == name {
			return &list[i]
		}
	}
	return nil
}

// Request is the body that creates or updates the declared configuration.
func Request(p *common.CodeSecurityConfigurationParameters) *github.CodeSecurityConfigurationRequest {
	return &github.CodeSecurityConfigurationRequest{Name: p.Name, Description: p.Description}
}

// Observation is the status.atProvider of GitHub's configuration got in the
// organization in (its login).
func Observation(in string, got *github.CodeSecurityConfiguration) common.CodeSecurityConfigurationObservation {
	o := common.CodeSecurityConfigurationObservation{Organization: ptr.To(in), Name: ptr.To(got.Name), Description: got.Description}
	o.ID = ptr.To(got.ID)
	if got.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*got.CreatedAt))
	}
	return o
}

// Drift lists, by spec field, where GitHub's configuration differs from the
// declared one. A field left unset is not compared.
func Drift(p *common.CodeSecurityConfigurationParameters, got *github.CodeSecurityConfiguration) []string {
	var d []string
	if got.Name != p.Name {
		d = append(d, "name")
	}
	if p.Description != nil && ptr.Deref(got.Description, "") != *p.Description {
		d = append(d, "description")
	}
	return d
}

// Imported is the spec of an CodeSecurityConfiguration resource for GitHub's configuration got, as
// it is (its organization is the importer's to name): its name, and its
// description when it has one. Drift finds nothing in it.
func Imported(got *github.CodeSecurityConfiguration) common.CodeSecurityConfigurationParameters {
	p := common.CodeSecurityConfigurationParameters{Name: got.Name}
	if d := ptr.Deref(got.Description, ""); d != "" {
		p.Description = ptr.To(d)
	}
	return p
}
