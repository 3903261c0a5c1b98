package config

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
)

// A Resolver turns any managed resource's providerConfigRef into GitHub
// client settings, and records that the resource uses that configuration
// (so the configuration cannot be deleted while it is in use). It chooses
// by the resource's scope: a namespaced resource names a ProviderConfig of
// its namespace or a ClusterProviderConfig; a cluster-scoped one names a
// legacy ProviderConfig.
type Resolver struct {
	// read reads the configurations, their Secrets and the usages.
	read   reader
	modern *resource.ProviderConfigUsageTracker
	legacy *resource.LegacyProviderConfigUsageTracker
}

// NewResolver returns the Resolver of every managed resource kind. It
// reads from stores, the cache's own objects, when they are given, and
// through kube otherwise.
func NewResolver(kube client.Client, stores ObjectStore) *Resolver {
	return &Resolver{
		read:   reader{kube: kube, stores: stores},
		modern: resource.NewProviderConfigUsageTracker(kube, &mv1alpha1.ProviderConfigUsage{}),
		legacy: resource.NewLegacyProviderConfigUsageTracker(kube, &legacyv1alpha1.ProviderConfigUsage{}),
	}
}

// Resolve records mg's use of its provider configuration and reads it.
func (r *Resolver) Resolve(ctx context.Context, mg resource.Managed) (Resolved, error) {
	switch m := mg.(type) {
	case resource.ModernManaged:
		if ref := m.GetProviderConfigReference(); ref == nil || !recorded[mv1alpha1.ProviderConfigUsage](ctx, r.read, mv1alpha1.ProviderConfigUsageGroupVersionKind, m, *ref) {
			if err := ignoreRecordedMeanwhile(r.modern.Track(ctx, m)); err != nil {
				return Resolved{}, errors.Wrap(err, "cannot track provider config usage")
			}
		}
		return resolveModern(ctx, r.read, m)
	case resource.LegacyManaged: //nolint:staticcheck // cluster-scoped (Crossplane v1 style) kinds are LegacyManaged by design.
		if ref := m.GetProviderConfigReference(); ref == nil || !recorded[legacyv1alpha1.ProviderConfigUsage](ctx, r.read, legacyv1alpha1.ProviderConfigUsageGroupVersionKind, m, *ref) {
			if err := ignoreRecordedMeanwhile(r.legacy.Track(ctx, m)); err != nil {
				return Resolved{}, errors.Wrap(err, "cannot track provider config usage")
			}
		}
		return resolveLegacy(ctx, r.read, m)
	default:
		return Resolved{}, errors.Errorf("%T is neither a namespaced nor a cluster-scoped managed resource", mg)
	}
}

// ignoreRecordedMeanwhile is err unless it says the usage exists already:
// the tracker reads the usage from the cache, and a reconcile of the
// resource that follows the one that created its usage (named after the
// resource's UID, so no other resource's) before the cache has it tries to
// create it again. The usage is there; the next reconcile checks what it
// names (recorded). Nothing is wrong, so no warning says otherwise.
func ignoreRecordedMeanwhile(err error) error {
	if kerrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

// usage is a provider configuration usage whose reference is an R.
type usage[U any, R comparable] interface {
	*U
	client.Object
	GetProviderConfigReference() R
}

// recorded tells whether the cache holds mg's usage (named after its UID,
// in its namespace) controlled by mg and naming ref: crossplane-runtime's
// tracker would then write nothing, and is not run. Its own read copies
// the usage out of the cache on every reconcile; this one only looks.
func recorded[U any, R comparable, PU usage[U, R]](ctx context.Context, kube reader, gvk schema.GroupVersionKind, mg resource.Managed, ref R) bool {
	key := client.ObjectKey{Namespace: mg.GetNamespace(), Name: string(mg.GetUID())}
	if key.Name == "" {
		return false
	}
	u, err := get[U, PU](ctx, kube, gvk, key)
	if err != nil {
		return false
	}
	c := metav1.GetControllerOfNoCopy(u)
	return c != nil && c.UID == mg.GetUID() && u.GetProviderConfigReference() == ref
}
