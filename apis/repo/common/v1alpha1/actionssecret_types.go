package v1alpha1

// ActionsSecretParameters are the configurable fields of a GitHub Actions
// secret of a repository, or of one of its deployment environments.
//
// The value comes from a key of a Kubernetes Secret (valueSecretRef), is
// encrypted with the repository's (or environment's) public key as GitHub
// requires, and is sent again whenever the Kubernetes Secret's value
// changes (at once: the provider watches the Secrets it reads), the secret
// is deleted on GitHub, or someone else writes it (GitHub's updated_at
// moves past the provider's last write). GitHub never shows the value; the
// provider keeps a keyed hash of what it sent, never the value.
//
// The name is the external name. A secret that already exists with the
// name is never overwritten, unless the crossplane.io/external-name
// annotation is set to its name. The repository and environment cannot be
// changed once set: create another ActionsSecret instead.
// +github:kind=ActionsSecret
// +github:kind:noun=GitHub Actions secret
// +github:kind:description=Its spec names the repository, optionally one of its deployment environments, the secret's name and the Kubernetes Secret key its value comes from. The external name is the secret's name; a secret that already exists with the name is adopted only when the crossplane.io/external-name annotation is set to it.
// +github:kind:printcolumn:name="SECRET",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="ENVIRONMENT",type="string",JSONPath=".status.atProvider.environment"
// +github:kind:namespaced:validation:XValidation:rule="!has(self.valueSecretRef.__namespace__)",message="leave valueSecretRef.namespace out: a namespaced ActionsSecret reads its Secret from its own namespace"
// +github:kind:cluster:validation:XValidation:rule="has(self.valueSecretRef.__namespace__)",message="valueSecretRef.namespace is required: a cluster-scoped ActionsSecret has no namespace of its own to read the Secret from"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a secret cannot move to another repository; create another ActionsSecret"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a secret cannot move to another repository; create another ActionsSecret"
type ActionsSecretParameters struct {
	RepositoryTarget      `json:",inline"`
	EnvironmentTarget     `json:",inline"`
	SecretValueParameters `json:",inline"`
}

// ActionsSecretObservation is the observed state of a GitHub Actions
// secret.
type ActionsSecretObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	SecretValueObservation `json:",inline"`

	// Environment is the deployment environment the secret belongs to;
	// empty for a repository secret.
	Environment *string `json:"environment,omitempty"`
}
