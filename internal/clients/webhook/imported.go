package webhook

import (
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a Webhook resource for GitHub's webhook h, as it
// is (its repository, and the reference to its secret, are the importer's
// to name): its URL, and its content type, certificate check, events and
// active switch where they are not what GitHub gives a new webhook (form,
// checked, push, active). The events are as Drift compares them: each
// once, sorted, "*" alone.
func Imported(h *github.Hook) common.WebhookParameters {
	p := common.WebhookParameters{URL: h.Config.URL}
	if ct := h.Config.ContentType; ct != "" && ct != defaultContentType {
		p.ContentType = ptr.To(ct)
	}
	if h.Config.InsecureSSL == insecureSSL(true) {
		p.InsecureSSL = ptr.To(true)
	}
	if events := normalize(h.Events); len(events) > 0 && !(len(events) == 1 && events[0] == defaultEvent) {
		p.Events = make([]common.WebhookEvent, len(events))
		for i, e := range events {
			p.Events[i] = common.WebhookEvent(e)
		}
	}
	if !h.Active {
		p.Active = ptr.To(false)
	}
	return p
}

// HasSecret tells whether GitHub has a secret for the webhook h: it shows
// HookSecretMask in its place, never the secret.
func HasSecret(h *github.Hook) bool { return h.Config.Secret != "" }
