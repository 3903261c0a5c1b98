// Package issuelabels reconciles IssueLabels managed resources of both
// scopes with one external client: the declared labels of a repository
// (GET, POST, PATCH and DELETE /repos/{owner}/{repo}/labels).
//
// A repository always has labels, so the resource exists once the
// provider has written the declared ones: Create makes GitHub's labels the
// declared ones and sets the external name to the repository's full name;
// from then on Observe reads every label with one conditional list (free
// while nothing changed) and Update writes only the differences — a label
// created, changed, renamed when its name differs only in case (a rename
// keeps it on its issues), and, in authoritative mode, every undeclared
// label deleted, with an event that names them. Delete leaves the labels
// as they are, with an event (see docs/kinds/issuelabels.md for why). An
// IssueLabels refuses, before it reads or writes anything, to share its
// repository with an older IssueLabels, or with IssueLabel resources that
// it would delete the labels of or fight (see sharedWith).
package issuelabels

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/issuelabels"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Events of an IssueLabels.
const (
	// ReasonDeletedUndeclared: an authoritative IssueLabels deleted labels
	// it does not declare; the event names them.
	ReasonDeletedUndeclared event.Reason = "DeletedUndeclaredLabels"
	// ReasonLeftAsIs: deleting an IssueLabels left the repository's
	// labels as they are.
	ReasonLeftAsIs event.Reason = "LeftLabelsAsTheyAre"
)

// Object is an IssueLabels of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.IssueLabelsParameters
	Observation() *common.IssueLabelsObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one IssueLabels' labels, for one reconcile: Observe
// keeps the plan it made for Create and Update.
type external[T Object] struct {
	api    github.IssueLabelsAPI
	repo   kind.Repository
	record event.Recorder
	// shared is the error that mg may not set the repository's labels
	// beside another resource (see sharedWith); nil when it may.
	shared func(ctx context.Context, mg T) error
	// plan is what makes GitHub's labels the declared ones, as Observe
	// found them.
	plan mapping.Plan
}

// failedRead says that the labels could not be read. GitHub's 404 on the
// list means the repository is missing, or hidden from the credentials.
func (e *external[T]) failedRead(err error) error {
	if github.IsNotFound(err) {
		return errors.Wrapf(err, "cannot read the labels of repository %s: cannot find the repository%s, or the credentials may not see it", e.repo.FullName(), e.repo.NamedBy())
	}
	return errors.Wrapf(err, "cannot read the labels of repository %s", e.repo.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs) — unless it must not share the
// repository with another resource: that check runs first, and its
// refusal keeps the verdict from confirming, so the observation runs and
// says so.
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	return "", e.shared(ctx, mg)
}

// Observe reads every label of the repository (pages of 100, each
// conditional: free while unchanged) and plans what makes them the
// declared ones. A resource being deleted leaves the labels as they are
// (see Delete) and reads nothing. One that must not share the repository
// reads and writes nothing: its condition names the others. Without an
// external name the declared labels were not written yet: the resource
// does not exist, and Create writes them. The external name follows a
// renamed repository.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	full := e.repo.FullName()
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) != "" {
			e.record.Event(mg, event.Normal(ReasonLeftAsIs, fmt.Sprintf("Deleting this IssueLabels leaves the labels of repository %s as they are on GitHub", full)))
		}
		return managed.ExternalObservation{}, nil
	}
	p := mg.Parameters()
	// Recorded first, so that a younger IssueLabels can tell which
	// repository this one declares the labels of even when it is refused.
	mg.Observation().Repository = ptr.To(full)
	if err := mapping.Duplicate(p); err != nil {
		return managed.ExternalObservation{}, err
	}
	if err := e.shared(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.ListIssueLabels(ctx, e.repo.Owner, e.repo.Name)
	if err != nil {
		return managed.ExternalObservation{}, e.failedRead(err)
	}
	*mg.Observation() = mapping.Observation(full, p, got)
	e.plan = mapping.Diff(p, got)
	ext := meta.GetExternalName(mg)
	if ext == "" {
		return managed.ExternalObservation{}, nil
	}
	mg.SetConditions(xpv2.Available())
	o := kind.Exists(e.plan.Drift(), false)
	if ext != full {
		meta.SetExternalName(mg, full)
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// Create makes GitHub's labels the declared ones and records the
// repository's full name as the external name: from then on the resource
// exists. A create whose record was lost writes what is still to write.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.write(ctx, mg); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.repo.FullName())
	return managed.ExternalCreation{}, nil
}

// Update writes the differences Observe found.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.write(ctx, mg)
}

// write carries out the plan: changes and renames first, then creates,
// and deletes last, so that a write that fails has deleted nothing yet.
// The labels deleted are named in an event, those deleted before a
// failure included. A label already gone counts as deleted.
func (e *external[T]) write(ctx context.Context, mg T) error {
	for _, u := range e.plan.Update {
		if _, err := e.api.UpdateIssueLabel(ctx, e.repo.Owner, e.repo.Name, u.Name, &u.Request); err != nil {
			return errors.Wrapf(err, "cannot update label %q of repository %s", u.Name, e.repo.FullName())
		}
	}
	for i := range e.plan.Create {
		c := &e.plan.Create[i]
		if _, err := e.api.CreateIssueLabel(ctx, e.repo.Owner, e.repo.Name, c); err != nil {
			return errors.Wrapf(err, "cannot create label %q in repository %s", c.Name, e.repo.FullName())
		}
	}
	var deleted []string
	defer func() {
		if len(deleted) > 0 {
			e.record.Event(mg, event.Normal(ReasonDeletedUndeclared, fmt.Sprintf("Deleted %d labels of repository %s that this IssueLabels does not declare (mode authoritative): %s",
				len(deleted), e.repo.FullName(), quoted(deleted))))
		}
	}()
	for _, name := range e.plan.Delete {
		err := resource.Ignore(github.IsNotFound, e.api.DeleteIssueLabel(ctx, e.repo.Owner, e.repo.Name, name))
		if err != nil {
			return errors.Wrapf(err, "cannot delete label %q of repository %s, which this IssueLabels does not declare", name, e.repo.FullName())
		}
		deleted = append(deleted, name)
	}
	return nil
}

// quoted lists names, each quoted: label names hold spaces and commas.
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// Delete leaves the repository's labels as they are (see the package's
// comment). Observe finds nothing to delete for a resource being deleted,
// so the managed reconciler does not call it; were it called, it would
// change nothing.
func (e *external[T]) Delete(_ context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
