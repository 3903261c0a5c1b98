// Package issuelabel reconciles IssueLabel managed resources of both scopes
// with one external client: a label of a repository, known by its name.
package issuelabel

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

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/issuelabel"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a IssueLabel of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.IssueLabelParameters
	Observation() *common.IssueLabelObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one IssueLabel's label. It lives for one reconcile:
// Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    github.IssueLabelsAPI
	repo   kind.Repository
	record event.Recorder

	// found is the label as Observe found it; nil when it does not exist.
	found *github.IssueLabel
}

// what names the label of name for messages.
func (e *external[T]) what(name string) string {
	return fmt.Sprintf("label %q of %s", name, e.repo.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// byName finds the label of name (see kind.ByName).
func (e *external[T]) byName(name string) kind.ByName[github.IssueLabel] {
	return kind.ByName[github.IssueLabel]{
		Noun: "label", What: e.what, Kind: "IssueLabel", In: e.repo, Record: e.record,
		Same: mapping.SameName, Untimed: true,
		Get: func(ctx context.Context) (*github.IssueLabel, error) {
			return e.api.GetIssueLabel(ctx, e.repo.Owner, e.repo.Name, name)
		},
	}
}

// Observe reads the label by its name. Without an external name it is
// this resource's only when a create of this resource was interrupted
// after GitHub made it; anyone else's is not taken over. A label
// GitHub no longer has is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	got, recovered, err := e.byName(p.Name).Find(ctx, mg, p.Name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	if recovered {
		if err := e.byName(got.Name).Claim(mg, got.Name, nil, mapping.Drift(p, got)); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	e.found = got
	*mg.Observation() = mapping.Observation(e.repo.FullName(), got)
	mg.SetConditions(xpv2.Available())
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = mapping.Drift(mg.Parameters(), got)
	}
	return kind.Exists(drift, recovered), nil
}

// Create creates the label and records its name as the external name.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	got, err := e.api.CreateIssueLabel(ctx, e.repo.Owner, e.repo.Name, mapping.Request(p, true))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find repository %s%s, or the credentials may not write its labels", e.what(p.Name), e.repo.FullName(), e.repo.NamedBy())
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), "already_exists"):
		return managed.ExternalCreation{}, e.byName(p.Name).NotOurs(p.Name)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(p.Name))
	}
	meta.SetExternalName(mg, got.Name)
	return managed.ExternalCreation{}, nil
}

// Update puts the declared label back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a label that was not observed first")
	}
	_, err := e.api.UpdateIssueLabel(ctx, e.repo.Owner, e.repo.Name, e.found.Name, mapping.Request(mg.Parameters(), false))
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(e.found.Name))
}

// Delete deletes the label. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a label that was not observed first")
	}
	err := e.api.DeleteIssueLabel(ctx, e.repo.Owner, e.repo.Name, e.found.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
