package team

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Team kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.Team{}, connect[*orgmv1alpha1.Team]),
	kind.Of(&orgv1alpha1.Team{}, connect[*orgv1alpha1.Team]),
}

//nolint:unparam // the signature of every kind's connect; other kinds' can fail.
func connect[T Object](_ context.Context, _ T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	return &external[T]{api: github.NewTeamsClient(c.GitHub), defaultOwner: c.DefaultOwner, record: c.Record,
		teamResource: c.TeamResource, kube: c.Kube}, nil
}
