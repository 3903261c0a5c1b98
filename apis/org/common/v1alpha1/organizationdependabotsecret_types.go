package v1alpha1

import (
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// OrganizationDependabotSecretParameters are the configurable fields of Dependabot secret of a
// GitHub organization, shared with all, the private or selected
// repositories of the organization.
//
// The value comes from a key of a Kubernetes Secret (valueSecretRef), is
// encrypted with the organization's public key for Dependabot as GitHub requires,
// and is sent again whenever the Kubernetes Secret's value changes (at
// once: the provider watches the Secrets it reads), the secret is deleted
// on GitHub, or someone else writes it. GitHub never shows the value; the
// provider keeps a keyed hash of what it sent, never the value. A
// visibility or a list of selected repositories changed on GitHub is put
// back.
//
// The name is the external name. A secret that already exists with the
// name is never overwritten, unless the crossplane.io/external-name
// annotation is set to its name. The organization cannot be changed once
// set: create another OrganizationDependabotSecret instead.
// +github:kind=OrganizationDependabotSecret
// +github:kind:noun=organization Dependabot secret
// +github:kind:description=Its spec names the organization, the secret's name, the Kubernetes Secret key its value comes from and which repositories may use it. The external name is the secret's name; a secret that already exists with the name is adopted only when the crossplane.io/external-name annotation is set to it.
// +github:kind:printcolumn:name="SECRET",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:printcolumn:name="VISIBILITY",type="string",JSONPath=".status.atProvider.visibility"
// +github:kind:namespaced:validation:XValidation:rule="!has(self.valueSecretRef.__namespace__)",message="leave valueSecretRef.namespace out: a namespaced OrganizationDependabotSecret reads its Secret from its own namespace"
// +github:kind:cluster:validation:XValidation:rule="has(self.valueSecretRef.__namespace__)",message="valueSecretRef.namespace is required: a cluster-scoped OrganizationDependabotSecret has no namespace of its own to read the Secret from"
type OrganizationDependabotSecretParameters struct {
	OrganizationTarget               `json:",inline"`
	repocommon.SecretValueParameters `json:",inline"`
	RepositorySharing                `json:",inline"`
}

// OrganizationDependabotSecretObservation is the observed state of an organization's
// Dependabot secret.
type OrganizationDependabotSecretObservation struct {
	repocommon.SecretValueObservation `json:",inline"`
	RepositorySharingObservation      `json:",inline"`
}
