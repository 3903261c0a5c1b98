package organizationactionsvariable

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the OrganizationActionsVariable kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.OrganizationActionsVariable{}, connect[*orgmv1alpha1.OrganizationActionsVariable], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.OrganizationActionsVariable{}, connect[*orgv1alpha1.OrganizationActionsVariable], kind.ShownAtOnce()),
}

// api joins the variables and the selected repositories of one client.
type api struct {
	*github.OrganizationActionsVariablesClient
	*github.SelectedRepositoriesClient
}

// connect finds the variable's organization and resolves its repositories
// on every reconcile, so that references follow renames and selectors
// newly labelled Repository resources.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	s := &mg.Parameters().RepositorySharing
	ids, err := c.SelectedRepositories(ctx, mg, in.Login, s)
	if err != nil {
		return nil, err
	}
	return &external[T]{
		api: api{github.NewOrganizationActionsVariablesClient(c.GitHub), github.NewSelectedRepositoriesClient(c.GitHub)},
		in:  in, record: c.Record, want: sharing.Want{Visibility: s.Visibility, IDs: ids},
	}, nil
}
