package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// BranchTarget names the branch of the repository that a branch-scoped
// resource (a branch's protection, ...) is about: either by name, or
// through a Branch resource of the same scope. Kinds embed it inline in
// their parameters, beside the RepositoryTarget that names the repository.
// +kubebuilder:validation:XValidation:rule="has(self.branch) != (has(self.branchRef) || has(self.branchSelector))",message="set exactly one of branch, branchRef or branchSelector"
type BranchTarget struct {
	// Branch is the name of the branch, without refs/heads/: main, say, or
	// release/v1. Use it for a branch that no Branch resource manages;
	// otherwise prefer branchRef, which follows the Branch resource. Set
	// exactly one of branch, branchRef and branchSelector.
	// +optional
	Branch *BranchName `json:"branch,omitempty"`

	// BranchRef names a Branch resource of the same scope: for a namespaced
	// resource, the Branch of that name in the resource's own namespace;
	// for a cluster-scoped resource, the cluster-scoped Branch. The target
	// follows the branch's name as the Branch's status reports it. The
	// Branch must be in the repository this resource names, and must be
	// Ready before this resource is created or updated on GitHub.
	// +optional
	BranchRef *xpv2.Reference `json:"branchRef,omitempty"`

	// BranchSelector chooses a Branch resource of the same scope (in the
	// resource's own namespace, for a namespaced resource) by its labels
	// (matchLabels) or by sharing this resource's controller
	// (matchControllerRef, e.g. the same composite resource). The chosen
	// Branch is recorded in branchRef and then followed as a reference is.
	// +optional
	BranchSelector *xpv2.Selector `json:"branchSelector,omitempty"`
}
