// Package actionsvariable reconciles ActionsVariable and
// OrganizationActionsVariable managed resources of both scopes with one
// external client: an Actions variable of a repository, of one of its
// deployment environments, or of an organization (which is also shared
// with some of its repositories), known by its name.
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

	av "github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an ActionsVariable or an OrganizationActionsVariable of
// either scope.
type Object interface {
	resource.Managed
}

// external manages one resource's variable. It lives for one reconcile:
// Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	vars   variables
	in     kind.Place
	env    kind.Environment
	kind   string
	record event.Recorder
	// share is who may use an organization's variable; nil for a
	// repository's.
	share *kind.Sharing

	// spec is the declared variable's name and value.
	spec func(T) (name, value string)
	// observed records GitHub's variable in the status.
	observed func(T, *github.ActionsVariable)

	// found is the variable as Observe found it; nil when it does not
	// exist.
	found *github.ActionsVariable
}

// what names the variable for messages: its name, environment and
// repository, or organization.
func (e *external[T]) what(name string) string {
	switch {
	case e.env.Name != "":
		via := ""
		if e.env.Via != "" {
			via = ", named by " + e.env.Via
		}
		return fmt.Sprintf("Actions variable %q of environment %q%s of %s", name, e.env.Name, via, e.in.FullName())
	case e.share != nil:
		return fmt.Sprintf("Actions variable %q of organization %s", name, e.in.FullName())
	default:
		return fmt.Sprintf("Actions variable %q of %s", name, e.in.FullName())
	}
}

// byName finds the variable of name (see kind.ByName).
func (e *external[T]) byName(name string) kind.ByName[github.ActionsVariable] {
	f := kind.ByName[github.ActionsVariable]{
		Noun: "variable", What: e.what, Kind: e.kind, In: e.in, Record: e.record,
		Taken: " (its value becomes the declared one)",
		Same:  av.SameName,
		Get:   func(ctx context.Context) (*github.ActionsVariable, error) { return e.vars.get(ctx, name) },
	}
	if e.share == nil {
		f.Unless = "or the repository or environment does not"
	} else {
		f.Taken = " (its value and repositories become the declared ones)"
	}
	return f
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and environment or organization and the
// repositories it is shared with (all found through kind.Connection) and
// GitHub's answers, so a verdict may confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the variable by its name and, for an organization's, who
// may use it. Without an external name it is this resource's only when a
// create of this resource was interrupted after GitHub created it;
// anyone else's is not taken over. A variable GitHub no longer has is
// created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	name, value := e.spec(mg)
	f := e.byName(name)
	got, unclaimed, err := f.Find(ctx, mg, name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	drift := av.ValueDrift(value, got)
	if e.share != nil {
		d, err := e.share.Observe(ctx, got.Name, got.Visibility)
		if err != nil {
			return managed.ExternalObservation{}, err
		}
		drift = append(drift, d...)
	}
	if unclaimed {
		if err := f.Claim(mg, got.Name, got.CreatedAt, drift); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	e.found = got
	e.observed(mg, got)
	mg.SetConditions(xpv2.Available())
	if meta.WasDeleted(mg) {
		drift = nil
	}
	return kind.Exists(drift, unclaimed), nil
}

// Create creates the variable (shared as declared, for an organization's)
// and records its name as the external name. A name GitHub has already
// (created since Observe looked) is refused with how to adopt it.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	name, _ := e.spec(mg)
	err := e.vars.create(ctx, e.request(mg, true))
	switch {
	case github.StatusCode(err) == http.StatusConflict:
		return managed.ExternalCreation{}, e.byName(name).NotOurs(strings.ToUpper(name))
	case github.IsNotFound(err):
		where := e.in.Noun() + " " + e.in.FullName() + e.in.NamedBy()
		if e.env.Name != "" {
			where += fmt.Sprintf(" or its environment %q", e.env.Name)
		}
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find %s, or the credentials may not write its variables", e.what(name), where)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(name))
	}
	meta.SetExternalName(mg, strings.ToUpper(name))
	return managed.ExternalCreation{}, nil
}

// Update puts the declared value (and sharing) back, in one write.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a variable that was not observed first")
	}
	err := e.vars.update(ctx, e.found.Name, e.request(mg, false))
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(e.found.Name))
}

// Delete deletes the variable. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a variable that was not observed first")
	}
	err := e.vars.delete(ctx, e.found.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }

// request is the body of a create (withName) or an update of the declared
// variable.
func (e *external[T]) request(mg T, withName bool) *github.ActionsVariableRequest {
	name, value := e.spec(mg)
	r := av.RequestOf(name, value, withName)
	if e.share != nil {
		r.Sharing = e.share.Request()
	}
	return r
}
