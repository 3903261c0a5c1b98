// Package actionsvariable reconciles ActionsVariable managed resources of
// both scopes with one external client: an Actions variable of a
// repository or of one of its deployment environments, known by its name.
package actionsvariable

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	av "github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an ActionsVariable of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.ActionsVariableParameters
	Observation() *common.ActionsVariableObservation
	RepositoryTarget() *common.RepositoryTarget
	EnvironmentTarget() *common.EnvironmentTarget
}

// external manages one ActionsVariable's variable. It lives for one
// reconcile: Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    github.ActionsVariablesAPI
	repo   kind.Repository
	env    kind.Environment
	record event.Recorder

	// found is the variable as Observe found it; nil when it does not
	// exist.
	found *github.ActionsVariable
}

// what names the variable for messages: its name, environment and
// repository.
func (e *external[T]) what(name string) string {
	if e.env.Name == "" {
		return fmt.Sprintf("Actions variable %q of %s", name, e.repo.FullName())
	}
	via := ""
	if e.env.Via != "" {
		via = ", named by " + e.env.Via
	}
	return fmt.Sprintf("Actions variable %q of environment %q%s of %s", name, e.env.Name, via, e.repo.FullName())
}

// byName finds the variable of name (see kind.ByName).
func (e *external[T]) byName(name string) kind.ByName[github.ActionsVariable] {
	return kind.ByName[github.ActionsVariable]{
		Noun: "variable", What: e.what, Kind: "ActionsVariable", In: e.repo, Record: e.record,
		Unless: "or the repository or environment does not",
		Taken:  " (its value becomes the declared one)",
		Same:   av.SameName,
		Get: func(ctx context.Context) (*github.ActionsVariable, error) {
			return e.api.GetVariable(ctx, e.repo.Owner, e.repo.Name, e.env.Name, name)
		},
	}
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and environment and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the variable by its name. Without an external name it is
// this resource's only when a create of this resource was interrupted
// after GitHub created it; anyone else's is not taken over. A variable
// GitHub no longer has is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	f := e.byName(p.Name)
	got, unclaimed, err := f.Find(ctx, mg, p.Name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	if unclaimed {
		if err := f.Claim(mg, got.Name, got.CreatedAt, av.Drift(p, got)); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	e.found = got
	*mg.Observation() = av.Observation(e.repo.FullName(), e.env.Name, got)
	mg.SetConditions(xpv2.Available())
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = av.Drift(p, got)
	}
	return kind.Exists(drift, unclaimed), nil
}

// Create creates the variable and records its name as the external name.
// A name GitHub has already (created since Observe looked) is refused
// with how to adopt it.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	err := e.api.CreateVariable(ctx, e.repo.Owner, e.repo.Name, e.env.Name, av.Request(p, true))
	switch {
	case github.StatusCode(err) == http.StatusConflict:
		return managed.ExternalCreation{}, e.byName(p.Name).NotOurs(strings.ToUpper(p.Name))
	case github.IsNotFound(err):
		where := "repository " + e.repo.FullName() + e.repo.NamedBy()
		if e.env.Name != "" {
			where += fmt.Sprintf(" or its environment %q", e.env.Name)
		}
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find %s, or the credentials may not write its variables", e.what(p.Name), where)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(p.Name))
	}
	meta.SetExternalName(mg, strings.ToUpper(p.Name))
	return managed.ExternalCreation{}, nil
}

// Update puts the declared value back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a variable that was not observed first")
	}
	err := e.api.UpdateVariable(ctx, e.repo.Owner, e.repo.Name, e.env.Name, e.found.Name, av.Request(mg.Parameters(), false))
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(e.found.Name))
}

// Delete deletes the variable. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a variable that was not observed first")
	}
	err := e.api.DeleteVariable(ctx, e.repo.Owner, e.repo.Name, e.env.Name, e.found.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
