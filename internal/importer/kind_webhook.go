package importer

import (
	"context"
	"fmt"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/webhook"
)

// webhookSecretKey is the key of the Secret holding a webhook's secret.
const webhookSecretKey = "value"

// webhookKind imports a repository's webhooks (a page of 100 a request:
// the list has every field of their config). A webhook with a secret,
// which GitHub never shows, refers to a Kubernetes Secret for it:
// without a secretRef the controller would remove GitHub's.
var webhookKind = Kind{Name: "Webhook", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		hooks, err := gh.NewHooksClient(s.GitHub).ListHooks(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, fmt.Errorf("cannot list the webhooks: %w", err)
		}
		rs := make([]Resource, 0, len(hooks))
		for i := range hooks {
			h := &hooks[i]
			p := webhook.Imported(h)
			p.RepositoryTarget = s.RepositoryTarget(repo)
			id := externalID(h.ID)
			r := Resource{Kind: "Webhook", Group: "repo", Repository: repo.Name, Key: id, ExternalName: id}
			if webhook.HasSecret(h) {
				name := s.Name(r)
				p.SecretRef = webhookSecretRef(s, name)
				r.Secrets = []Secret{{Name: name, Key: webhookSecretKey, What: fmt.Sprintf("the secret of webhook %s of %s (for %s)", id, repo.FullName(), h.Config.URL)}}
				r.Notes = append(r.Notes, fmt.Sprintf("The webhook's secret is in Secret %s, key %s, which you create: GitHub never shows it, so under --mode manage the provider writes the Secret's value to GitHub once.", name, webhookSecretKey))
			}
			r.ForProvider = p
			rs = append(rs, r)
		}
		return rs, nil
	}}

// webhookSecretRef is the reference to the Secret called name holding a
// webhook's secret: in the resource's own namespace when namespaced (the
// reference then names none), in the import's namespace when
// cluster-scoped.
func webhookSecretRef(s *Session, name string) *common.SecretKeyRef {
	ref := &common.SecretKeyRef{Name: name, Key: webhookSecretKey}
	if s.Options.Scope == Cluster {
		ref.Namespace = ptr.To(s.Options.Namespace)
	}
	return ref
}
