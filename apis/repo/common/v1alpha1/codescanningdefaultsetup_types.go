package v1alpha1

// CodeScanningDefaultSetupParameters are the declared fields of the code scanning default setup of a GitHub
// repository: one per repository, which GitHub keeps at its own endpoint, its
// default until someone sets it.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's to keep. The repository cannot be changed once set: create another
// CodeScanningDefaultSetup instead. Deleting the CodeScanningDefaultSetup leaves GitHub's code scanning default setup as it is.
// +github:kind=CodeScanningDefaultSetup
// +github:kind:noun=code scanning default setup
// +github:kind:description=Its spec names the repository and the fields of its code scanning default setup to keep as declared. The external name is the repository's full name, set once the provider has written the code scanning default setup.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="ENABLED",type="boolean",JSONPath=".status.atProvider.enabled"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a code scanning default setup cannot move to another repository; create another CodeScanningDefaultSetup"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a code scanning default setup cannot move to another repository; create another CodeScanningDefaultSetup"
type CodeScanningDefaultSetupParameters struct {
	RepositoryTarget `json:",inline"`

	// Enabled turns the code scanning default setup on or off; unset, it is GitHub's to keep.
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
}

// CodeScanningDefaultSetupObservation is the observed state of the code scanning default setup.
type CodeScanningDefaultSetupObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Enabled is whether the code scanning default setup is on, on GitHub.
	Enabled *bool `json:"enabled,omitempty"`
}
