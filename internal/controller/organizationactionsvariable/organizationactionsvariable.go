// Package organizationactionsvariable reconciles OrganizationActionsVariable
// managed resources of both scopes with one external client: an Actions
// variable of an organization, known by its name, shared with all, the
// private or selected repositories of the organization.
package organizationactionsvariable

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

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/organizationactionsvariable"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an OrganizationActionsVariable of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.OrganizationActionsVariableParameters
	Observation() *common.OrganizationActionsVariableObservation
	OrganizationTarget() *common.OrganizationTarget
}

// githubAPI is what the kind uses of GitHub: the variables and the lists
// of repositories they are shared with.
type githubAPI interface {
	github.OrganizationActionsVariablesAPI
	github.SelectedRepositoriesAPI
}

// external manages one OrganizationActionsVariable's variable. It lives
// for one reconcile: Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    githubAPI
	in     kind.Organization
	record event.Recorder
	// want is the declared sharing, its repositories resolved by connect.
	want sharing.Want

	// found is the variable as Observe found it; nil when it does not
	// exist.
	found *github.OrganizationActionsVariable
}

// what names the variable of name for messages.
func (e *external[T]) what(name string) string {
	return fmt.Sprintf("Actions variable %q of organization %s", name, e.in.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its organization, the repositories connect resolved (which
// Connection records) and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// byName finds the variable of name (see kind.ByName).
func (e *external[T]) byName(name string) kind.ByName[github.OrganizationActionsVariable] {
	return kind.ByName[github.OrganizationActionsVariable]{
		Noun: "variable", What: e.what, Kind: "OrganizationActionsVariable", In: e.in, Record: e.record,
		Taken: " (its value and repositories become the declared ones)",
		Same:  mapping.SameName,
		Get: func(ctx context.Context) (*github.OrganizationActionsVariable, error) {
			return e.api.GetOrgVariable(ctx, e.in.Login, name)
		},
	}
}

// Observe reads the variable by its name and, only when both the spec and
// GitHub say selected, the repositories it is shared with. Without an
// external name it is this resource's only when a create of this resource
// was interrupted after GitHub created it; anyone else's is not taken
// over. A variable GitHub no longer has is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	f := e.byName(p.Name)
	got, unclaimed, err := f.Find(ctx, mg, p.Name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	g, err := kind.SharingOf(ctx, e.api, e.in.Login, github.Shared{Variable: true}, got.Name, e.want, got.Visibility)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	drift := append(mapping.Drift(p, got), sharing.Drift(e.want, g)...)
	if unclaimed {
		if err := f.Claim(mg, got.Name, got.CreatedAt, drift); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	e.found = got
	*mg.Observation() = mapping.Observation(e.in.Login, got, g)
	mg.SetConditions(xpv2.Available())
	if meta.WasDeleted(mg) {
		drift = nil
	}
	return kind.Exists(drift, unclaimed), nil
}

// Create creates the variable, shared as declared, and records its name
// as the external name. A name GitHub has already (created since Observe
// looked) is refused with how to adopt it.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	err := e.api.CreateOrgVariable(ctx, e.in.Login, mapping.Request(p, e.want, true))
	switch {
	case github.StatusCode(err) == http.StatusConflict:
		return managed.ExternalCreation{}, e.byName(p.Name).NotOurs(strings.ToUpper(p.Name))
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find organization %s, or the credentials may not write its variables", e.what(p.Name), e.in.FullName())
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(p.Name))
	}
	meta.SetExternalName(mg, strings.ToUpper(p.Name))
	return managed.ExternalCreation{}, nil
}

// Update puts the declared value and sharing back, in one write.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a variable that was not observed first")
	}
	err := e.api.UpdateOrgVariable(ctx, e.in.Login, e.found.Name, mapping.Request(mg.Parameters(), e.want, false))
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(e.found.Name))
}

// Delete deletes the variable. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a variable that was not observed first")
	}
	err := e.api.DeleteOrgVariable(ctx, e.in.Login, e.found.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
