package v1alpha1

// ActionsOIDCSubjectClaimParameters are the declared fields of the OIDC subject claim template of a GitHub
// repository: one per repository, which GitHub keeps at its own endpoint, its
// default until someone sets it.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's to keep. The repository cannot be changed once set: create another
// ActionsOIDCSubjectClaim instead. Deleting the ActionsOIDCSubjectClaim leaves GitHub's OIDC subject claim template as it is.
// +github:kind=ActionsOIDCSubjectClaim
// +github:kind:noun=OIDC subject claim template
// +github:kind:description=Its spec names the repository and the fields of its OIDC subject claim template to keep as declared. The external name is the repository's full name, set once the provider has written the OIDC subject claim template.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="ENABLED",type="boolean",JSONPath=".status.atProvider.enabled"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a OIDC subject claim template cannot move to another repository; create another ActionsOIDCSubjectClaim"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a OIDC subject claim template cannot move to another repository; create another ActionsOIDCSubjectClaim"
type ActionsOIDCSubjectClaimParameters struct {
	RepositoryTarget `json:",inline"`

	// Enabled turns the OIDC subject claim template on or off; unset, it is GitHub's to keep.
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
}

// ActionsOIDCSubjectClaimObservation is the observed state of the OIDC subject claim template.
type ActionsOIDCSubjectClaimObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Enabled is whether the OIDC subject claim template is on, on GitHub.
	Enabled *bool `json:"enabled,omitempty"`
}
