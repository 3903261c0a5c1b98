package v1alpha1

import (
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// OrganizationWebhookParameters are the configurable fields of an
// organization's webhook: where GitHub delivers which of the
// organization's events (those of every repository of it too), how, and
// the secret it signs them with. They are a repository Webhook's, but for
// the organization and its events.
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
// GitHub assigns a webhook its id, which becomes the external name. An
// organization's webhooks are told apart by their URL: a webhook that
// already has this URL is never taken over, unless the
// crossplane.io/external-name annotation is set to its id. The
// organization cannot be changed once set: create another
// OrganizationWebhook instead. Only the organization's owners (and a
// GitHub App with the organization webhooks permission) may manage its
// webhooks.
// +github:kind=OrganizationWebhook
// +github:kind:noun=organization webhook
// +github:kind:description=Its spec names the organization, the URL GitHub delivers to, the organization's events and the Kubernetes Secret holding the webhook's secret. The external name is the webhook's id, which GitHub assigns; a webhook that already exists with the same URL is adopted only when the crossplane.io/external-name annotation is set to its id.
// +github:kind:printcolumn:name="URL",type="string",JSONPath=".spec.forProvider.url"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +github:kind:namespaced:validation:XValidation:rule="!has(self.secretRef) || !has(self.secretRef.__namespace__)",message="leave secretRef.namespace out: a namespaced OrganizationWebhook reads its Secret from its own namespace"
// +github:kind:cluster:validation:XValidation:rule="!has(self.secretRef) || has(self.secretRef.__namespace__)",message="secretRef.namespace is required: a cluster-scoped OrganizationWebhook has no namespace of its own to read the Secret from"
type OrganizationWebhookParameters struct {
	OrganizationTarget         `json:",inline"`
	repocommon.WebhookSettings `json:",inline"`

	// Events GitHub delivers to the webhook, in GitHub's names: those of
	// the organization (organization, membership, team, ...) and those of
	// its repositories (push, pull_request, ...), or "*" alone for every
	// event, including those GitHub adds later. Each is checked against
	// GitHub's list of organization webhook events. Defaults to push, as
	// on GitHub.
	// +optional
	// +listType=set
	// +kubebuilder:default={"push"}
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:XValidation:rule="!self.exists(e, e == '*') || size(self) == 1",message="'*' stands for every event: list it alone, or list the events without it"
	Events []OrganizationWebhookEvent `json:"events,omitempty"`
}

// Settings are the settings an organization's webhook shares with a
// repository's.
func (p *OrganizationWebhookParameters) Settings() *repocommon.WebhookSettings {
	return &p.WebhookSettings
}

// EventNames are the declared events as GitHub names them.
func (p *OrganizationWebhookParameters) EventNames() []string {
	out := make([]string, len(p.Events))
	for i, e := range p.Events {
		out[i] = string(e)
	}
	return out
}

// OrganizationWebhookObservation is the observed state of an
// organization's webhook.
type OrganizationWebhookObservation struct {
	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	repocommon.WebhookStatus `json:",inline"`
}
