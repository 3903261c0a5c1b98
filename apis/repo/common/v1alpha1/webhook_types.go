package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WebhookParameters are the configurable fields of a repository webhook:
// where GitHub delivers which events, how, and the secret it signs them
// with.
//
// The spec is the whole webhook: whatever is changed on GitHub (the URL,
// the events, the content type, the certificate check, the active switch)
// is put back. GitHub keeps each event once and in its own order, and "*"
// alone stands for every event: the events are compared as a set.
//
// GitHub never shows a webhook's secret. The provider reads it from the
// Kubernetes Secret that secretRef names, sends it with every create and
// update, and remembers a keyed hash of the value GitHub accepted (in
// status.atProvider.appliedSecretHash, never the value): when the Secret
// changes, the webhook is updated at once. A secret changed on GitHub
// alone cannot be seen, and is not put back until the Secret changes.
//
// GitHub assigns a webhook its id, which becomes the external name. A
// repository's webhooks are told apart by their URL: a webhook that
// already has this URL is never taken over, unless the
// crossplane.io/external-name annotation is set to its id. The repository
// cannot be changed once set: create another Webhook instead.
// +github:kind=Webhook
// +github:kind:noun=repository webhook
// +github:kind:description=Its spec names the repository, the URL GitHub delivers to, the events and the Kubernetes Secret holding the webhook's secret. The external name is the webhook's id, which GitHub assigns; a webhook that already exists with the same URL is adopted only when the crossplane.io/external-name annotation is set to its id.
// +github:kind:printcolumn:name="URL",type="string",JSONPath=".spec.forProvider.url"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:namespaced:validation:XValidation:rule="!has(self.secretRef) || !has(self.secretRef.__namespace__)",message="leave secretRef.namespace out: a namespaced Webhook reads its Secret from its own namespace"
// +github:kind:cluster:validation:XValidation:rule="!has(self.secretRef) || has(self.secretRef.__namespace__)",message="secretRef.namespace is required: a cluster-scoped Webhook has no namespace of its own to read the Secret from"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a webhook cannot move to another repository; create another Webhook"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a webhook cannot move to another repository; create another Webhook"
type WebhookParameters struct {
	RepositoryTarget `json:",inline"`
	WebhookSettings  `json:",inline"`

	// Events GitHub delivers to the webhook, in GitHub's names (push,
	// pull_request, issues, ...), or "*" alone for every event, including
	// those GitHub adds later. Each is checked against GitHub's list of
	// repository webhook events. Defaults to push, as on GitHub.
	// +optional
	// +listType=set
	// +kubebuilder:default={"push"}
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:XValidation:rule="!self.exists(e, e == '*') || size(self) == 1",message="'*' stands for every event: list it alone, or list the events without it"
	Events []WebhookEvent `json:"events,omitempty"`
}

// Settings are the settings a repository's webhook shares with an
// organization's.
func (p *WebhookParameters) Settings() *WebhookSettings { return &p.WebhookSettings }

// EventNames are the declared events as GitHub names them.
func (p *WebhookParameters) EventNames() []string {
	out := make([]string, len(p.Events))
	for i, e := range p.Events {
		out[i] = string(e)
	}
	return out
}

// WebhookSettings are what a repository's and an organization's webhook
// have in common, but their events: where and how GitHub delivers, whether
// it does, and the Kubernetes Secret key holding the secret GitHub signs
// deliveries with.
type WebhookSettings struct {
	// URL is where GitHub delivers the payloads: an absolute http or https
	// URL that GitHub can reach. A repository's (an organization's)
	// webhooks are told apart by it: two webhooks of a repository (an
	// organization) with the same URL must not have an event in common.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=2048
	// +kubebuilder:validation:XValidation:rule="isURL(self) && (self.startsWith('https://') || self.startsWith('http://')) && size(self.split('/')[2]) > 0",message="url must be an absolute http:// or https:// URL with a host, such as https://ci.example.com/hook"
	URL string `json:"url"`

	// ContentType is how payloads are serialized: json
	// (application/json) or form (application/x-www-form-urlencoded, the
	// payload in a form field called payload). Defaults to form, as on
	// GitHub.
	// +optional
	// +kubebuilder:default=form
	// +kubebuilder:validation:Enum=json;form
	ContentType *string `json:"contentType,omitempty"`

	// InsecureSSL turns off the check of the URL's TLS certificate when
	// payloads are delivered. Leave it false (the default) unless the
	// receiver cannot have a valid certificate: without the check,
	// deliveries can be read and forged on the way.
	// +optional
	// +kubebuilder:default=false
	InsecureSSL *bool `json:"insecureSsl,omitempty"`

	// Active webhooks are delivered to; an inactive one is kept with its
	// settings but GitHub sends it nothing. Defaults to true.
	// +optional
	// +kubebuilder:default=true
	Active *bool `json:"active,omitempty"`

	// SecretRef names the key of a Kubernetes Secret that holds the
	// webhook's secret, which GitHub signs every delivery with (the
	// X-Hub-Signature-256 header). Without it the webhook has no secret,
	// and one set on GitHub is removed. The secret itself never goes in
	// the spec. A namespaced resource reads a Secret of its own namespace;
	// a cluster-scoped one names the Secret's namespace. When the Secret
	// changes, the webhook is updated at once.
	// +optional
	SecretRef *SecretKeyRef `json:"secretRef,omitempty"`
}

// WebhookObservation is the observed state of a repository webhook.
type WebhookObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	WebhookStatus `json:",inline"`
}

// WebhookStatus is what GitHub shows of a webhook, a repository's or an
// organization's, and which secret the provider last sent it.
type WebhookStatus struct {
	// ID is GitHub's id of the webhook; it is the external name.
	ID *int64 `json:"id,omitempty"`

	// URL is where GitHub delivers, as GitHub reports it.
	URL *string `json:"url,omitempty"`

	// ContentType is json or form, as GitHub reports it.
	ContentType *string `json:"contentType,omitempty"`

	// InsecureSSL is true when GitHub does not check the URL's
	// certificate.
	InsecureSSL *bool `json:"insecureSsl,omitempty"`

	// Events are the events GitHub delivers, in GitHub's order; "*" for
	// every event.
	// +optional
	Events []string `json:"events,omitempty"`

	// Active is whether GitHub delivers to the webhook.
	Active *bool `json:"active,omitempty"`

	// HasSecret is whether GitHub has a secret for the webhook (GitHub
	// never shows it).
	HasSecret *bool `json:"hasSecret,omitempty"`

	// AppliedSecretHash identifies the secret value GitHub last accepted
	// from the provider: an HMAC-SHA256 of the value, keyed by the UID of
	// the Secret it was read from (which only those who may read the Secret
	// can see), so that it cannot be used to guess the value. It changes
	// when the value does, and then the webhook is updated.
	AppliedSecretHash *string `json:"appliedSecretHash,omitempty"`

	// CreatedAt is when GitHub created the webhook.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// UpdatedAt is when the webhook last changed on GitHub.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`
}
