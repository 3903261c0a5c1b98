package actionsvariable

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the ActionsVariable kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.ActionsVariable{}, connect[*repomv1alpha1.ActionsVariable], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.ActionsVariable{}, connect[*repov1alpha1.ActionsVariable], kind.ShownAtOnce()),
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
