package v1alpha1

// ActionsPermissionsParameters are the declared fields of the Actions permissions of a GitHub
// repository: one per repository, which GitHub keeps at its own endpoint, its
// default until someone sets it.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's to keep. The repository cannot be changed once set: create another
// ActionsPermissions instead. Deleting the ActionsPermissions leaves GitHub's Actions permissions as it is.
// +github:kind=ActionsPermissions
// +github:kind:noun=Actions permissions
// +github:kind:description=Its spec names the repository and the fields of its Actions permissions to keep as declared. The external name is the repository's full name, set once the provider has written the Actions permissions.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="ENABLED",type="boolean",JSONPath=".status.atProvider.enabled"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a Actions permissions cannot move to another repository; create another ActionsPermissions"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a Actions permissions cannot move to another repository; create another ActionsPermissions"
type ActionsPermissionsParameters struct {
	RepositoryTarget `json:",inline"`

	// Enabled turns the Actions permissions on or off; unset, it is GitHub's to keep.
	// +optional
	Enabled *bool `json:"enabled,omitempty"`
}

// ActionsPermissionsObservation is the observed state of the Actions permissions.
type ActionsPermissionsObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Enabled is whether the Actions permissions is on, on GitHub.
	Enabled *bool `json:"enabled,omitempty"`
}
