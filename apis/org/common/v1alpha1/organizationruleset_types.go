package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// OrganizationRulesetParameters are the configurable fields of a organization ruleset of a
// GitHub organization.
//
// A organization ruleset changed on GitHub is put back; one deleted there is created
// again. GitHub assigns each organization ruleset an id, its external name: a
// organization ruleset that already exists is never taken over unless the
// crossplane.io/external-name annotation is set to its id. The organization cannot be changed once
// set: create another OrganizationRuleset instead.
// +github:kind=OrganizationRuleset
// +github:kind:noun=organization ruleset
// +github:kind:description=Its spec names the organization and the organization ruleset's settings. The external name is the id GitHub assigns.
// +github:kind:printcolumn:name="NAME",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
type OrganizationRulesetParameters struct {
	OrganizationTarget `json:",inline"`

	// Name of the organization ruleset, unique in the organization.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	Name string `json:"name"`

	// Description of the organization ruleset; none when unset.
	// +optional
	// +kubebuilder:validation:MaxLength=100
	Description *string `json:"description,omitempty"`
}

// OrganizationRulesetObservation is the observed state of a organization ruleset.
type OrganizationRulesetObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// ID is the id GitHub assigned the organization ruleset.
	ID *int64 `json:"id,omitempty"`

	// Name is the organization ruleset's name on GitHub.
	Name *string `json:"name,omitempty"`

	// Description is the organization ruleset's description on GitHub.
	Description *string `json:"description,omitempty"`

	// CreatedAt is when GitHub created the organization ruleset, when GitHub says.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`
}
