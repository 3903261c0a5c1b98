package kind

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// A Watch reconciles a kind's resources when an object of another kind that
// they read changes: a Secret that a webhook takes its secret from, say.
// Such an object has no generation, so its events are not filtered as the
// kind's own are (desiredStateChanged); any change of its
// resource version counts.
//
// Only the watched objects' metadata is cached (a metadata-only informer:
// a Secret's data is never kept), for every object of the watched kind in
// the cluster; the resources refer to them by an index of the manager's
// cache of the kind, so a change is mapped to the resources that refer to
// the changed object without listing them all. A resource reads the
// object's content itself, when it needs it (Connection.Uncached).
type Watch struct {
	// Object is an object of the watched kind, e.g. &corev1.Secret{}.
	Object client.Object
	// Refs are the keys of the objects of that kind mg refers to:
	// namespace/name, or the name alone for a cluster-scoped kind (see
	// WatchKey).
	Refs func(mg resource.Managed) []string
}

// WatchKey is the key of the object called name in namespace ("" for a
// cluster-scoped object) that Watch.Refs returns.
func WatchKey(namespace, name string) string {
	if namespace == "" {
		return name
	}
	return namespace + "/" + name
}

// OfWatching is Of, and also reconciles a resource of the kind when an
// object that one of watches says it refers to changes.
func OfWatching[T resource.Managed](obj T, connect ConnectFn[T], watches []Watch, opts ...managed.ReconcilerOption) Setup {
	return of(obj, connect, watches, opts)
}

// watchIndex is the name of the cache index of a kind's resources by the
// objects of the watched kind gk that they refer to.
func watchIndex(gk schema.GroupKind) string { return "provider-github.refs." + gk.String() }

// addWatches indexes the kind of obj by what it refers to and makes each
// watched kind's changes the pool's work for the resources that refer to
// the changed object.
func addWatches(ctx context.Context, mgr ctrl.Manager, pool *Pool, gvk schema.GroupVersionKind, obj client.Object, watches []Watch) error {
	for _, w := range watches {
		wgvk, err := apiutil.GVKForObject(w.Object, mgr.GetScheme())
		if err != nil {
			return errors.Wrapf(err, "cannot find the kind of %T", w.Object)
		}
		index, refs := watchIndex(wgvk.GroupKind()), w.Refs
		if err := indexField(ctx, mgr.GetFieldIndexer(), obj, index, func(o client.Object) []string {
			mg, ok := o.(resource.Managed)
			if !ok {
				return nil
			}
			return refs(mg)
		}); err != nil {
			return errors.Wrapf(err, "cannot index %s by the %s it refers to", gvk.Kind, wgvk.Kind)
		}
		// Metadata only: the cache keeps no Secret's data.
		meta := &metav1.PartialObjectMetadata{}
		meta.SetGroupVersionKind(wgvk)
		src := source.TypedKind[client.Object](mgr.GetCache(), meta,
			pool.EnqueueMapped(gvk, referrers(mgr.GetClient(), mgr.GetScheme().New, gvk, index)),
			predicate.ResourceVersionChangedPredicate{})
		if err := pool.Watch(src); err != nil {
			return errors.Wrapf(err, "cannot watch the %s that %s refers to", wgvk.Kind, gvk.Kind)
		}
	}
	return nil
}

// referrers maps a changed object to the resources of kind gvk whose
// index names it. A list that fails (the cache is not synced yet) maps to
// none: the resources' next poll reads the object anyway.
func referrers(kube client.Reader, newObject func(schema.GroupVersionKind) (runtime.Object, error), gvk schema.GroupVersionKind, index string) func(context.Context, client.Object) []types.NamespacedName {
	return func(ctx context.Context, o client.Object) []types.NamespacedName {
		obj, err := newObject(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
		if err != nil {
			return nil
		}
		list, ok := obj.(client.ObjectList)
		if !ok {
			return nil
		}
		if err := kube.List(ctx, list, client.MatchingFields{index: WatchKey(o.GetNamespace(), o.GetName())}); err != nil {
			return nil
		}
		items, err := kmeta.ExtractList(list)
		if err != nil {
			return nil
		}
		names := make([]types.NamespacedName, 0, len(items))
		for _, it := range items {
			if m, ok := it.(client.Object); ok {
				names = append(names, types.NamespacedName{Namespace: m.GetNamespace(), Name: m.GetName()})
			}
		}
		return names
	}
}

// indexTimeout is how long indexField waits for the API server to serve
// a kind whose CRD was just established.
const indexTimeout = 2 * time.Minute

// indexField indexes obj's kind in the cache. The safe-start gate starts a
// kind when its CRD is established, which the API server's discovery (and
// so the cache's REST mapper) may not show for a moment yet: an index of a
// kind not served yet is tried again until it is, for up to indexTimeout.
func indexField(ctx context.Context, fi client.FieldIndexer, obj client.Object, index string, fn client.IndexerFunc) error {
	var last error
	err := wait.PollUntilContextTimeout(ctx, 250*time.Millisecond, indexTimeout, true, func(ctx context.Context) (bool, error) {
		last = fi.IndexField(ctx, obj, index, fn)
		if kmeta.IsNoMatchError(last) {
			return false, nil
		}
		return true, last
	})
	if last != nil {
		return last
	}
	return err
}
