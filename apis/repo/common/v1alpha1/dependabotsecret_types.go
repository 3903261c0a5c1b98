package v1alpha1

// DependabotSecretParameters are the configurable fields of a repository's
// Dependabot secret: what Dependabot uses to reach private registries.
// Dependabot keeps its own secrets, apart from Actions', with their own
// public key; otherwise they behave as an ActionsSecret's: the value comes
// from a Kubernetes Secret key, is sent again when it changes, when the
// secret is deleted on GitHub or when someone else writes it, and GitHub
// never shows it.
//
// The name is the external name. A secret that already exists with the
// name is never overwritten, unless the crossplane.io/external-name
// annotation is set to its name. The repository cannot be changed once
// set: create another DependabotSecret instead.
// +github:kind=DependabotSecret
// +github:kind:noun=Dependabot secret
// +github:kind:description=Its spec names the repository, the secret's name and the Kubernetes Secret key its value comes from. The external name is the secret's name; a secret that already exists with the name is adopted only when the crossplane.io/external-name annotation is set to it.
// +github:kind:printcolumn:name="SECRET",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:namespaced:validation:XValidation:rule="!has(self.valueSecretRef.__namespace__)",message="leave valueSecretRef.namespace out: a namespaced DependabotSecret reads its Secret from its own namespace"
// +github:kind:cluster:validation:XValidation:rule="has(self.valueSecretRef.__namespace__)",message="valueSecretRef.namespace is required: a cluster-scoped DependabotSecret has no namespace of its own to read the Secret from"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a secret cannot move to another repository; create another DependabotSecret"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a secret cannot move to another repository; create another DependabotSecret"
type DependabotSecretParameters struct {
	RepositoryTarget      `json:",inline"`
	SecretValueParameters `json:",inline"`
}

// DependabotSecretObservation is the observed state of a Dependabot
// secret.
type DependabotSecretObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	SecretValueObservation `json:",inline"`
}
