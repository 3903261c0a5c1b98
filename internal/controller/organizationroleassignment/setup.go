package organizationroleassignment

import (
	"context"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/organizationroleassignment"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the OrganizationRoleAssignment kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.OrganizationRoleAssignment{}, connect[*orgmv1alpha1.OrganizationRoleAssignment], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.OrganizationRoleAssignment{}, connect[*orgv1alpha1.OrganizationRoleAssignment], kind.ShownAtOnce()),
}

// connect finds the assignment's holder on every reconcile, so that a
// team named by teamRef is followed through renames. A team named by slug
// belongs to the organization the resource names (or the provider
// configuration's owner); a Team resource's team must belong to it too
// when the resource names one.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: newAPI(c.GitHub), org: org.Login, record: c.Record}
	if u := mg.Parameters().User; u != nil {
		e.holder = mapping.Holder{User: *u}
		return e, nil
	}
	team, err := c.Team(ctx, mg, org.Login)
	if err != nil {
		return nil, err
	}
	if team.Via != "" {
		e.via = " (of " + team.Via + ")"
	}
	if named := mg.OrganizationTarget().Organization; named != nil && !strings.EqualFold(*named, team.Organization) {
		return nil, errors.Errorf("spec.forProvider.organization is %s, but team %s%s belongs to %s: leave organization out, or name a team of %s", *named, team.Slug, e.via, team.Organization, *named)
	}
	e.org = team.Organization
	e.holder = mapping.Holder{Team: &mapping.Team{Organization: team.Organization, Slug: team.Slug, ID: team.ID}}
	return e, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.OrgRolesClient
		*github.UsersClient
	}{github.NewOrgRolesClient(gh), github.NewUsersClient(gh)}
}
