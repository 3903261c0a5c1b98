package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/webhook"
)

// organizationWebhookKind imports the organization's webhooks (a page of
// 100 a request: the list has every field of their config), as
// webhookKind does a repository's: a webhook with a secret, which GitHub
// never shows, refers to a Kubernetes Secret for it, which the user
// creates (without a secretRef the controller would remove GitHub's).
var organizationWebhookKind = Kind{Name: "OrganizationWebhook", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		hooks, err := gh.NewOrganizationHooksClient(s.GitHub).ListOrgHooks(ctx, s.Options.Owner)
		if err != nil {
			return nil, fmt.Errorf("cannot list the organization's webhooks: %w", err)
		}
		rs := make([]Resource, 0, len(hooks))
		for i := range hooks {
			h := &hooks[i]
			p := webhook.ImportedOrganization(h)
			p.OrganizationTarget = s.OrganizationTarget()
			id := externalID(h.ID)
			r := Resource{Kind: "OrganizationWebhook", Group: "org", Key: id, ExternalName: id}
			if webhook.HasSecret(h) {
				name := s.Name(r)
				p.SecretRef = webhookSecretRef(s, name)
				r.Secrets = []Secret{{Name: name, Key: webhookSecretKey, What: fmt.Sprintf("the secret of webhook %s of organization %s (for %s)", id, s.Options.Owner, h.Config.URL)}}
				r.Notes = append(r.Notes, fmt.Sprintf("The webhook's secret is in Secret %s, key %s, which you create: GitHub never shows it, so under --mode manage the provider writes the Secret's value to GitHub once.", name, webhookSecretKey))
			}
			r.ForProvider = p
			rs = append(rs, r)
		}
		return rs, nil
	}}
