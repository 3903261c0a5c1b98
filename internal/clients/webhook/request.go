// Package webhook maps Webhook parameters to GitHub's repository webhook
// requests, and GitHub's webhooks to observations: pure functions, no
// Kubernetes or HTTP.
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

// Request is the create or update of the webhook p declares, with the
// secret ("" for none). A config replaces GitHub's whole config, so the
// secret goes with every request.
func Request(p *common.WebhookParameters, secret string) *github.HookRequest {
	return &github.HookRequest{
		Active: ptr.Deref(p.Active, true),
		Events: Events(p),
		Config: github.HookConfig{
			URL:         p.URL,
			ContentType: ContentType(p),
			InsecureSSL: insecureSSL(ptr.Deref(p.InsecureSSL, false)),
			Secret:      secret,
		},
	}
}

// ContentType is the spec's content type, form when it is left out.
func ContentType(p *common.WebhookParameters) string {
	return ptr.Deref(p.ContentType, defaultContentType)
}

// Events are the spec's events as GitHub keeps them: each once, sorted,
// and "*" alone when it is among them; push when there are none.
func Events(p *common.WebhookParameters) []string {
	if len(p.Events) == 0 {
		return []string{defaultEvent}
	}
	s := make([]string, len(p.Events))
	for i, e := range p.Events {
		s[i] = string(e)
	}
	return normalize(s)
}

func insecureSSL(b bool) github.InsecureSSL {
	if b {
		return "1"
	}
	return "0"
}
