package actionsvariable

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	av "github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	orgvar "github.com/crossplane-github/provider-github/internal/clients/organizationactionsvariable"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the ActionsVariable and OrganizationActionsVariable kinds in
// both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.ActionsVariable{}, connect[*repomv1alpha1.ActionsVariable], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.ActionsVariable{}, connect[*repov1alpha1.ActionsVariable], kind.ShownAtOnce()),
	kind.Of(&orgmv1alpha1.OrganizationActionsVariable{}, connectOrg[*orgmv1alpha1.OrganizationActionsVariable], kind.ShownAtOnce()),
	kind.Of(&orgv1alpha1.OrganizationActionsVariable{}, connectOrg[*orgv1alpha1.OrganizationActionsVariable], kind.ShownAtOnce()),
}

// repoObject is an ActionsVariable of either scope.
type repoObject interface {
	kind.RepositoryScoped
	kind.EnvironmentScoped
	Parameters() *common.ActionsVariableParameters
	Observation() *common.ActionsVariableObservation
}

// orgObject is an OrganizationActionsVariable of either scope.
type orgObject interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationActionsVariableParameters
	Observation() *orgcommon.OrganizationActionsVariableObservation
}

// connect finds the variable's repository, and its environment when it
// names one, on every reconcile, so that references are followed through
// renames.
func connect[T repoObject](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	env, err := c.Environment(ctx, mg, repo)
	if err != nil {
		return nil, err
	}
	return repoExternal[T](github.NewActionsVariablesClient(c.GitHub), repo, env, c.Record), nil
}

// repoExternal is the external client of a variable of repo, or of its
// environment env.
func repoExternal[T repoObject](api github.ActionsVariablesAPI, repo kind.Repository, env kind.Environment, rec event.Recorder) *external[T] {
	return &external[T]{
		vars: repoVariables{api: api, owner: repo.Owner, repo: repo.Name, env: env.Name}, in: repo, env: env, kind: "ActionsVariable", record: rec,
		spec: func(mg T) (string, string) { return mg.Parameters().Name, mg.Parameters().Value },
		observed: func(mg T, v *github.ActionsVariable) {
			*mg.Observation() = av.Observation(repo.FullName(), env.Name, v)
		},
	}
}

// connectOrg finds the variable's organization and resolves its
// repositories on every reconcile, so that references follow renames and
// selectors newly labelled Repository resources.
func connectOrg[T orgObject](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	share, err := c.Sharing(ctx, mg, org.Login, github.Shared{Variable: true}, &mg.Parameters().RepositorySharing)
	if err != nil {
		return nil, err
	}
	return orgExternal[T](github.NewOrganizationActionsVariablesClient(c.GitHub), org, share, c.Record), nil
}

// orgExternal is the external client of a variable of org, shared as
// share.
func orgExternal[T orgObject](api github.OrganizationActionsVariablesAPI, org kind.Organization, share *kind.Sharing, rec event.Recorder) *external[T] {
	return &external[T]{
		vars: orgVariables{api: api, org: org.Login}, in: org, kind: "OrganizationActionsVariable", record: rec, share: share,
		spec: func(mg T) (string, string) { return mg.Parameters().Name, mg.Parameters().Value },
		observed: func(mg T, v *github.ActionsVariable) {
			*mg.Observation() = orgvar.Observation(v, share.Observation(v.Visibility))
		},
	}
}
