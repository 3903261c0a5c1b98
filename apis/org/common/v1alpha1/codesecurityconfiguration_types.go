package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CodeSecurityConfigurationParameters are the configurable fields of a configuration of a
// GitHub organization.
//
// A configuration changed on GitHub is put back; one deleted there is created
// again. GitHub assigns each configuration an id, its external name: a
// configuration that already exists is never taken over unless the
// crossplane.io/external-name annotation is set to its id. The organization cannot be changed once
// set: create another CodeSecurityConfiguration instead.
// +github:kind=CodeSecurityConfiguration
// +github:kind:noun=configuration
// +github:kind:description=Its spec names the organization and the configuration's settings. The external name is the id GitHub assigns.
// +github:kind:printcolumn:name="NAME",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
type CodeSecurityConfigurationParameters struct {
	OrganizationTarget `json:",inline"`

	// Name of the configuration, unique in the organization.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	Name string `json:"name"`

	// Description of the configuration; none when unset.
	// +optional
	// +kubebuilder:validation:MaxLength=100
	Description *string `json:"description,omitempty"`
}

// CodeSecurityConfigurationObservation is the observed state of a configuration.
type CodeSecurityConfigurationObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// ID is the id GitHub assigned the configuration.
	ID *int64 `json:"id,omitempty"`

	// Name is the configuration's name on GitHub.
	Name *string `json:"name,omitempty"`

	// Description is the configuration's description on GitHub.
	Description *string `json:"description,omitempty"`

	// CreatedAt is when GitHub created the configuration, when GitHub says.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`
}
