// Package codesecurityconfiguration reconciles CodeSecurityConfiguration managed resources of both scopes
// with one external client: a configuration of an organization, known by the id
// GitHub assigns it.
package codesecurityconfiguration

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/codesecurityconfiguration"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a CodeSecurityConfiguration of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.CodeSecurityConfigurationParameters
	Observation() *common.CodeSecurityConfigurationObservation
	OrganizationTarget() *common.OrganizationTarget
}

// external manages one CodeSecurityConfiguration's configuration. It lives for one reconcile:
// Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    github.CodeSecurityConfigurationsAPI
	in     kind.Organization
	record event.Recorder

	// found is the configuration as Observe found it; nil when it does not exist.
	found *github.CodeSecurityConfiguration
}

// what names the configuration of name for messages.
func (e *external[T]) what(name string) string {
	return fmt.Sprintf("configuration %q of %s", name, e.in.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its organization and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// find reads the configuration mg manages: the one of its external name, or
// the one a lost create of mg made, of mg's name, exactly as mg declares
// it (kind.ByID). Nil when there is none.
func (e *external[T]) find(ctx context.Context, mg T) (*github.CodeSecurityConfiguration, bool, error) {
	p := mg.Parameters()
	return kind.ByID[github.CodeSecurityConfiguration]{
		Noun: "configuration", Address: "…/code-security/configurations/<id>", In: e.in, Record: e.record,
		Get: func(ctx context.Context, id int64) (*github.CodeSecurityConfiguration, error) {
			return e.api.GetCodeSecurityConfiguration(ctx, e.in.Login, id)
		},
		List: func(ctx context.Context) ([]github.CodeSecurityConfiguration, error) {
			return e.api.ListCodeSecurityConfigurations(ctx, e.in.Login)
		},
		Match: func(l []github.CodeSecurityConfiguration) *github.CodeSecurityConfiguration {
			return mapping.FindByName(l, p.Name)
		},
		ID:        func(got *github.CodeSecurityConfiguration) int64 { return got.ID },
		CreatedAt: func(got *github.CodeSecurityConfiguration) *time.Time { return got.CreatedAt },
		Drift:     func(got *github.CodeSecurityConfiguration) []string { return mapping.Drift(p, got) },
		Describe: func(got *github.CodeSecurityConfiguration) string {
			return fmt.Sprintf("%s (id %d)", e.what(got.Name), got.ID)
		},
		Made: "created by this CodeSecurityConfiguration",
	}.Find(ctx, mg)
}

// Observe reads the configuration by its id, the external name (see find).
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	got, recovered, err := e.find(ctx, mg)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	e.found = got
	*mg.Observation() = mapping.Observation(e.in.FullName(), got)
	mg.SetConditions(xpv2.Available())
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = mapping.Drift(mg.Parameters(), got)
	}
	return kind.Exists(drift, recovered), nil
}

// Create creates the configuration and records its id as the external name.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	got, err := e.api.CreateCodeSecurityConfiguration(ctx, e.in.Login, mapping.Request(p))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find organization %s%s, or the credentials may not write its configurations", e.what(p.Name), e.in.FullName(), e.in.NamedBy())
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), "already_exists"):
		return managed.ExternalCreation{}, errors.Errorf("%s already exists and this CodeSecurityConfiguration did not create it: to manage it, set the annotation crossplane.io/external-name to its id (the number at the end of its address, …/code-security/configurations/<id>); or choose another name", e.what(p.Name))
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(p.Name))
	}
	meta.SetExternalName(mg, kind.ExternalID(got.ID))
	return managed.ExternalCreation{}, nil
}

// Update puts the declared configuration back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a configuration that was not observed first")
	}
	_, err := e.api.UpdateCodeSecurityConfiguration(ctx, e.in.Login, e.found.ID, mapping.Request(mg.Parameters()))
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(e.found.Name))
}

// Delete deletes the configuration. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a configuration that was not observed first")
	}
	err := e.api.DeleteCodeSecurityConfiguration(ctx, e.in.Login, e.found.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
