package actionspermissions

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the ActionsPermissions kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.ActionsPermissions{}, connect[*repomv1alpha1.ActionsPermissions], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.ActionsPermissions{}, connect[*repov1alpha1.ActionsPermissions], kind.ShownAtOnce()),
}

// connect finds the repository on every reconcile, so that one named by
// repositoryRef is followed through renames, and checks that no older
// ActionsPermissions claims it on the GitHub host the credentials reach.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: github.NewActionsPermissionsClient(c.GitHub), in: in, host: c.GitHub.BaseURL.Host, record: c.Record}
	e.claimed = func(ctx context.Context, mg T) error { return c.ClaimedBy(ctx, claimKind, mg, in.FullName(), e.host) }
	return e, nil
}
