package shared

import (
	"context"
	"reflect"
	"sync"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ForManagedReconciler returns mgr with the client every managed reconciler
// uses: status updates that change nothing are not sent (see
// WithUnchangedStatusSkipped), and an update that conflicts only with the
// reconciler's own last status write is sent again (see ownStatusWrites).
func ForManagedReconciler(mgr ctrl.Manager) ctrl.Manager {
	c := ownStatusWrites{Client: newStatusSkippingClient(mgr.GetClient(), NewStores(mgr.GetCache())), writes: &sync.Map{}}
	return clientManager{Manager: mgr, client: c}
}

// The managed reconciler reads a resource from the cache, which can be one
// write behind: right after a create, the reconciler writes the resource's
// status and is at once requeued, and the next reconcile may still read the
// version before that status write. When that reconcile updates the
// resource (late initialization after a create does), the API server
// refuses the update as stale, and the reconciler reports a conflict as a
// Warning event on a perfectly healthy resource.
//
// A status write changes nothing but the status, which an update of the
// resource itself does not send. So when the only write between the
// version an update was made from and the stored version is this client's
// own status write, the update is sent again at the stored version: the
// result is exactly what the first update meant. Any other write in
// between (by a person, another controller, or an update of our own) still
// conflicts.
type ownStatusWrites struct {
	client.Client

	// writes holds, per resource UID, the last status write: the version
	// it was made at and the version it produced.
	writes *sync.Map
}

type statusWrite struct{ from, to string }

// Update updates obj, and sends it again at the stored version when it
// conflicts only with this client's last status write of obj.
//
// An update of a resource leaves its stored status as it is, yet the API
// server's answer, which the client decodes into obj, carries that stored
// status: what the reconcile observed and set in obj's status would be
// replaced by the status stored before it, and written back so by the
// status write that follows (a late-initialization update dropped
// status.atProvider that way). So obj keeps the status it had.
func (c ownStatusWrites) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	var status reflect.Value
	if cp, ok := obj.DeepCopyObject().(client.Object); ok {
		status = statusOf(cp)
	}
	err := c.update(ctx, obj, opts...)
	if err == nil && status.IsValid() {
		statusOf(obj).Set(status)
	}
	return err
}

func (c ownStatusWrites) update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	err := c.Client.Update(ctx, obj, opts...)
	w, ok := c.writes.LoadAndDelete(obj.GetUID())
	if !kerrors.IsConflict(err) || !ok || w.(statusWrite).from != obj.GetResourceVersion() {
		return err
	}
	obj.SetResourceVersion(w.(statusWrite).to)
	return c.Client.Update(ctx, obj, opts...)
}

// Delete forgets obj's last status write.
func (c ownStatusWrites) Delete(ctx context.Context, obj client.Object, opts ...client.DeleteOption) error {
	c.writes.Delete(obj.GetUID())
	return c.Client.Delete(ctx, obj, opts...)
}

func (c ownStatusWrites) Status() client.SubResourceWriter {
	return statusWriteRecorder{SubResourceWriter: c.Client.Status(), writes: c.writes}
}

type statusWriteRecorder struct {
	client.SubResourceWriter
	writes *sync.Map
}

// Update updates obj's status and records the versions before and after.
//
// An obj read from the cache before this client's own last status write
// of it carries the status from before that write. Compared with that
// same stale copy, a status equal to it would pass for unchanged and not
// be sent (see statusSkippingWriter), leaving our last write standing
// though it is no longer what the reconciler found: a resource observed
// Available right after its create would stay Creating. Only our own
// status write lies between that version and the stored one, and its
// status is the one being replaced, so the update is sent at the version
// that write produced, as ownStatusWrites.Update sends an update.
func (w statusWriteRecorder) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	if last, ok := w.writes.Load(obj.GetUID()); ok && last.(statusWrite).from == obj.GetResourceVersion() {
		obj.SetResourceVersion(last.(statusWrite).to)
	}
	from := obj.GetResourceVersion()
	if err := w.SubResourceWriter.Update(ctx, obj, opts...); err != nil {
		return err
	}
	if to := obj.GetResourceVersion(); to != from && obj.GetUID() != types.UID("") {
		w.writes.Store(obj.GetUID(), statusWrite{from: from, to: to})
	}
	return nil
}
