package organizationsettings

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the OrganizationSettings kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.OrganizationSettings{}, connect[*orgmv1alpha1.OrganizationSettings], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.OrganizationSettings{}, connect[*orgv1alpha1.OrganizationSettings], kind.ShownAtOnce()),
}

// Object is an OrganizationSettings of either scope.
type Object interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationSettingsParameters
	Observation() *orgcommon.OrganizationSettingsObservation
}

// connect finds the organization (the one the resource names, else the
// provider configuration's owner) and the GitHub host its credentials
// reach, on every reconcile.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: github.NewOrganizationsClient(c.GitHub), policy: github.NewImmutableReleasesPolicyClient(c.GitHub), in: org,
		host: c.GitHub.BaseURL.Host, record: c.Record}
	if ir := mg.Parameters().ImmutableReleases; ir != nil && !meta.WasDeleted(mg) {
		// The declared repositories, resolved to their ids (an unknown
		// name or a Repository not created yet is a condition).
		var ids []int64
		if ir.EnforcedRepositories == github.VisibilitySelected {
			const field = "spec.forProvider.immutableReleases."
			ids, err = c.RepositoryIDs(ctx, mg, org.Login, kind.RepositoryChoice{
				Names: ir.SelectedRepositories, NamesField: field + "selectedRepositories",
				Refs: ir.SelectedRepositoryRefs, RefsField: field + "selectedRepositoryRefs",
				Selector: ir.SelectedRepositorySelector, SelectorField: field + "selectedRepositorySelector",
			})
			if err != nil {
				return nil, err
			}
		}
		e.immutable = kind.NewSharing(github.NewSelectedRepositoriesClient(c.GitHub), org.Login, github.Shared{ImmutableReleases: true},
			sharing.Want{Visibility: ir.EnforcedRepositories, IDs: ids})
	}
	e.claimed = func(ctx context.Context, mg T) error { return c.ClaimedBy(ctx, claimKind, mg, org.Login, e.host) }
	return e, nil
}
