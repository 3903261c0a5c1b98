// Package actionsoidcsubjectclaim reconciles ActionsOIDCSubjectClaim
// managed resources of both scopes with one external client: the
// customization template of the subject claim of the OIDC tokens a
// repository's workflows get, one per repository, which GitHub keeps at
// /repos/{owner}/{repo}/actions/oidc/customization/sub.
//
// GitHub has the template of every repository, its default subject until
// someone sets it, so the resource exists once the provider has written
// it: Create puts the declared template and sets the external name to the
// repository's full name; from then on Observe compares it and Update puts
// it back. GitHub has no DELETE for it: Delete puts GitHub's default
// subject back ({"use_default": true}), which is what a repository nobody
// customized has, so that no cloud trust policy keeps matching a subject
// nobody declares any more. A second ActionsOIDCSubjectClaim of a
// repository is refused before it reads or writes anything.
package actionsoidcsubjectclaim

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/actionsoidcsubjectclaim"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an ActionsOIDCSubjectClaim of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.ActionsOIDCSubjectClaimParameters
	Observation() *common.ActionsOIDCSubjectClaimObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one ActionsOIDCSubjectClaim's template, for one
// reconcile.
type external[T Object] struct {
	api github.ActionsOIDCSubjectClaimAPI
	in  kind.Repository
	// host is the GitHub API host of the credentials: a repository is
	// claimed once per host.
	host string
	// claimed is the error that an older ActionsOIDCSubjectClaim claims
	// the repository; nil when mg may set its template.
	claimed func(ctx context.Context, mg T) error
}

// what names the template for messages.
func (e *external[T]) what() string {
	return fmt.Sprintf("the OIDC subject claim template of repository %s", e.in.FullName())
}

// failed says what failed doing what. GitHub's 404 means the repository
// is missing, or hidden from the credentials: the template itself is
// never absent. Its 422 refuses claim keys.
func (e *external[T]) failed(err error, doing string) error {
	switch {
	case github.IsNotFound(err):
		return errors.Wrapf(err, "cannot %s %s: cannot find repository %s%s, or the credentials may not see it", doing, e.what(), e.in.FullName(), e.in.NamedBy())
	case github.IsUnprocessable(err):
		return errors.Wrapf(err, "GitHub refused %s: a claim key it does not take; change spec.forProvider.includeClaimKeys", e.what())
	}
	return errors.Wrapf(err, "cannot %s %s", doing, e.what())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs) — unless an older resource claims the repository:
// the claim check runs first, and its refusal keeps the verdict from
// confirming, so the observation runs and says so.
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	return "", e.claimed(ctx, mg)
}

// Observe reads the template. A resource being deleted that wrote it
// exists until GitHub's default is back (see Delete); one that never wrote
// it has nothing to put back, and reads nothing. A resource whose
// repository an older one claims reads and writes nothing: its condition
// names the other. Without an external name the resource has not written
// the template yet, and does not exist: Create puts it. The external name
// follows a renamed repository.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) == "" {
			return managed.ExternalObservation{}, nil
		}
		got, err := e.api.GetActionsOIDCSubjectClaim(ctx, e.in.Owner, e.in.Name)
		if github.IsNotFound(err) {
			// No repository, no template to put back.
			return managed.ExternalObservation{}, nil
		}
		if err != nil {
			return managed.ExternalObservation{}, e.failed(err, "read")
		}
		if mapping.IsDefault(got) {
			return managed.ExternalObservation{}, nil
		}
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	// Recorded first, so that a younger claimant can tell which repository
	// this one claims even when it is refused.
	mg.Observation().Repository, mg.Observation().Host = ptr.To(e.in.FullName()), ptr.To(e.host)
	if err := e.claimed(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.GetActionsOIDCSubjectClaim(ctx, e.in.Owner, e.in.Name)
	if err != nil {
		return managed.ExternalObservation{}, e.failed(err, "read")
	}
	*mg.Observation() = mapping.Observation(e.in.FullName(), e.host, got)
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

// Create puts the declared template and records the repository's full
// name as the external name: from then on the resource exists. A create
// whose record was lost puts it again.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.put(ctx, mapping.Request(mg.Parameters())); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.in.FullName())
	return managed.ExternalCreation{}, nil
}

// Update puts the declared template back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.put(ctx, mapping.Request(mg.Parameters()))
}

// put writes the template r.
func (e *external[T]) put(ctx context.Context, r *github.ActionsOIDCSubjectClaimRequest) error {
	if err := e.api.PutActionsOIDCSubjectClaim(ctx, e.in.Owner, e.in.Name, r); err != nil {
		return e.failed(err, "set")
	}
	return nil
}

// Delete puts GitHub's default subject back (see the package's comment);
// the next Observe finds it there, and the deletion completes.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if err := e.api.PutActionsOIDCSubjectClaim(ctx, e.in.Owner, e.in.Name, mapping.Default()); err != nil {
		if github.IsNotFound(err) {
			return managed.ExternalDelete{}, nil
		}
		return managed.ExternalDelete{}, e.failed(err, "put back GitHub's default subject in")
	}
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
