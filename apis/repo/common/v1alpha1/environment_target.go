package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// EnvironmentTarget optionally names a deployment environment of the
// repository that an environment-scoped resource (an Actions secret or
// variable, say) belongs to: by name, or through an Environment resource
// of the same scope. Leave all three fields out for the repository itself.
// Kinds embed it inline in their parameters, beside the RepositoryTarget.
// +kubebuilder:validation:XValidation:rule="!(has(self.environment) && (has(self.environmentRef) || has(self.environmentSelector)))",message="set at most one of environment and environmentRef/environmentSelector: environment names the environment itself, the others name an Environment resource"
// +kubebuilder:validation:XValidation:rule="(has(self.environment) || has(self.environmentRef) || has(self.environmentSelector)) == (has(oldSelf.environment) || has(oldSelf.environmentRef) || has(oldSelf.environmentSelector))",message="a resource cannot move between the repository and one of its environments: create another resource"
// +kubebuilder:validation:XValidation:rule="has(self.environment) == has(oldSelf.environment) && (!has(self.environment) || self.environment == oldSelf.environment)",message="environment cannot be changed: the resource cannot move to another environment; create another resource"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.environmentRef) || (has(self.environmentRef) && self.environmentRef.name == oldSelf.environmentRef.name)",message="environmentRef cannot be changed once set: the resource cannot move to another environment; create another resource"
type EnvironmentTarget struct {
	// Environment is the name of a deployment environment of the
	// repository, as GitHub spells it (GitHub compares environment names
	// without regard to case). Use it for an environment that no
	// Environment resource manages; otherwise prefer environmentRef. The
	// environment must exist. Leave environment, environmentRef and
	// environmentSelector out for the repository itself. Cannot be changed.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[^\x00-\x1f\x7f]+$`
	Environment *string `json:"environment,omitempty"`

	// EnvironmentRef names an Environment resource of the same scope: for
	// a namespaced resource, the Environment of that name in the
	// resource's own namespace; for a cluster-scoped resource, the
	// cluster-scoped Environment. The Environment must be in the repository
	// this resource names, and must be Ready before this resource is
	// created on GitHub. Cannot be changed once set.
	// +optional
	EnvironmentRef *xpv2.Reference `json:"environmentRef,omitempty"`

	// EnvironmentSelector chooses an Environment resource of the same scope
	// (in the resource's own namespace, for a namespaced resource) by its
	// labels (matchLabels) or by sharing this resource's controller
	// (matchControllerRef, e.g. the same composite resource). The chosen
	// Environment is recorded in environmentRef and then followed as a
	// reference is.
	// +optional
	EnvironmentSelector *xpv2.Selector `json:"environmentSelector,omitempty"`
}
