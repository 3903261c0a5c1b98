// Package organizationruleset maps OrganizationRuleset resources to an organization's organization rulesets
// on GitHub and back: the request, the observation and drift.
package organizationruleset

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// FindByName is the organization ruleset of list with the declared name; nil when
// there is none.
func FindByName(list []github.OrganizationRuleset, name string) *github.OrganizationRuleset {
	for i := range list {
		if list[i].Name == name {
			return &list[i]
		}
	}
	return nil
}

// Request is the body that creates or updates the declared organization ruleset.
func Request(p *common.OrganizationRulesetParameters) *github.OrganizationRulesetRequest {
	return &github.OrganizationRulesetRequest{Name: p.Name, Description: p.Description}
}

// Observation is the status.atProvider of GitHub's organization ruleset got in the
// organization in (its login).
func Observation(in string, got *github.OrganizationRuleset) common.OrganizationRulesetObservation {
	o := common.OrganizationRulesetObservation{Organization: ptr.To(in), Name: ptr.To(got.Name), Description: got.Description}
	o.ID = ptr.To(got.ID)
	if got.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*got.CreatedAt))
	}
	return o
}

// Drift lists, by spec field, where GitHub's organization ruleset differs from the
// declared one. A field left unset is not compared.
func Drift(p *common.OrganizationRulesetParameters, got *github.OrganizationRuleset) []string {
	var d []string
	if got.Name != p.Name {
		d = append(d, "name")
	}
	if p.Description != nil && ptr.Deref(got.Description, "") != *p.Description {
		d = append(d, "description")
	}
	return d
}

// Imported is the spec of an OrganizationRuleset resource for GitHub's organization ruleset got, as
// it is (its organization is the importer's to name): its name, and its
// description when it has one. Drift finds nothing in it.
func Imported(got *github.OrganizationRuleset) common.OrganizationRulesetParameters {
	p := common.OrganizationRulesetParameters{Name: got.Name}
	if d := ptr.Deref(got.Description, ""); d != "" {
		p.Description = ptr.To(d)
	}
	return p
}
