package shared

import (
	"context"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The managed reconciler writes a resource's status at the end of every
// reconcile, also when nothing in it changed: at a 1-minute poll that is a
// write a minute per resource, the largest share of the provider's idle
// CPU. The API server does not store a write that changes nothing, so
// skipping it saves the round trip and both sides' encoding, and nothing
// else. ForManagedReconciler uses statusSkippingClient.

// clientManager is a manager whose reconcilers get another client.
type clientManager struct {
	ctrl.Manager
	client client.Client
}

func (m clientManager) GetClient() client.Client { return m.client }

type statusSkippingClient struct{ client.Client }

func (c statusSkippingClient) Status() client.SubResourceWriter {
	return statusSkippingWriter{SubResourceWriter: c.Client.Status(), cached: c.Client}
}

type statusSkippingWriter struct {
	client.SubResourceWriter
	cached client.Reader
}

// Update sends the status update unless it would change nothing.
func (w statusSkippingWriter) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	if len(opts) == 0 && w.unchanged(ctx, obj) {
		return nil
	}
	return w.SubResourceWriter.Update(ctx, obj, opts...)
}

// unchanged tells whether obj's status is that of the cached object, read
// at the same resource version. Anything it cannot tell counts as changed.
func (w statusSkippingWriter) unchanged(ctx context.Context, obj client.Object) bool {
	status := statusOf(obj)
	if !status.IsValid() || obj.GetResourceVersion() == "" {
		return false
	}
	cur, ok := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(client.Object)
	if !ok {
		return false
	}
	if err := w.cached.Get(ctx, client.ObjectKeyFromObject(obj), cur); err != nil {
		return false
	}
	if cur.GetResourceVersion() != obj.GetResourceVersion() {
		return false
	}
	return equality.Semantic.DeepEqual(statusOf(cur).Interface(), status.Interface())
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
