package webhook

import (
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Imported is the spec of a Webhook resource for GitHub's webhook h, as it
// is (its repository, and the reference to its secret, are the importer's
// to name): see ImportedSettings and ImportedEvents.
func Imported(h *github.Hook) common.WebhookParameters {
	p := common.WebhookParameters{WebhookSettings: ImportedSettings(h)}
	for _, e := range ImportedEvents(h) {
		p.Events = append(p.Events, common.WebhookEvent(e))
	}
	return p
}

// ImportedOrganization is the spec of an OrganizationWebhook resource for
// GitHub's webhook h of an organization, as it is (its organization, and
// the reference to its secret, are the importer's to name).
func ImportedOrganization(h *github.Hook) orgcommon.OrganizationWebhookParameters {
	p := orgcommon.OrganizationWebhookParameters{WebhookSettings: ImportedSettings(h)}
	for _, e := range ImportedEvents(h) {
		p.Events = append(p.Events, orgcommon.OrganizationWebhookEvent(e))
	}
	return p
}

// ImportedSettings are the settings of GitHub's webhook h: its URL, and its
// content type, certificate check and active switch where they are not
// what GitHub gives a new webhook (form, checked, active).
func ImportedSettings(h *github.Hook) common.WebhookSettings {
	s := common.WebhookSettings{URL: h.Config.URL}
	if ct := h.Config.ContentType; ct != "" && ct != defaultContentType {
		s.ContentType = ptr.To(ct)
	}
	if h.Config.InsecureSSL == insecureSSL(true) {
		s.InsecureSSL = ptr.To(true)
	}
	if !h.Active {
		s.Active = ptr.To(false)
	}
	return s
}

// ImportedEvents are the events of GitHub's webhook h as Drift compares
// them (each once, sorted, "*" alone); none when they are what GitHub
// gives a new webhook (push).
func ImportedEvents(h *github.Hook) []string {
	events := normalize(h.Events)
	if len(events) == 0 || (len(events) == 1 && events[0] == defaultEvent) {
		return nil
	}
	return events
}

// HasSecret tells whether GitHub has a secret for the webhook h: it shows
// HookSecretMask in its place, never the secret.
func HasSecret(h *github.Hook) bool { return h.Config.Secret != "" }
