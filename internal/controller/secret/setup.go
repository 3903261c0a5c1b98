package secret

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the ActionsSecret, DependabotSecret, OrganizationActionsSecret
// and OrganizationDependabotSecret kinds in both scopes.
// A change of a Secret that one of them takes its value from reconciles it
// at once, so that GitHub gets the new value without waiting for the next
// poll.
var Setups = []kind.Setup{
	kind.OfWatching(&repomv1alpha1.ActionsSecret{}, connectActions[*repomv1alpha1.ActionsSecret], watches, kind.ShownAtOnce()),
	kind.OfWatching(&repov1alpha1.ActionsSecret{}, connectActions[*repov1alpha1.ActionsSecret], watches, kind.ShownAtOnce()),
	kind.OfWatching(&repomv1alpha1.DependabotSecret{}, connectDependabot[*repomv1alpha1.DependabotSecret], watches, kind.ShownAtOnce()),
	kind.OfWatching(&repov1alpha1.DependabotSecret{}, connectDependabot[*repov1alpha1.DependabotSecret], watches, kind.ShownAtOnce()),
	kind.OfWatching(&orgmv1alpha1.OrganizationActionsSecret{}, orgActions[*orgmv1alpha1.OrganizationActionsSecret]().connect, watches, kind.ShownAtOnce()),
	kind.OfWatching(&orgv1alpha1.OrganizationActionsSecret{}, orgActions[*orgv1alpha1.OrganizationActionsSecret]().connect, watches, kind.ShownAtOnce()),
	kind.OfWatching(&orgmv1alpha1.OrganizationDependabotSecret{}, orgDependabot[*orgmv1alpha1.OrganizationDependabotSecret]().connect, watches, kind.ShownAtOnce()),
	kind.OfWatching(&orgv1alpha1.OrganizationDependabotSecret{}, orgDependabot[*orgv1alpha1.OrganizationDependabotSecret]().connect, watches, kind.ShownAtOnce()),
}

// watches: the Secrets the values come from (their metadata only is
// cached; a value is read from the API server when it is needed).
var watches = []kind.Watch{kind.SecretKeyWatch(valueRefs)}

// valueRefs is the Secret key a secret's value comes from.
func valueRefs(mg resource.Managed) []common.SecretKeyRef {
	switch o := mg.(type) {
	case actionsObject:
		return []common.SecretKeyRef{o.Parameters().ValueSecretRef}
	case dependabotObject:
		return []common.SecretKeyRef{o.Parameters().ValueSecretRef}
	case orgActionsObject:
		return []common.SecretKeyRef{o.Parameters().ValueSecretRef}
	case orgDependabotObject:
		return []common.SecretKeyRef{o.Parameters().ValueSecretRef}
	}
	return nil
}

// actionsObject is an ActionsSecret of either scope.
type actionsObject interface {
	kind.RepositoryScoped
	Parameters() *common.ActionsSecretParameters
	Observation() *common.ActionsSecretObservation
	EnvironmentTarget() *common.EnvironmentTarget
}

// dependabotObject is a DependabotSecret of either scope.
type dependabotObject interface {
	kind.RepositoryScoped
	Parameters() *common.DependabotSecretParameters
	Observation() *common.DependabotSecretObservation
}

// connectActions finds the secret's repository, and its environment when
// it names one, on every reconcile, so that references are followed
// through renames.
func connectActions[T actionsObject](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	env, err := c.Environment(ctx, mg, repo)
	if err != nil {
		return nil, err
	}
	return &external[T]{
		api: github.NewSecretsClient(c.GitHub), keys: sharedKeys.of(c.GitHub), in: repo, owner: repo.Owner, repo: repo.Name, env: env,
		store: github.SecretStore{Environment: env.Name}, kind: "ActionsSecret", record: c.Record, secrets: c.Uncached,
		spec:   func(mg T) *common.SecretValueParameters { return &mg.Parameters().SecretValueParameters },
		status: func(mg T) *common.SecretValueObservation { return &mg.Observation().SecretValueObservation },
		observed: func(mg T, _ *github.StoredSecret) {
			mg.Observation().Repository = ptr.To(repo.FullName())
			mg.Observation().Environment = nil
			if env.Name != "" {
				mg.Observation().Environment = ptr.To(env.Name)
			}
		},
	}, nil
}

// connectDependabot finds the secret's repository on every reconcile.
func connectDependabot[T dependabotObject](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{
		api: github.NewSecretsClient(c.GitHub), keys: sharedKeys.of(c.GitHub), in: repo, owner: repo.Owner, repo: repo.Name,
		store: github.SecretStore{Dependabot: true}, kind: "DependabotSecret", record: c.Record, secrets: c.Uncached,
		spec:     func(mg T) *common.SecretValueParameters { return &mg.Parameters().SecretValueParameters },
		status:   func(mg T) *common.SecretValueObservation { return &mg.Observation().SecretValueObservation },
		observed: func(mg T, _ *github.StoredSecret) { mg.Observation().Repository = ptr.To(repo.FullName()) },
	}, nil
}

// orgActionsObject is an OrganizationActionsSecret of either scope.
type orgActionsObject interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationActionsSecretParameters
	Observation() *orgcommon.OrganizationActionsSecretObservation
}

// orgDependabotObject is an OrganizationDependabotSecret of either scope.
type orgDependabotObject interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationDependabotSecretParameters
	Observation() *orgcommon.OrganizationDependabotSecretObservation
}

// orgActions is the OrganizationActionsSecret kind of T's scope.
func orgActions[T orgActionsObject]() orgSecret[T] {
	return orgSecret[T]{kind: "OrganizationActionsSecret", store: github.SecretStore{Org: true}, parts: func(mg T) orgParts {
		p, o := mg.Parameters(), mg.Observation()
		return orgParts{&p.SecretValueParameters, &p.RepositorySharing, &o.SecretValueObservation, &o.RepositorySharingObservation}
	}}
}

// orgDependabot is the OrganizationDependabotSecret kind of T's scope.
func orgDependabot[T orgDependabotObject]() orgSecret[T] {
	return orgSecret[T]{kind: "OrganizationDependabotSecret", store: github.SecretStore{Org: true, Dependabot: true}, parts: func(mg T) orgParts {
		p, o := mg.Parameters(), mg.Observation()
		return orgParts{&p.SecretValueParameters, &p.RepositorySharing, &o.SecretValueObservation, &o.RepositorySharingObservation}
	}}
}
