package codesecurityconfiguration

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/codesecurityconfiguration"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the CodeSecurityConfiguration kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.CodeSecurityConfiguration{}, connect[*orgmv1alpha1.CodeSecurityConfiguration], kind.ShownAtOnce(), managed.WithPollIntervalHook(pollSooner)),
	kind.Of(&orgv1alpha1.CodeSecurityConfiguration{}, connect[*orgv1alpha1.CodeSecurityConfiguration], kind.ShownAtOnce(), managed.WithPollIntervalHook(pollSooner)),
}

// connect finds the configuration's organization and resolves, on every
// reconcile, the bypass reviewers named by team slug or role name
// (kind.OrgNames: the roles listed once) and the repositories attachTo
// selects (references follow renames, a selector newly labelled
// Repository resources). A resource being deleted is deleted even when
// they cannot be resolved any more: only its id matters then.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: github.NewCodeSecurityConfigurationsClient(c.GitHub), in: in, record: c.Record}
	if err := resolve(ctx, mg, c, e, c.OrgNames(in.Login)); err != nil && !meta.WasDeleted(mg) {
		return nil, err
	}
	return e, nil
}

// resolve fills e's reviewers and selected repository ids.
func resolve[T Object](ctx context.Context, mg T, c kind.Connection, e *external[T], names *kind.OrgNames) error {
	p := mg.Parameters()
	org := e.in.Login
	ids := map[int]int64{}
	if o := p.SecretScanningDelegatedBypassOptions; o != nil {
		for i, r := range o.Reviewers {
			field := fmt.Sprintf("spec.forProvider.secretScanningDelegatedBypassOptions.reviewers[%d]", i)
			var id int64
			var err error
			switch {
			case r.TeamSlug != nil:
				id, err = names.TeamID(ctx, field+".teamSlug", *r.TeamSlug)
			case r.RoleName != nil:
				id, err = names.RoleID(ctx, field+".roleName", *r.RoleName)
			default:
				continue
			}
			if err != nil {
				return err
			}
			ids[i] = id
		}
	}
	e.reviewers = mapping.Reviewers(p, ids)
	if a := p.AttachTo; a != nil && a.Scope == mapping.Selected {
		ids, err := c.RepositoryIDs(ctx, mg, org, kind.RepositoryChoice{
			Names: a.Repositories, NamesField: "spec.forProvider.attachTo.repositories",
			Refs: a.RepositoryRefs, RefsField: "spec.forProvider.attachTo.repositoryRefs",
			Selector: a.RepositorySelector, SelectorField: "spec.forProvider.attachTo.repositorySelector",
		})
		if err != nil {
			return err
		}
		e.selected = ids
	}
	return nil
}
