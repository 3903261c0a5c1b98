package webhook

import (
	"context"

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
	kind.OfWatching(&repomv1alpha1.Webhook{}, connect[*repomv1alpha1.Webhook], watches, kind.ShownAtOnce()),
	kind.OfWatching(&repov1alpha1.Webhook{}, connect[*repov1alpha1.Webhook], watches, kind.ShownAtOnce()),
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

// connect finds the webhook's repository, on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewHooksClient(c.GitHub), repo: repo, record: c.Record, secrets: c.Uncached}, nil
}
