package v1alpha1

// IssueLabelParameters are the configurable fields of a label of a GitHub
// repository, for its issues and pull requests.
//
// A color or description changed on GitHub is put back; a label deleted
// there is created again. The name is the external name: a label that
// already exists with the name — GitHub gives every new repository nine
// (bug, documentation, duplicate, enhancement, good first issue, help
// wanted, invalid, question, wontfix) — is never taken over unless the
// crossplane.io/external-name annotation is set to its name. The
// repository and the name cannot be changed once set: create another
// IssueLabel instead.
// +github:kind=IssueLabel
// +github:kind:noun=label
// +github:kind:description=Its spec names the repository, the label's name, color and description. The external name is the label's name; a label that already exists with the name (a new repository's default labels included) is adopted only when the crossplane.io/external-name annotation is set to it.
// +github:kind:printcolumn:name="LABEL",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="COLOR",type="string",JSONPath=".status.atProvider.color"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a label cannot move to another repository; create another IssueLabel"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a label cannot move to another repository; create another IssueLabel"
type IssueLabelParameters struct {
	RepositoryTarget `json:",inline"`

	// Name of the label, as issues show it (emoji are fine). GitHub
	// compares names without regard to case. Cannot be changed: create
	// another IssueLabel for another name.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=50
	// +kubebuilder:validation:XValidation:rule="self.trim() != ''",message="name must not be blank"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name cannot be changed: create another IssueLabel for another label name"
	Name string `json:"name"`

	// Color of the label: six hexadecimal digits, without #, e.g. d73a4a.
	// GitHub keeps it in lower case. Unset: GitHub's (grey, ededed, for a
	// new label) is kept.
	// +optional
	// +kubebuilder:validation:Pattern=`^[0-9a-fA-F]{6}$`
	Color *string `json:"color,omitempty"`

	// Description of the label, at most 100 characters. Unset: GitHub's is
	// kept.
	// +optional
	// +kubebuilder:validation:MaxLength=100
	Description *string `json:"description,omitempty"`
}

// IssueLabelObservation is the observed state of a label.
type IssueLabelObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// ID is the id GitHub assigned the label.
	ID *int64 `json:"id,omitempty"`

	// Name is the label's name on GitHub.
	Name *string `json:"name,omitempty"`

	// Color is the label's color on GitHub, in lower case.
	Color *string `json:"color,omitempty"`

	// Description is the label's description on GitHub.
	Description *string `json:"description,omitempty"`

	// Default is true for one of the labels GitHub gave the repository
	// when it was created.
	Default *bool `json:"default,omitempty"`
}
