package repository

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/config"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// SetupNamespaced adds the controller of namespaced Repositories
// (repo.github.m.crossplane.io).
func SetupNamespaced(mgr ctrl.Manager, o shared.Options) error {
	tracker := resource.NewProviderConfigUsageTracker(mgr.GetClient(), &mv1alpha1.ProviderConfigUsage{})
	resolve := func(ctx context.Context, kube client.Client, mg *repomv1alpha1.Repository) (config.Resolved, error) {
		if err := tracker.Track(ctx, mg); err != nil {
			return config.Resolved{}, errors.Wrap(err, "cannot track provider config usage")
		}
		return config.ResolveModern(ctx, kube, mg)
	}
	return setup(mgr, o, repomv1alpha1.RepositoryGroupVersionKind, &repomv1alpha1.Repository{}, resolve)
}

// SetupCluster adds the controller of cluster-scoped Repositories
// (repo.github.crossplane.io).
func SetupCluster(mgr ctrl.Manager, o shared.Options) error {
	tracker := resource.NewLegacyProviderConfigUsageTracker(mgr.GetClient(), &legacyv1alpha1.ProviderConfigUsage{})
	resolve := func(ctx context.Context, kube client.Client, mg *repov1alpha1.Repository) (config.Resolved, error) {
		if err := tracker.Track(ctx, mg); err != nil {
			return config.Resolved{}, errors.Wrap(err, "cannot track provider config usage")
		}
		return config.ResolveLegacy(ctx, kube, mg)
	}
	return setup(mgr, o, repov1alpha1.RepositoryGroupVersionKind, &repov1alpha1.Repository{}, resolve)
}

type resolveFn[T Object] func(ctx context.Context, kube client.Client, mg T) (config.Resolved, error)

func setup[T Object](mgr ctrl.Manager, o shared.Options, gvk schema.GroupVersionKind, obj T, resolve resolveFn[T]) error {
	name := managed.ControllerName(gvk.GroupKind().String())
	recorder := event.NewAPIRecorder(mgr.GetEventRecorderFor(name))
	c := &connector[T]{
		kube:    mgr.GetClient(),
		resolve: resolve,
		clients: o.Clients,
		newAPI:  func(gh *gogithub.Client) github.RepositoriesAPI { return github.NewRepositories(gh) },
		record:  recorder,
	}
	opts := append(o.ReconcilerOptions(name),
		managed.WithTypedExternalConnector[T](c),
		managed.WithRecorder(recorder),
		// The repository name is known before it exists, so an interrupted
		// create can be resolved by looking (see createdByThisResource).
		managed.WithDeterministicExternalName(true),
		// No initializer: the external name is set only by Create or by the
		// user, so an existing repository is never taken over by default.
		managed.WithInitializers(),
	)
	r := managed.NewReconciler(shared.WithUnchangedStatusSkipped(mgr), resource.ManagedKind(gvk), opts...)
	return ctrl.NewControllerManagedBy(mgr).
		Named(name).
		WithOptions(o.ForControllerRuntime()).
		WithEventFilter(resource.DesiredStateChanged()).
		For(obj).
		Complete(o.RateLimited(name, r))
}

// connector builds the external client of one reconcile.
type connector[T Object] struct {
	kube    client.Client
	resolve resolveFn[T]
	clients *github.ClientCache
	newAPI  func(*gogithub.Client) github.RepositoriesAPI
	record  event.Recorder
}

// Connect tracks the provider configuration's use, reads its credentials
// and returns an external client with a cached GitHub client.
func (c *connector[T]) Connect(ctx context.Context, mg T) (managed.TypedExternalClient[T], error) {
	cfg, err := c.resolve(ctx, c.kube, mg)
	if err != nil {
		return nil, err
	}
	gh, err := c.clients.Get(cfg.GitHub)
	if err != nil {
		return nil, errors.Wrap(err, "cannot build a GitHub client")
	}
	return &external[T]{api: c.newAPI(gh), defaultOwner: cfg.DefaultOwner, record: c.record}, nil
}
