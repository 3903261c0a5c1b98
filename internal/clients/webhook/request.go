// Package webhook maps Webhook and OrganizationWebhook parameters to
// GitHub's webhook requests, and GitHub's webhooks to observations: pure
// functions, no Kubernetes or HTTP. A repository's and an organization's
// webhooks are the same object on GitHub, told apart only by where they
// live and the events they may subscribe to, so both kinds share every
// function here.
package webhook

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Defaults GitHub applies, which the schema also applies.
const (
	defaultContentType = "form"
	defaultEvent       = "push"
)

// Spec is a webhook as a resource declares it: the parameters of a
// Webhook (a repository's) or of an OrganizationWebhook.
type Spec interface {
	// Settings are what both kinds of webhook have: URL, content type,
	// certificate check, active switch and secret reference.
	Settings() *common.WebhookSettings
	// EventNames are the declared events, as GitHub names them.
	EventNames() []string
}

// Request is the create or update of the webhook p declares, with the
// secret ("" for none). A config replaces GitHub's whole config, so the
// secret goes with every request.
func Request(p Spec, secret string) *github.HookRequest {
	s := p.Settings()
	return &github.HookRequest{
		Active: ptr.Deref(s.Active, true),
		Events: Events(p),
		Config: github.HookConfig{
			URL:         s.URL,
			ContentType: ContentType(p),
			InsecureSSL: insecureSSL(ptr.Deref(s.InsecureSSL, false)),
			Secret:      secret,
		},
	}
}

// ContentType is the spec's content type, form when it is left out.
func ContentType(p Spec) string {
	return ptr.Deref(p.Settings().ContentType, defaultContentType)
}

// Events are the spec's events as GitHub keeps them: each once, sorted,
// and "*" alone when it is among them; push when there are none.
func Events(p Spec) []string {
	names := p.EventNames()
	if len(names) == 0 {
		return []string{defaultEvent}
	}
	return normalize(names)
}

func insecureSSL(b bool) github.InsecureSSL {
	if b {
		return "1"
	}
	return "0"
}
