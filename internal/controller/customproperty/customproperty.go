// Package customproperty reconciles CustomProperty managed resources of
// both scopes with one external client: a custom property of an
// organization's schema, known by its name.
package customproperty

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/customproperty"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a CustomProperty of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.CustomPropertyParameters
	Observation() *common.CustomPropertyObservation
	OrganizationTarget() *common.OrganizationTarget
}

// external manages one CustomProperty's property. It lives for one
// reconcile: Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    github.CustomPropertiesAPI
	in     kind.Organization
	record event.Recorder

	// found is the property as Observe found it; nil when it does not exist.
	found *github.CustomProperty
}

// what names the property of name for messages.
func (e *external[T]) what(name string) string {
	return fmt.Sprintf("custom property %q of organization %s", name, e.in.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its organization and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// byName finds the property of name (see kind.ByName). GitHub keeps no
// creation time of a property: only its definition tells a lost create's
// result.
func (e *external[T]) byName(name string) kind.ByName[github.CustomProperty] {
	return kind.ByName[github.CustomProperty]{
		Noun: "custom property", What: e.what, Kind: "CustomProperty", In: e.in, Record: e.record,
		Taken: " (its definition becomes the declared one)", Untimed: true,
		Same: mapping.SameName,
		Get: func(ctx context.Context) (*github.CustomProperty, error) {
			return e.api.GetCustomProperty(ctx, e.in.Login, name)
		},
	}
}

// Observe reads the property by its name. Without an external name it is
// this resource's only when a create of this resource was interrupted
// after GitHub made it, exactly as declared; anyone else's is not taken
// over. A property GitHub no longer has is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	got, recovered, err := e.byName(p.Name).Find(ctx, mg, p.Name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	if recovered {
		if err := e.byName(got.PropertyName).Claim(mg, got.PropertyName, nil, mapping.Drift(p, got)); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	e.found = got
	*mg.Observation() = mapping.Observation(e.in.FullName(), got)
	mg.SetConditions(xpv2.Available())
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = mapping.Drift(p, got)
	}
	return kind.Exists(drift, recovered), nil
}

// Create defines the property and records its name as the external name.
// GitHub's PUT creates or replaces: Observe has just found no property of
// the name, so nobody else's definition is replaced.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	got, err := e.api.PutCustomProperty(ctx, e.in.Login, p.Name, mapping.Request(p))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find organization %s, or the credentials may not define its custom properties", e.what(p.Name), e.in.FullName())
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(p.Name))
	}
	meta.SetExternalName(mg, got.PropertyName)
	return managed.ExternalCreation{}, nil
}

// Update puts the declared definition back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a custom property that was not observed first")
	}
	_, err := e.api.PutCustomProperty(ctx, e.in.Login, e.found.PropertyName, mapping.Request(mg.Parameters()))
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(e.found.PropertyName))
}

// Delete deletes the property; GitHub removes its value from every
// repository of the organization. One that is already gone counts as
// deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a custom property that was not observed first")
	}
	err := e.api.DeleteCustomProperty(ctx, e.in.Login, e.found.PropertyName)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.PropertyName))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
