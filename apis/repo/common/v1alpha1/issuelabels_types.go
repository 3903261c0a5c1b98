package v1alpha1

// The modes of an IssueLabels.
const (
	// IssueLabelsAuthoritative: the declared labels are the repository's
	// only labels; every other one is deleted.
	IssueLabelsAuthoritative = "authoritative"
	// IssueLabelsAdditive: the declared labels are created and kept as
	// declared; the others are left alone.
	IssueLabelsAdditive = "additive"
)

// IssueLabelsParameters are the labels of one GitHub repository, declared
// together.
//
// WARNING: in the default mode, authoritative, every label of the
// repository that the set does not declare is DELETED — GitHub's nine
// default labels of a new repository (bug, documentation, ...) and labels
// someone added by hand included — and with it leaves every issue and
// pull request it was on. Use mode additive to only create and update the
// declared labels.
//
// GitHub compares label names without regard to case: a declared label
// whose name differs from GitHub's only in case is renamed (its issues
// keep it), never deleted and created again. An IssueLabels refuses to
// share its repository with another IssueLabels (the older one keeps it)
// and, in authoritative mode, with any IssueLabel resource of the
// repository; in additive mode only with an IssueLabel of a label both
// declare. Deleting an IssueLabels leaves the repository's labels as they
// are. The repository cannot be changed once set: create another
// IssueLabels instead.
// +github:kind=IssueLabels
// +github:kind:noun=label set
// +github:kind:plural=issuelabelsets
// +github:kind:description=Its spec names the repository and its labels; in the default mode, authoritative, every other label of the repository is deleted. The external name is the repository's full name, set once the provider has written the labels.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="MODE",type="string",JSONPath=".spec.forProvider.mode"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a label set cannot move to another repository; create another IssueLabels"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a label set cannot move to another repository; create another IssueLabels"
type IssueLabelsParameters struct {
	RepositoryTarget `json:",inline"`

	// Mode says what happens to the repository's labels the set does not
	// declare. authoritative (the default): they are DELETED, GitHub's
	// default labels of a new repository included, and leave every issue
	// and pull request they were on; an event lists what was removed.
	// additive: they are left alone, and only the declared labels are
	// created and kept as declared.
	// +optional
	// +kubebuilder:default=authoritative
	// +kubebuilder:validation:Enum=authoritative;additive
	Mode string `json:"mode,omitempty"`

	// Labels are the declared labels, each name once (GitHub compares
	// names without regard to case, and so does this list). Empty in
	// authoritative mode: the repository keeps no label at all. At most
	// 350: the API server's cost budget for the check that names differ
	// without regard to case allows no more.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=350
	// +kubebuilder:validation:XValidation:rule="self.all(l, self.exists_one(m, m.name.lowerAscii() == l.name.lowerAscii()))",message="labels must have different names, compared without regard to case as GitHub does: Bug and bug are one label"
	Labels []IssueLabelsLabel `json:"labels,omitempty"`
}

// IssueLabelsLabel is one declared label of an IssueLabels.
type IssueLabelsLabel struct {
	// Name of the label, as issues show it (emoji are fine), at most 50
	// characters. A name that differs from a label GitHub has only in case
	// renames that label.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=50
	// +kubebuilder:validation:XValidation:rule="self.trim() != ''",message="name must not be blank"
	Name string `json:"name"`

	// Color of the label: six hexadecimal digits, without #, e.g. d73a4a.
	// GitHub keeps it in lower case.
	// +kubebuilder:validation:Pattern=`^[0-9a-fA-F]{6}$`
	Color string `json:"color"`

	// Description of the label, at most 100 characters. Unset or empty:
	// the label has no description.
	// +optional
	// +kubebuilder:validation:MaxLength=100
	Description *string `json:"description,omitempty"`
}

// IssueLabelsObservation is the observed state of a label set.
type IssueLabelsObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// Labels are all the repository's labels on GitHub, declared or not,
	// as last read.
	// +optional
	Labels []IssueLabelsObservedLabel `json:"labels,omitempty"`
}

// IssueLabelsObservedLabel is a label of the repository on GitHub.
type IssueLabelsObservedLabel struct {
	// Name is the label's name on GitHub.
	Name string `json:"name"`

	// Color is the label's color on GitHub, in lower case.
	Color string `json:"color"`

	// Description is the label's description on GitHub.
	// +optional
	Description *string `json:"description,omitempty"`

	// Declared is true for a label the set declares; an undeclared one is
	// deleted in authoritative mode.
	Declared bool `json:"declared"`
}
