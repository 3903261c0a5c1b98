package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// AutolinkReferenceParameters are the configurable fields of an autolink
// reference of a GitHub repository: text that starts with its key prefix,
// in issues, pull requests, commit messages and releases, becomes a link
// to its URL template, the reference after the prefix in place of <num>.
//
// GitHub cannot update an autolink: a changed keyPrefix, urlTemplate or
// isAlphanumeric replaces it — the provider deletes it and creates it
// anew, with an event naming what changed and both ids, and the external
// name becomes the new id. One deleted on GitHub is created again.
//
// GitHub assigns each autolink an id, its external name. Key prefixes
// may not overlap in a repository (no prefix may start with another's):
// an autolink that already has the prefix is never taken over unless the
// crossplane.io/external-name annotation is set to its id. The repository
// cannot be changed once set: create another AutolinkReference instead.
// +github:kind=AutolinkReference
// +github:kind:noun=autolink reference
// +github:kind:description=Its spec names the repository, the key prefix, the URL template with <num> and whether references are alphanumeric. GitHub cannot update an autolink: a changed field replaces it (delete and create, with an event). The external name is the id GitHub assigns; an existing autolink of the same prefix is adopted only when the crossplane.io/external-name annotation is set to its id.
// +github:kind:printcolumn:name="KEY-PREFIX",type="string",JSONPath=".spec.forProvider.keyPrefix"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="URL-TEMPLATE",type="string",JSONPath=".spec.forProvider.urlTemplate",priority=1
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: an autolink cannot move to another repository; create another AutolinkReference"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: an autolink cannot move to another repository; create another AutolinkReference"
type AutolinkReferenceParameters struct {
	RepositoryTarget `json:",inline"`

	// KeyPrefix is the text that starts a reference (TICKET- links
	// TICKET-123): letters, digits and . - _ + = : / #, not ending with a
	// digit (GitHub could not tell where the prefix ends and the
	// reference begins). GitHub matches it without regard to case, and no
	// two prefixes of a repository may overlap: TICK and TICKET would
	// both match TICKET123. Changing it replaces the autolink.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:XValidation:rule="self.matches('^[A-Za-z0-9.+=:/#_-]+$')",message="keyPrefix may contain only letters, digits and the characters . - _ + = : / #"
	// +kubebuilder:validation:XValidation:rule="!self.matches('[0-9]$')",message="keyPrefix cannot end with a digit: GitHub could not tell the prefix from the reference (end it with - or : instead, as in TICKET-)"
	KeyPrefix string `json:"keyPrefix"`

	// URLTemplate is the link a reference becomes: an absolute http or
	// https URL with <num> where the reference goes
	// (https://jira.example.com/browse/TICKET-<num>). Only the first
	// <num> is replaced. Changing it replaces the autolink.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=2048
	// +kubebuilder:validation:XValidation:rule="self.contains('<num>')",message="urlTemplate must contain <num>, where GitHub puts the reference (https://jira.example.com/browse/TICKET-<num>)"
	// +kubebuilder:validation:XValidation:rule="self.matches('^https?://[A-Za-z0-9.<>_~-]+(:[0-9]+)?([/?#][^[:space:]]*)?$')",message="urlTemplate must be an absolute http:// or https:// URL (a host name, an optional port, then a path, query or fragment) without spaces"
	URLTemplate string `json:"urlTemplate"`

	// IsAlphanumeric: <num> matches letters (A-Z, any case), digits and
	// - when true, GitHub's default; only digits when false. Changing it
	// replaces the autolink.
	// +optional
	// +kubebuilder:default=true
	IsAlphanumeric *bool `json:"isAlphanumeric,omitempty"`
}

// AutolinkReferenceObservation is the observed state of an autolink
// reference.
type AutolinkReferenceObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// ID is the id GitHub assigned the autolink (the external name). A
	// replaced autolink has a new one.
	ID *int64 `json:"id,omitempty"`

	// KeyPrefix is the autolink's key prefix on GitHub.
	KeyPrefix *string `json:"keyPrefix,omitempty"`

	// URLTemplate is the autolink's URL template on GitHub.
	URLTemplate *string `json:"urlTemplate,omitempty"`

	// IsAlphanumeric tells whether <num> matches letters as well as
	// digits on GitHub.
	IsAlphanumeric *bool `json:"isAlphanumeric,omitempty"`

	// UpdatedAt is when GitHub last changed the autolink, which it cannot
	// update: when it was created. GitHub shows none for older ones.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`
}
