package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// SecretValueParameters are what an Actions secret and a Dependabot secret,
// of a repository or an organization, have in common: a name, and the Kubernetes Secret key the value comes
// from.
type SecretValueParameters struct {
	// Name of the secret, as workflows use it (secrets.NAME): letters,
	// digits and underscores, not starting with a digit or with GITHUB_.
	// GitHub keeps names in upper case and compares them without regard to
	// case, so deploy_token and DEPLOY_TOKEN are the same secret. Cannot
	// be changed: create another resource for another name.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[A-Za-z_][A-Za-z0-9_]*$`
	// +kubebuilder:validation:XValidation:rule="!self.matches('^[Gg][Ii][Tt][Hh][Uu][Bb]_')",message="name must not start with GITHUB_: GitHub keeps that prefix for its own secrets"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name cannot be changed: create another resource for another secret name"
	Name string `json:"name"`

	// ValueSecretRef names the key of a Kubernetes Secret that holds the
	// secret's value (at most 48 KB, GitHub's limit). A namespaced
	// resource reads a Secret of its own namespace; a cluster-scoped one
	// names the Secret's namespace. When the Secret's value changes, the
	// new value is sent to GitHub at once.
	ValueSecretRef SecretKeyRef `json:"valueSecretRef"`
}

// SecretValueObservation is what the provider knows of an Actions or
// Dependabot secret, of a repository or an organization. GitHub never
// shows a secret's value: the provider remembers which value it sent, by a
// keyed hash, and when.
type SecretValueObservation struct {
	// Name is the secret's name as GitHub keeps it (upper case).
	Name *string `json:"name,omitempty"`

	// CreatedAt is when GitHub created the secret.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// UpdatedAt is when the secret's value last changed on GitHub, by the
	// provider or anyone else.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`

	// AppliedValueHash identifies the value the provider last sent: an
	// HMAC-SHA256 of the value keyed by the UID of the Kubernetes Secret it
	// was read from and salted with this resource's UID, so that it tells
	// nothing about the value to those who may read this resource but not
	// the Secret. When the Secret's value changes, so does the hash, and
	// the new value is sent.
	AppliedValueHash *string `json:"appliedValueHash,omitempty"`

	// AppliedAt is GitHub's updated_at of the provider's last write, as
	// first read after it. A later updated_at means someone else wrote the
	// secret, and the declared value is sent again.
	AppliedAt *metav1.Time `json:"appliedAt,omitempty"`
}
