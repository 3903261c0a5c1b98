package organizationruleset

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	ors "github.com/crossplane-github/provider-github/internal/clients/organizationruleset"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the OrganizationRuleset kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.OrganizationRuleset{}, connect[*orgmv1alpha1.OrganizationRuleset], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.OrganizationRuleset{}, connect[*orgv1alpha1.OrganizationRuleset], kind.ShownAtOnce()),
}

// connect finds the ruleset's organization and resolves, on every
// reconcile, the teams and repositories its spec names: references follow
// renames, and a selector newly labelled Repository resources. A resource
// being deleted is deleted even when what it names cannot be resolved any
// more (it may be gone already): only its id matters then, and what was
// resolved serves only to recognise the result of a lost create.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: github.NewOrgRulesetsClient(c.GitHub), in: org, record: c.Record}
	e.resolved, err = resolve(ctx, mg, c, c.OrgNames(org.Login))
	if err != nil && !meta.WasDeleted(mg) {
		return nil, err
	}
	return e, nil
}

// resolve finds the ids of the teams the bypass actors name by slug (read
// from GitHub, conditionally) or by reference (the Team resource's
// status), and of the repositories conditions.repositoryId names (see
// kind.Connection.RepositoryIDs).
func resolve[T Object](ctx context.Context, mg T, c kind.Connection, names *kind.OrgNames) (ors.Resolved, error) {
	p := mg.Parameters()
	org := names.Organization()
	res := ors.Resolved{Teams: map[int]int64{}}
	for i, a := range p.BypassActors {
		field := fmt.Sprintf("spec.forProvider.bypassActors[%d]", i)
		switch {
		case a.TeamRef != nil:
			t, err := c.TeamResource(ctx, mg, field+".teamRef", a.TeamRef.Name)
			if err != nil {
				return ors.Resolved{}, err
			}
			if t.Organization != "" && !strings.EqualFold(t.Organization, org) {
				return ors.Resolved{}, errors.Errorf("%s.teamRef names %s, a team of %s: a bypass team must belong to organization %s, whose ruleset this is", field, t.Via, t.Organization, org)
			}
			res.Teams[i] = t.ID
		case a.TeamSlug != nil:
			id, err := names.TeamID(ctx, field+".teamSlug", *a.TeamSlug)
			if err != nil {
				return ors.Resolved{}, err
			}
			res.Teams[i] = id
		}
	}
	if r := p.Conditions.RepositoryID; r != nil {
		ids, err := c.RepositoryIDs(ctx, mg, org, kind.RepositoryChoice{
			Names: r.Repositories, NamesField: "spec.forProvider.conditions.repositoryId.repositories",
			Refs: r.RepositoryRefs, RefsField: "spec.forProvider.conditions.repositoryId.repositoryRefs",
			Selector: r.RepositorySelector, SelectorField: "spec.forProvider.conditions.repositoryId.repositorySelector",
		})
		if err != nil {
			return ors.Resolved{}, err
		}
		res.RepositoryIDs = ids
	}
	return res, nil
}
