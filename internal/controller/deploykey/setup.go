package deploykey

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the DeployKey kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.DeployKey{}, connect[*repomv1alpha1.DeployKey], options()...),
	kind.Of(&repov1alpha1.DeployKey{}, connect[*repov1alpha1.DeployKey], options()...),
}

// creationGracePeriod is how long after a create a deploy key GitHub does
// not show is taken for GitHub being a moment behind.
const creationGracePeriod = 5 * time.Second

func options() []managed.ReconcilerOption {
	return []managed.ReconcilerOption{
		// GitHub assigns the id, but a create whose record was lost is
		// found again by its key material and creation time (see
		// recover), so it is safe to go on rather than stop for a person.
		managed.WithDeterministicExternalName(true),
		// No initializer: the external name is the id GitHub assigns, set
		// by Create or by the user; never metadata.name.
		managed.WithInitializers(),
		// GitHub shows a new key at once: a short grace covers a replica a
		// moment behind, without holding back adding again a key deleted
		// on GitHub for the default 30 s.
		managed.WithCreationGracePeriod(creationGracePeriod),
	}
}

// connect finds the deploy key's repository, on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewDeployKeysClient(c.GitHub), repo: repo, record: c.Record, kube: c.Kube}, nil
}
