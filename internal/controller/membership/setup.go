package membership

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Membership kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.Membership{}, connect[*orgmv1alpha1.Membership], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.Membership{}, connect[*orgv1alpha1.Membership], kind.ShownAtOnce()),
}

// connect finds the membership's organization on every reconcile.
func connect[T Object](_ context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: newAPI(c.GitHub), in: in, record: c.Record}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.MembershipsClient
		*github.UsersClient
	}{github.NewMembershipsClient(gh), github.NewUsersClient(gh)}
}
