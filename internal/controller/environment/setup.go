package environment

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Environment kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.Environment{}, connect[*repomv1alpha1.Environment], options()...),
	kind.Of(&repov1alpha1.Environment{}, connect[*repov1alpha1.Environment], options()...),
}

func options() []managed.ReconcilerOption {
	return []managed.ReconcilerOption{
		// The environment's name is known before it exists, and a create
		// whose record was lost is found again by its name and creation
		// time (see recover), so it is safe to go on rather than stop for
		// a person.
		managed.WithDeterministicExternalName(true),
		// No initializer: the external name is set only by Create or by
		// the user, so an existing environment is never taken over by
		// default.
		managed.WithInitializers(),
		// GitHub shows an environment at once after the create: a short
		// grace covers a replica a moment behind. The default 30 s would
		// hold back creating again an environment deleted on GitHub, and
		// confirming a delete, for that long.
		managed.WithCreationGracePeriod(creationGracePeriod),
	}
}

// creationGracePeriod is how long after a create an environment GitHub
// does not show is taken for GitHub being a moment behind.
const creationGracePeriod = 5 * time.Second

// connect finds the environment's repository, on every reconcile, so that
// a repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewRepositoryEnvironments(c.GitHub), repo: repo, teams: c.TeamResource, record: c.Record, now: time.Now}, nil
}
