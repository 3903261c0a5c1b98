package repositoryinteractionlimit

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the RepositoryInteractionLimit kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.RepositoryInteractionLimit{}, connect[*repomv1alpha1.RepositoryInteractionLimit], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.RepositoryInteractionLimit{}, connect[*repov1alpha1.RepositoryInteractionLimit], kind.ShownAtOnce()),
}

// connect finds the interaction limit's repository on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewRepositoryInteractionLimitClient(c.GitHub), in: in}, nil
}
