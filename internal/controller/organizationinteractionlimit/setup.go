package organizationinteractionlimit

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the OrganizationInteractionLimit kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.OrganizationInteractionLimit{}, connect[*orgmv1alpha1.OrganizationInteractionLimit], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.OrganizationInteractionLimit{}, connect[*orgv1alpha1.OrganizationInteractionLimit], kind.ShownAtOnce()),
}

// connect finds the interaction limit's organization on every reconcile.
func connect[T Object](_ context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: github.NewOrganizationInteractionLimitClient(c.GitHub), in: in}, nil
}
