package shared

import (
	"context"
	"reflect"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The managed reconciler writes a resource's status at the end of every
// reconcile, also when nothing in it changed: at a 1-minute poll that is a
// write a minute per resource, the largest share of the provider's idle
// CPU. The API server does not store a write that changes nothing, so
// skipping it saves the round trip and both sides' encoding, and nothing
// else. ForManagedReconciler uses statusSkippingClient.
//
// The yardstick is the cache: a status write at the resource version the
// cache holds, whose status is the one the cache holds at that version,
// would store nothing. The cached object is looked at in place (not
// copied) and compared field by field; anything that cannot be told (not
// in the cache, another version, a status that differs in any way, a time
// included) is sent. Earlier versions kept a copy or the JSON of each
// status read (what that cost: docs/performance.md).

// clientManager is a manager whose reconcilers get another client.
type clientManager struct {
	ctrl.Manager
	client client.Client
}

func (m clientManager) GetClient() client.Client { return m.client }

type statusSkippingClient struct {
	client.Client
	// stores, when set, holds the cached objects compared with (read
	// through Client otherwise).
	stores *Stores
}

func newStatusSkippingClient(c client.Client, stores *Stores) statusSkippingClient {
	return statusSkippingClient{Client: c, stores: stores}
}

func (c statusSkippingClient) Status() client.SubResourceWriter {
	return statusSkippingWriter{SubResourceWriter: c.Client.Status(), cache: c.Client, stores: c.stores}
}

type statusSkippingWriter struct {
	client.SubResourceWriter
	cache  client.Reader
	stores *Stores
}

// Update sends the status update unless it would change nothing.
func (w statusSkippingWriter) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	if len(opts) == 0 && w.unchanged(ctx, obj) {
		return nil
	}
	return w.SubResourceWriter.Update(ctx, obj, opts...)
}

// unchanged tells whether the cache holds obj at obj's resource version
// with obj's status. Anything it cannot tell counts as changed.
func (w statusSkippingWriter) unchanged(ctx context.Context, obj client.Object) bool {
	status := statusOf(obj)
	if !status.IsValid() || obj.GetResourceVersion() == "" {
		return false
	}
	cached, ok := w.cached(ctx, obj)
	if !ok || reflect.TypeOf(cached) != reflect.TypeOf(obj) {
		return false
	}
	if cached.GetResourceVersion() != obj.GetResourceVersion() || cached.GetUID() != obj.GetUID() {
		return false
	}
	return reflect.DeepEqual(statusOf(cached).Addr().Interface(), status.Addr().Interface())
}

// cached is the cache's own object of obj (read only: its fields are the
// cache's).
func (w statusSkippingWriter) cached(ctx context.Context, obj client.Object) (client.Object, bool) {
	if gvk := obj.GetObjectKind().GroupVersionKind(); w.stores != nil && !gvk.Empty() {
		o, err := w.stores.Object(ctx, gvk, client.ObjectKeyFromObject(obj))
		c, ok := o.(client.Object)
		return c, err == nil && ok
	}
	//nolint:forcetypeassert // a new value of obj's own type.
	cached := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(client.Object)
	if err := w.cache.Get(ctx, client.ObjectKeyFromObject(obj), cached, client.UnsafeDisableDeepCopy); err != nil {
		return nil, false
	}
	return cached, true
}

// statusOf is the Status field of a pointer to a Kubernetes object struct;
// the zero Value when there is none.
func statusOf(obj client.Object) reflect.Value {
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return reflect.Value{}
	}
	return v.Elem().FieldByName("Status")
}
