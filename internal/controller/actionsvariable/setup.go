package actionsvariable

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the ActionsVariable kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.ActionsVariable{}, connect[*repomv1alpha1.ActionsVariable], options()...),
	kind.Of(&repov1alpha1.ActionsVariable{}, connect[*repov1alpha1.ActionsVariable], options()...),
}

// creationGracePeriod is how long after a create a variable GitHub does
// not show is taken for GitHub being a moment behind.
const creationGracePeriod = 5 * time.Second

func options() []managed.ReconcilerOption {
	return []managed.ReconcilerOption{
		// The variable's name is known before it exists, and a create whose
		// record was lost is found again by its name and creation time, so
		// it is safe to go on rather than stop for a person.
		managed.WithDeterministicExternalName(true),
		// No initializer: the external name is set only by Create or by
		// the user, so an existing variable is never taken over by default.
		managed.WithInitializers(),
		// GitHub shows a variable at once: a short grace covers a replica
		// a moment behind without holding back creating again a variable
		// deleted on GitHub.
		managed.WithCreationGracePeriod(creationGracePeriod),
	}
}

// connect finds the variable's repository, and its environment when it
// names one, on every reconcile, so that references are followed through
// renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	env, err := c.Environment(ctx, mg, repo)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewActionsVariablesClient(c.GitHub), repo: repo, env: env, record: c.Record}, nil
}
