package shared

import (
	"context"
	"errors"
	"sync"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ForManagedReconciler returns mgr with the client every managed reconciler
// uses: status updates that change nothing are not sent (see
// statusSkippingClient), an update that conflicts only with the
// reconciler's own last status write is sent again (see ownStatusWrites),
// and a status update of a copy read before that write is refused (see
// ErrStaleRead).
func ForManagedReconciler(mgr ctrl.Manager) ctrl.Manager {
	c := ownStatusWrites{Client: newStatusSkippingClient(mgr.GetClient()), writes: &sync.Map{}}
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
func (c ownStatusWrites) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
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

// ErrStaleRead is the error of a status update of a resource that was read
// before this client's own last status write of it: its status was
// derived from what that write replaced. Sent at the stored version, it
// would drop what the write recorded that a reconcile does not work out
// again (a Branch's starting commit, the secret a webhook was given);
// compared with the stale copy, a status equal to it would pass for
// unchanged (see statusSkippingWriter), leaving the write standing though
// it is no longer what the reconciler found. So it is not sent: the
// resource is reconciled again once the cache has the write (Pool).
var ErrStaleRead = errors.New("the resource was read before this provider's own last status write of it; reconciled again")

// Update updates obj's status and records the versions before and after;
// an obj read before this client's last status write of it is refused
// with ErrStaleRead (wrapped in a conflict).
func (w statusWriteRecorder) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	if last, ok := w.writes.Load(obj.GetUID()); ok && last.(statusWrite).from == obj.GetResourceVersion() {
		return staleRead{kerrors.NewConflict(schema.GroupResource{}, obj.GetName(), ErrStaleRead)}
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

// staleRead is a conflict that errors.Is tells as ErrStaleRead.
type staleRead struct{ *kerrors.StatusError }

func (staleRead) Is(target error) bool { return target == ErrStaleRead }
