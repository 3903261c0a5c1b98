package webhook

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Webhook kind in both scopes. A change of a Secret that a
// Webhook takes its secret from reconciles that Webhook at once, so that
// GitHub gets the new secret without waiting for the next poll.
var Setups = []kind.Setup{
	kind.OfWatching(&repomv1alpha1.Webhook{}, connect[*repomv1alpha1.Webhook], watches, options()...),
	kind.OfWatching(&repov1alpha1.Webhook{}, connect[*repov1alpha1.Webhook], watches, options()...),
}

// watches: the Secrets Webhooks read (their metadata only is cached; the
// value is read from the API server when a Webhook needs it).
var watches = []kind.Watch{kind.SecretKeyWatch(secretRefs)}

// secretRefs is the Secret key a Webhook takes its secret from.
func secretRefs(mg resource.Managed) []common.SecretKeyRef {
	o, ok := mg.(Object)
	if !ok || o.Parameters().SecretRef == nil {
		return nil
	}
	return []common.SecretKeyRef{*o.Parameters().SecretRef}
}

// creationGracePeriod is how long after a create a webhook GitHub does not
// show is taken for GitHub being a moment behind.
const creationGracePeriod = 5 * time.Second

func options() []managed.ReconcilerOption {
	return []managed.ReconcilerOption{
		// GitHub assigns the id, but a create whose record was lost is
		// found again by the webhook's URL and creation time (see
		// recover), so it is safe to go on rather than stop for a person.
		managed.WithDeterministicExternalName(true),
		// No initializer: the external name is the id GitHub assigns, set
		// by Create or by the user; never metadata.name.
		managed.WithInitializers(),
		// GitHub shows a webhook at once: a short grace covers a replica a
		// moment behind without holding back creating again a webhook
		// deleted on GitHub.
		managed.WithCreationGracePeriod(creationGracePeriod),
	}
}

// connect finds the webhook's repository, on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewHooksClient(c.GitHub), repo: repo, record: c.Record, secrets: c.Uncached}, nil
}
