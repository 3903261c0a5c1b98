package v1alpha1

// RepositoryInteractionLimitParameters are the declared fields of the interaction limit of a GitHub
// repository: one per repository, which GitHub keeps at its own endpoint, its
// default until someone sets it.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's to keep. The repository cannot be changed once set: create another
// RepositoryInteractionLimit instead. Deleting the RepositoryInteractionLimit leaves GitHub's interaction limit as it is.
// +github:kind=RepositoryInteractionLimit
// +github:kind:noun=interaction limit
// +github:kind:description=Its spec names the repository and the fields of its interaction limit to keep as declared. The external name is the repository's full name, set once the provider has written the interaction limit.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="ENABLED",type="boolean",JSONPath=".status.atProvider.enabled"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a interaction limit cannot move to another repository; create another RepositoryInteractionLimit"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a interaction limit cannot move to another repository; create another RepositoryInteractionLimit"
type RepositoryInteractionLimitParameters struct {
	RepositoryTarget `json:",inline"`

	// Enabled turns the interaction limit on or off; unset, it is GitHub's to keep.
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
}

// RepositoryInteractionLimitObservation is the observed state of the interaction limit.
type RepositoryInteractionLimitObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Enabled is whether the interaction limit is on, on GitHub.
	Enabled *bool `json:"enabled,omitempty"`
}
