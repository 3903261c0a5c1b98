package config

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/controller"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/ratelimiter"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/providerconfig"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	ctrlcontroller "sigs.k8s.io/controller-runtime/pkg/controller"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// Setup adds the controllers that count the users of each ProviderConfig,
// ClusterProviderConfig and legacy ProviderConfig, and keep a configuration
// in use from being deleted.
func Setup(mgr ctrl.Manager, o controller.Options) error {
	kinds := []struct {
		config client.Object
		usage  client.Object
		of     resource.ProviderConfigKinds
	}{
		{&mv1alpha1.ProviderConfig{}, &mv1alpha1.ProviderConfigUsage{}, resource.ProviderConfigKinds{
			Config: mv1alpha1.ProviderConfigGroupVersionKind, Usage: mv1alpha1.ProviderConfigUsageGroupVersionKind, UsageList: mv1alpha1.ProviderConfigUsageListGroupVersionKind}},
		{&mv1alpha1.ClusterProviderConfig{}, &mv1alpha1.ProviderConfigUsage{}, resource.ProviderConfigKinds{
			Config: mv1alpha1.ClusterProviderConfigGroupVersionKind, Usage: mv1alpha1.ProviderConfigUsageGroupVersionKind, UsageList: mv1alpha1.ProviderConfigUsageListGroupVersionKind}},
		{&legacyv1alpha1.ProviderConfig{}, &legacyv1alpha1.ProviderConfigUsage{}, resource.ProviderConfigKinds{
			Config: legacyv1alpha1.ProviderConfigGroupVersionKind, Usage: legacyv1alpha1.ProviderConfigUsageGroupVersionKind, UsageList: legacyv1alpha1.ProviderConfigUsageListGroupVersionKind}},
	}
	for _, k := range kinds {
		name := providerconfig.ControllerName(k.of.Config.GroupKind().String())
		// It only counts (and deletes) the usages it lists.
		r := providerconfig.NewReconciler(shared.WithUncopiedLists(mgr), k.of,
			providerconfig.WithLogger(o.Logger.WithValues("controller", name)),
			//nolint:staticcheck // crossplane-runtime's event recorder takes the old events API.
			providerconfig.WithRecorder(event.NewAPIRecorder(mgr.GetEventRecorderFor(name))))
		err := ctrl.NewControllerManagedBy(mgr).
			Named(name).
			WithOptions(Workers(o.ForControllerRuntime())).
			For(k.config).
			Watches(k.usage, &resource.EnqueueRequestForProviderConfig{Kind: k.of.Config.Kind}).
			Complete(ratelimiter.NewReconciler(name, r, o.GlobalRateLimiter))
		if err != nil {
			return err
		}
	}
	return nil
}

// MaxWorkers is the most reconciles of one configuration kind in flight.
// A provider has a handful of configurations, a reconcile only counts
// usages in the cache, and the work queue never reconciles one
// configuration twice at once: workers beyond that would only idle, and
// at --max-reconcile-rate=50 the three kinds started 150 of them.
const MaxWorkers = 2

// Workers caps o's workers at MaxWorkers.
func Workers(o ctrlcontroller.Options) ctrlcontroller.Options {
	o.MaxConcurrentReconciles = min(o.MaxConcurrentReconciles, MaxWorkers)
	return o
}
