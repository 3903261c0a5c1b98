package kind

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Event reasons of repository-scoped kinds.
const (
	reasonLeftInArchived event.Reason = "LeftInArchivedRepository"
	reasonReferenceGone  event.Reason = "ReferenceGone"
)

// referenceGone says that a resource names, by reference, a resource
// (its Repository, its Team) that no longer exists. For a resource being
// deleted that means there is nothing left on GitHub to delete it from.
type referenceGone struct{ error }

// ReferenceGone tells whether err says that a resource names, by
// reference, a resource that no longer exists.
func ReferenceGone(err error) bool {
	var gone referenceGone
	return errors.As(err, &gone)
}

// referenceNotCreated says that a resource names, by reference, a resource
// that exists but has not been created on GitHub yet.
type referenceNotCreated struct{ error }

// referenceElsewhere says that a resource names, by reference, a resource
// of another repository than its own (a Branch of another repository).
// Nothing can have been created with it, so for a resource being deleted
// it counts as gone.
type referenceElsewhere struct{ error }

// goneExternal is the external client of a resource being deleted whose
// Repository or Team resource is gone: the resource no longer exists as
// far as it goes, so its deletion completes.
type goneExternal[T resource.Managed] struct {
	reason error
	record event.Recorder
}

func (e goneExternal[T]) Observe(_ context.Context, mg T) (managed.ExternalObservation, error) {
	e.record.Event(mg, event.Normal(reasonReferenceGone, fmt.Sprintf("Nothing to delete on GitHub: %v", e.reason)))
	return managed.ExternalObservation{ResourceExists: false}, nil
}

func (e goneExternal[T]) Create(context.Context, T) (managed.ExternalCreation, error) {
	return managed.ExternalCreation{}, e.reason
}

func (e goneExternal[T]) Update(context.Context, T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.reason
}

func (e goneExternal[T]) Delete(context.Context, T) (managed.ExternalDelete, error) {
	return managed.ExternalDelete{}, nil
}

func (e goneExternal[T]) Disconnect(context.Context) error { return nil }

// inRepository is the external client of a repository-scoped resource.
// GitHub refuses every write in an archived repository, deletes included:
// a resource being deleted there is left on GitHub, read-only, and its
// deletion completes (so a Composition that archives its repositories on
// delete can delete their webhooks, rulesets and secrets too).
type inRepository[T resource.Managed] struct {
	managed.TypedExternalClient[T]
	record event.Recorder
}

func (e inRepository[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	d, err := e.TypedExternalClient.Delete(ctx, mg)
	if github.IsArchived(err) {
		e.record.Event(mg, event.Normal(reasonLeftInArchived, "Left on GitHub: its repository is archived, so it is read-only there"))
		return managed.ExternalDelete{}, nil
	}
	return d, err
}

// forRepository wraps what a kind's connect returned for mg: the rules of
// repository-scoped resources, above, apply to every such kind.
func forRepository[T resource.Managed](mg T, ext managed.TypedExternalClient[T], err error, record event.Recorder) (managed.TypedExternalClient[T], error) {
	if _, ok := any(mg).(RepositoryScoped); !ok {
		return ext, err
	}
	if reason := nothingToDeleteFrom(err); reason != nil && meta.WasDeleted(mg) {
		return goneExternal[T]{reason: reason, record: record}, nil
	}
	if err != nil {
		return nil, err
	}
	return inRepository[T]{TypedExternalClient: ext, record: record}, nil
}

// nothingToDeleteFrom returns why there is nothing on GitHub to delete a
// resource from when its Repository, Team or Branch resource is gone, was
// never created there or is of another repository; nil otherwise.
func nothingToDeleteFrom(err error) error {
	var gone referenceGone
	if errors.As(err, &gone) {
		return gone.error
	}
	var notCreated referenceNotCreated
	if errors.As(err, &notCreated) {
		return notCreated.error
	}
	var elsewhere referenceElsewhere
	if errors.As(err, &elsewhere) {
		return elsewhere.error
	}
	return nil
}
