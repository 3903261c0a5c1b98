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
// deletion completes at once, with one event that says so (so a
// Composition that archives its repositories on delete can delete their
// webhooks, rulesets and secrets too). A repository that no longer exists
// has nothing left in it: the kind's own Observe finds its object gone.
type inRepository[T resource.Managed] struct {
	managed.TypedExternalClient[T]
	record event.Recorder
	repo   repositoryFn
	// kind names the resource's kind in messages.
	kind string
}

// repositoryFn reads, from GitHub, the repository a repository-scoped
// resource belongs to: its full name, and nil when it does not exist.
type repositoryFn func(ctx context.Context, mg RepositoryScoped) (string, *github.Repository, error)

// repositoryOf reads the repository of a resource through c.
func repositoryOf(c Connection) repositoryFn {
	return func(ctx context.Context, mg RepositoryScoped) (string, *github.Repository, error) {
		r, err := c.Repository(ctx, mg)
		if err != nil {
			return "", nil, err
		}
		full := r.Owner + "/" + r.Name
		got, err := github.NewReposClient(c.GitHub).Get(ctx, r.Owner, r.Name)
		if github.IsNotFound(err) {
			return full, nil, nil
		}
		if err != nil {
			return full, nil, errors.Wrapf(err, "cannot read repository %s, to tell whether anything can be deleted in it", full)
		}
		return full, got, nil
	}
}

// Observe finds a resource being deleted in an archived repository gone
// without looking for its object: nothing in the repository can be
// deleted.
func (e inRepository[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if !meta.WasDeleted(mg) || meta.GetExternalName(mg) == "" || !deletes(mg) {
		return e.TypedExternalClient.Observe(ctx, mg)
	}
	rs, ok := any(mg).(RepositoryScoped)
	if !ok {
		return e.TypedExternalClient.Observe(ctx, mg)
	}
	full, r, err := e.repo(ctx, rs)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	if r == nil || !r.Archived {
		return e.TypedExternalClient.Observe(ctx, mg)
	}
	e.record.Event(mg, event.Normal(reasonLeftInArchived, fmt.Sprintf("Left %s %s on GitHub: repository %s is archived, so GitHub keeps everything in it read-only; "+
		"to remove it there, unarchive the repository and delete it on GitHub", e.kind, meta.GetExternalName(mg), full)))
	return managed.ExternalObservation{ResourceExists: false}, nil
}

// Delete takes GitHub's refusal to delete in a repository archived since
// Observe read it as done: the next Observe finds the repository archived,
// says so, and completes the deletion.
func (e inRepository[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	d, err := e.TypedExternalClient.Delete(ctx, mg)
	if github.IsArchived(err) {
		return managed.ExternalDelete{}, nil
	}
	return d, err
}

// deletes tells whether mg's policies let the managed reconciler delete
// its object on GitHub when mg is deleted.
func deletes(mg resource.Managed) bool {
	//nolint:staticcheck // cluster-scoped (Crossplane v1 style) kinds are LegacyManaged by design.
	if l, ok := mg.(resource.LegacyManaged); ok {
		//nolint:staticcheck // their deletionPolicy counts, as for the managed reconciler.
		return managed.NewLegacyManagementPoliciesResolver(true, l.GetManagementPolicies(), l.GetDeletionPolicy()).ShouldDelete()
	}
	return managed.NewManagementPoliciesResolver(true, mg.GetManagementPolicies()).ShouldDelete()
}

// forRepository wraps what a kind's connect returned for mg: the rules of
// repository-scoped resources, above, apply to every such kind.
func forRepository[T resource.Managed](mg T, ext managed.TypedExternalClient[T], err error, record event.Recorder, kind string, repo repositoryFn) (managed.TypedExternalClient[T], error) {
	if _, ok := any(mg).(RepositoryScoped); !ok {
		return ext, err
	}
	if reason := nothingToDeleteFrom(err); reason != nil && meta.WasDeleted(mg) {
		return goneExternal[T]{reason: reason, record: record}, nil
	}
	if err != nil {
		return nil, err
	}
	return inRepository[T]{TypedExternalClient: ext, record: record, repo: repo, kind: kind}, nil
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
