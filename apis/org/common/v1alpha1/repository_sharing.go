package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
)

// RepositorySharing is which of the organization's repositories may use
// an organization's Actions or Dependabot secret or Actions variable.
// Kinds embed it inline in their parameters.
// +kubebuilder:validation:XValidation:rule="self.visibility == 'selected' || (!has(self.selectedRepositories) && !has(self.selectedRepositoryRefs) && !has(self.selectedRepositorySelector))",message="selectedRepositories, selectedRepositoryRefs and selectedRepositorySelector go only with visibility: selected; set visibility: selected, or leave them out"
type RepositorySharing struct {
	// Visibility is which of the organization's repositories may use it:
	// all, private (the private and internal ones) or selected (those
	// named by selectedRepositories, selectedRepositoryRefs and
	// selectedRepositorySelector together, and no other). A change on
	// GitHub is put back.
	// +kubebuilder:validation:Enum=all;private;selected
	Visibility string `json:"visibility"`

	// SelectedRepositories are repositories of the organization, by name,
	// that may use it (visibility selected only). Each name is looked up
	// on GitHub (a conditional read, free while it is unchanged); an
	// unknown name is a condition that names it. A repository added on
	// GitHub that the spec does not name is removed again.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=1000
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9._-]+$`
	SelectedRepositories []string `json:"selectedRepositories,omitempty"`

	// SelectedRepositoryRefs are Repository resources of this resource's
	// scope (and namespace) whose repositories may use it (visibility
	// selected only). Each follows its Repository resource, renames
	// included; one not created on GitHub yet is waited for.
	// +optional
	// +kubebuilder:validation:MaxItems=1000
	SelectedRepositoryRefs []xpv2.Reference `json:"selectedRepositoryRefs,omitempty"`

	// SelectedRepositorySelector chooses, by their labels, Repository
	// resources of this resource's scope (and namespace) whose
	// repositories may use it (visibility selected only). It is evaluated
	// on every reconcile, so a Repository labelled later joins the list;
	// Repository resources not created on GitHub yet are left out until
	// they are.
	// +optional
	SelectedRepositorySelector *xpv2.Selector `json:"selectedRepositorySelector,omitempty"`
}

// RepositorySharingObservation is who may use an organization's secret or
// variable on GitHub.
type RepositorySharingObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// Visibility is which repositories may use it on GitHub: all, private
	// or selected.
	Visibility *string `json:"visibility,omitempty"`

	// SelectedRepositoryIDs are the GitHub ids of the repositories that
	// may use it, with visibility selected, as last read.
	// +optional
	SelectedRepositoryIDs []int64 `json:"selectedRepositoryIds,omitempty"`
}
