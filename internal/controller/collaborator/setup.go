package collaborator

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Collaborator kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.Collaborator{}, connect[*repomv1alpha1.Collaborator], options()...),
	kind.Of(&repov1alpha1.Collaborator{}, connect[*repov1alpha1.Collaborator], options()...),
}

// creationGracePeriod is how long after an add a user who is neither a
// collaborator nor invited is taken for GitHub being a moment behind.
const creationGracePeriod = 5 * time.Second

func options() []managed.ReconcilerOption {
	return []managed.ReconcilerOption{
		// A collaborator is named by its user: adding one again is
		// harmless, so an interrupted create is simply retried.
		managed.WithDeterministicExternalName(true),
		// Not the default initializer, which would make metadata.name the
		// external name: the external name is the username (see Observe).
		managed.WithInitializers(),
		// GitHub lists an invitation, or the collaborator, as soon as it
		// has answered the add: a short grace covers a replica a moment
		// behind. The default 30 s, and the backed-off requeues within it,
		// would hold back inviting again a user who declined at once.
		managed.WithCreationGracePeriod(creationGracePeriod),
	}
}

// connect finds the collaborator's repository, on every reconcile, so that
// a repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewRepositoryAccess(c.GitHub), repos: github.NewReposClient(c.GitHub), repo: repo, record: c.Record}, nil
}
