// Package repositoryinteractionlimit reconciles RepositoryInteractionLimit managed resources of both scopes
// with one external client: the interaction limit of a repository, one per
// repository, which GitHub keeps at /repos/{owner}/{repo}/interaction-limits.
//
// GitHub has the interaction limit of every repository, its default until someone sets
// it, so the resource exists once the provider has written it: Create puts
// the declared fields and sets the external name to the repository's full
// name; from then on Observe compares the fields and Update puts them back.
// Delete leaves GitHub's interaction limit as it is: there is no absent interaction limit to go
// back to, and GitHub's default is not what the repository had before, only
// what a new one gets (putting it back could turn on what someone turned
// off).
package repositoryinteractionlimit

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/repositoryinteractionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a RepositoryInteractionLimit of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.RepositoryInteractionLimitParameters
	Observation() *common.RepositoryInteractionLimitObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one RepositoryInteractionLimit's interaction limit, for one reconcile.
type external[T Object] struct {
	api github.RepositoryInteractionLimitAPI
	in  kind.Repository
}

// what names the interaction limit for messages.
func (e *external[T]) what() string {
	return fmt.Sprintf("the interaction limit of repository %s", e.in.FullName())
}

// failed says what failed doing what. GitHub's 404 means the repository
// is missing, or hidden from the credentials: the interaction limit itself is never
// absent.
func (e *external[T]) failed(err error, doing string) error {
	if github.IsNotFound(err) {
		return errors.Wrapf(err, "cannot %s %s: cannot find repository %s%s, or the credentials may not see it", doing, e.what(), e.in.FullName(), e.in.NamedBy())
	}
	return errors.Wrapf(err, "cannot %s %s", doing, e.what())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the interaction limit. Without an external name the resource has not
// written it yet, and does not exist: Create puts the declared fields. A
// resource being deleted has nothing to delete (see Delete), so it is not
// read. The external name follows a renamed repository.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		return managed.ExternalObservation{}, nil
	}
	got, err := e.api.GetRepositoryInteractionLimit(ctx, e.in.Owner, e.in.Name)
	if err != nil {
		return managed.ExternalObservation{}, e.failed(err, "read")
	}
	*mg.Observation() = mapping.Observation(e.in.FullName(), got)
	ext := meta.GetExternalName(mg)
	if ext == "" {
		return managed.ExternalObservation{}, nil
	}
	mg.SetConditions(xpv2.Available())
	o := kind.Exists(mapping.Drift(mg.Parameters(), got), false)
	if ext != e.in.FullName() {
		meta.SetExternalName(mg, e.in.FullName())
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// Create puts the declared fields and records the repository's full name as
// the external name: from then on the resource exists. A create whose
// record was lost puts them again.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.put(ctx, mg); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.in.FullName())
	return managed.ExternalCreation{}, nil
}

// Update puts the declared fields back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.put(ctx, mg)
}

// put writes the declared fields; the others are GitHub's to keep.
func (e *external[T]) put(ctx context.Context, mg T) error {
	if err := e.api.PutRepositoryInteractionLimit(ctx, e.in.Owner, e.in.Name, mapping.Request(mg.Parameters())); err != nil {
		return e.failed(err, "set")
	}
	return nil
}

// Delete leaves GitHub's interaction limit as it is (see the package's comment).
// Observe finds nothing to delete for a resource being deleted, so the
// managed reconciler does not call it; were it called, it would change
// nothing.
func (e *external[T]) Delete(_ context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
