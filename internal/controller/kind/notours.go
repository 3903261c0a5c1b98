package kind

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
)

// NotOurs says that what GitHub has where a resource's object would be is
// not the object this resource manages: someone else's (made before it,
// renamed into its name, a different object since ours was deleted).
type NotOurs struct{ Err error }

func (n NotOurs) Error() string { return n.Err.Error() }

// Unwrap returns what says why.
func (n NotOurs) Unwrap() error { return n.Err }

// NotOursf is a NotOurs error saying format with args.
func NotOursf(format string, args ...any) error { return NotOurs{Err: errors.Errorf(format, args...)} }

// ownOnly completes the deletion of a resource whose observation finds
// only someone else's object (NotOurs): there is nothing of its own to
// delete, and the other object is left alone.
type ownOnly[T resource.Managed] struct {
	managed.TypedExternalClient[T]
}

func (e ownOnly[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	o, err := e.TypedExternalClient.Observe(ctx, mg)
	var no NotOurs
	if meta.WasDeleted(mg) && errors.As(err, &no) {
		return managed.ExternalObservation{ResourceExists: false}, nil
	}
	return o, err
}
