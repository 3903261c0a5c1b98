package v1alpha1

// OrganizationInteractionLimitParameters are the declared fields of the interaction limit of a GitHub
// organization: one per organization, which GitHub keeps at its own endpoint, its
// default until someone sets it.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's to keep. The organization cannot be changed once set: create another
// OrganizationInteractionLimit instead. Deleting the OrganizationInteractionLimit leaves GitHub's interaction limit as it is.
// +github:kind=OrganizationInteractionLimit
// +github:kind:noun=interaction limit
// +github:kind:description=Its spec names the organization and the fields of its interaction limit to keep as declared. The external name is the organization's full name, set once the provider has written the interaction limit.
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:printcolumn:name="ENABLED",type="boolean",JSONPath=".status.atProvider.enabled"
type OrganizationInteractionLimitParameters struct {
	OrganizationTarget `json:",inline"`

	// Enabled turns the interaction limit on or off; unset, it is GitHub's to keep.
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
}

// OrganizationInteractionLimitObservation is the observed state of the interaction limit.
type OrganizationInteractionLimitObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// Enabled is whether the interaction limit is on, on GitHub.
	Enabled *bool `json:"enabled,omitempty"`
}
