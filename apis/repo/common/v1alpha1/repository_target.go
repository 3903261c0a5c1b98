package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// RepositoryTarget names the GitHub repository that a repository-scoped
// resource (a webhook, a ruleset, a deploy key, ...) belongs to: either by
// owner and name, or through a Repository resource of the same scope. Kinds
// embed it inline in their parameters.
// +kubebuilder:validation:XValidation:rule="has(self.repository) != (has(self.repositoryRef) || has(self.repositorySelector))",message="set exactly one of repository, repositoryRef or repositorySelector"
// +kubebuilder:validation:XValidation:rule="!has(self.owner) || has(self.repository)",message="owner can only be set together with repository: a Repository chosen by repositoryRef or repositorySelector brings its own owner"
type RepositoryTarget struct {
	// Owner of the repository: an organization or user login. Defaults to
	// the owner of the provider configuration. Only allowed together with
	// repository; a repository chosen by repositoryRef or repositorySelector
	// has the owner of the Repository resource it names.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Owner *string `json:"owner,omitempty"`

	// Repository is the name of the GitHub repository: 1 to 100 characters
	// of letters, digits, '.', '-' and '_', and not "." or "..". Use it for a
	// repository that no Repository resource manages; otherwise prefer
	// repositoryRef, which follows that resource. Set exactly one of
	// repository, repositoryRef and repositorySelector.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9._-]+$`
	// +kubebuilder:validation:XValidation:rule="self != '.' && self != '..'",message="repository cannot be '.' or '..'"
	Repository *string `json:"repository,omitempty"`

	// RepositoryRef names a Repository resource of the same scope: for a
	// namespaced resource, the Repository of that name in the resource's own
	// namespace; for a cluster-scoped resource, the cluster-scoped
	// Repository. The target follows the referenced Repository, owner and
	// name as the Repository's status reports them, so it follows a rename
	// or a change of owner too. The referenced Repository must be Ready
	// before this resource is created or updated on GitHub.
	// +optional
	RepositoryRef *xpv2.Reference `json:"repositoryRef,omitempty"`

	// RepositorySelector chooses a Repository resource of the same scope
	// (in the resource's own namespace, for a namespaced resource) by its
	// labels (matchLabels) or by sharing this resource's controller
	// (matchControllerRef, e.g. the same composite resource). The chosen
	// Repository is recorded in repositoryRef and then followed as a
	// reference is: it must be Ready, and it brings its own owner.
	// +optional
	RepositorySelector *xpv2.Selector `json:"repositorySelector,omitempty"`
}
