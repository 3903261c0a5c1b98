package webhook

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Observation is the status.atProvider of GitHub's webhook h in the
// repository repo (owner/name); applied is the hash of the secret GitHub
// last accepted from the provider (nil when unknown).
func Observation(repo string, h *github.Hook, applied *string) common.WebhookObservation {
	o := common.WebhookObservation{WebhookStatus: Status(h, applied)}
	if repo != "" {
		o.Repository = ptr.To(repo)
	}
	return o
}

// OrganizationObservation is the status.atProvider of GitHub's webhook h
// of the organization org (its login); applied is as for Observation.
func OrganizationObservation(org string, h *github.Hook, applied *string) orgcommon.OrganizationWebhookObservation {
	o := orgcommon.OrganizationWebhookObservation{WebhookStatus: Status(h, applied)}
	if org != "" {
		o.Organization = ptr.To(org)
	}
	return o
}

// Status is what GitHub shows of the webhook h, wherever it lives, and
// applied, the hash of the secret GitHub last accepted from the provider.
func Status(h *github.Hook, applied *string) common.WebhookStatus {
	o := common.WebhookStatus{
		ID:                ptr.To(h.ID),
		URL:               ptr.To(h.Config.URL),
		ContentType:       ptr.To(h.Config.ContentType),
		InsecureSSL:       ptr.To(h.Config.InsecureSSL == "1"),
		Events:            append([]string(nil), h.Events...),
		Active:            ptr.To(h.Active),
		HasSecret:         ptr.To(h.Config.Secret != ""),
		AppliedSecretHash: applied,
	}
	if h.CreatedAt != nil {
		o.CreatedAt = ptr.To(metav1.NewTime(*h.CreatedAt))
	}
	if h.UpdatedAt != nil {
		o.UpdatedAt = ptr.To(metav1.NewTime(*h.UpdatedAt))
	}
	return o
}
