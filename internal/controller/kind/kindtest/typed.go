package kindtest

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
)

// Client is a kind's external client taking O, the interface both scopes'
// types of the kind implement, so that a case need not know its scope.
type Client[O any] interface {
	Observe(ctx context.Context, mg O) (managed.ExternalObservation, error)
	Create(ctx context.Context, mg O) (managed.ExternalCreation, error)
	Update(ctx context.Context, mg O) (managed.ExternalUpdate, error)
	Delete(ctx context.Context, mg O) (managed.ExternalDelete, error)
}

// Typed is E, the external client of the scope whose type is T, as a
// Client[O]. It panics when given an O of the other scope: a case that
// mixes its scopes is wrong.
type Typed[O any, T resource.Managed] struct {
	E managed.TypedExternalClient[T]
}

// Observe calls E's Observe with mg as a T.
func (c Typed[O, T]) Observe(ctx context.Context, mg O) (managed.ExternalObservation, error) {
	return c.E.Observe(ctx, any(mg).(T))
}

// Create calls E's Create with mg as a T.
func (c Typed[O, T]) Create(ctx context.Context, mg O) (managed.ExternalCreation, error) {
	return c.E.Create(ctx, any(mg).(T))
}

// Update calls E's Update with mg as a T.
func (c Typed[O, T]) Update(ctx context.Context, mg O) (managed.ExternalUpdate, error) {
	return c.E.Update(ctx, any(mg).(T))
}

// Delete calls E's Delete with mg as a T.
func (c Typed[O, T]) Delete(ctx context.Context, mg O) (managed.ExternalDelete, error) {
	return c.E.Delete(ctx, any(mg).(T))
}
