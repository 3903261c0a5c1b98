// Package codesecurityconfiguration reconciles CodeSecurityConfiguration
// managed resources of both scopes with one external client: a code
// security configuration of an organization, known by the id GitHub assigns
// it, with the new repositories it is the default for and the repositories
// it is attached to.
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
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/codesecurityconfiguration"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// ReasonAttaching is the reason of the Ready=False condition of a
// configuration GitHub is still attaching to some of its repositories.
const ReasonAttaching xpv2.ConditionReason = "Attaching"

// attachingPoll is how soon a configuration GitHub is attaching is read
// again, when the poll interval is longer.
const attachingPoll = 5 * time.Second

// Object is a CodeSecurityConfiguration of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.CodeSecurityConfigurationParameters
	Observation() *common.CodeSecurityConfigurationObservation
	OrganizationTarget() *common.OrganizationTarget
}

// external manages one CodeSecurityConfiguration's configuration. It lives
// for one reconcile: Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api    github.CodeSecurityConfigurationsAPI
	in     kind.Organization
	record event.Recorder
	// reviewers are the declared bypass reviewers, ids resolved; selected
	// the ids of the repositories attachTo selects.
	reviewers []github.BypassReviewer
	selected  []int64
	// found is the configuration as Observe found it; nil when it does not
	// exist. drift is where its settings differ, defaultFor the new
	// repositories it is the default for, attach what its attachment needs.
	found      *github.CodeSecurityConfiguration
	drift      []string
	defaultFor string
	attach     mapping.Attachment
}

// what names the configuration of name for messages.
func (e *external[T]) what(name string) string {
	return fmt.Sprintf("code security configuration %q of %s", name, e.in.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, the objects resolved in connect, GitHub's answers and the
// scope last attached (status.atProvider.attachedScope), so a verdict may
// confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(_ context.Context, mg T) (string, error) {
	return ptr.Deref(mg.Observation().AttachedScope, ""), nil
}

// find reads the configuration mg manages: the one of its external name, or
// the one a lost create of mg made, of mg's name, exactly as mg declares
// it (kind.ByID). Nil when there is none.
func (e *external[T]) find(ctx context.Context, mg T) (*github.CodeSecurityConfiguration, bool, error) {
	p := mg.Parameters()
	return kind.ByID[github.CodeSecurityConfiguration]{
		Noun: "code security configuration", Address: "…/code-security/configurations/<id>", In: e.in, Record: e.record,
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
		Drift:     func(got *github.CodeSecurityConfiguration) []string { return mapping.Drift(p, e.reviewers, got) },
		Describe: func(got *github.CodeSecurityConfiguration) string {
			return fmt.Sprintf("%s (id %d)", e.what(got.Name), got.ID)
		},
		Made: "created by this CodeSecurityConfiguration",
	}.Find(ctx, mg)
}

// Observe reads the configuration by its id, the external name (see find),
// the new repositories it is the default for and the repositories attached
// to it. While GitHub is attaching some, it is not Ready (and not failed).
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	got, recovered, err := e.find(ctx, mg)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	if !mapping.Own(got) {
		if meta.WasDeleted(mg) {
			// Nothing of this resource's to delete: GitHub's own stays.
			return managed.ExternalObservation{}, nil
		}
		return managed.ExternalObservation{}, kind.NotOursf("%s (id %d) is GitHub's own configuration (target type %s), which an organization cannot change or delete: remove the crossplane.io/external-name annotation to create a configuration of your own, or attach repositories to it on GitHub",
			e.what(got.Name), got.ID, got.TargetType)
	}
	e.found = got
	defaults, err := e.api.ListCodeSecurityDefaults(ctx, e.in.Login)
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the default code security configurations of %s", e.in.FullName())
	}
	e.defaultFor = mapping.DefaultFor(defaults, got.ID)
	attached, err := e.api.ListCodeSecurityAttachments(ctx, e.in.Login, got.ID)
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the repositories attached to %s", e.what(got.Name))
	}
	lastScope := mg.Observation().AttachedScope
	*mg.Observation() = mapping.Observation(e.in.FullName(), got, e.defaultFor, attached)
	mg.Observation().AttachedScope = lastScope
	if meta.WasDeleted(mg) {
		return kind.Exists(nil, recovered), nil
	}
	p := mg.Parameters()
	e.drift = mapping.Drift(p, e.reviewers, got)
	drift := e.drift
	if e.defaultFor != p.DefaultForNewRepos {
		drift = append(drift, "defaultForNewRepos")
	}
	e.attach = mapping.Attaching(p.AttachTo, e.selected, ptr.Deref(lastScope, ""), attached)
	if e.attach.Attach || len(e.attach.Detach) > 0 {
		drift = append(drift, "attachTo")
	}
	switch {
	case len(e.attach.Pending) > 0:
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(), Reason: ReasonAttaching,
			Message: fmt.Sprintf("GitHub is attaching the configuration to %s; the resource is Ready once they are attached", strings.Join(e.attach.Pending, ", "))})
	case e.attach.Attach:
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(), Reason: ReasonAttaching,
			Message: fmt.Sprintf("the configuration is to be attached to repositories (scope %s); the resource is Ready once GitHub has attached them", mg.Parameters().AttachTo.Scope)})
	default:
		mg.SetConditions(xpv2.Available())
	}
	return kind.Exists(drift, recovered), nil
}

// Create creates the configuration and records its id as the external name;
// its default and attachment follow in the next reconcile's update.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	got, err := e.api.CreateCodeSecurityConfiguration(ctx, e.in.Login, mapping.Request(p, e.reviewers))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s: cannot find organization %s%s, or the credentials may not write its code security configurations", e.what(p.Name), e.in.FullName(), e.in.NamedBy())
	case github.IsUnprocessable(err) && (strings.Contains(err.Error(), "already_exists") || strings.Contains(err.Error(), "already exists")):
		return managed.ExternalCreation{}, errors.Errorf("%s already exists and this CodeSecurityConfiguration did not create it: to manage it, set the annotation crossplane.io/external-name to its id (the number at the end of its address, …/code-security/configurations/<id>); or choose another name", e.what(p.Name))
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create %s", e.what(p.Name))
	}
	meta.SetExternalName(mg, kind.ExternalID(got.ID))
	return managed.ExternalCreation{}, nil
}

// Update puts the declared settings back, makes the configuration the
// declared default for new repositories, detaches the repositories attachTo
// (selected) does not name and attaches those it does.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a code security configuration that was not observed first")
	}
	p := mg.Parameters()
	id, name := e.found.ID, e.found.Name
	if len(e.drift) > 0 {
		if _, err := e.api.UpdateCodeSecurityConfiguration(ctx, e.in.Login, id, mapping.Request(p, e.reviewers)); err != nil {
			return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update %s", e.what(name))
		}
	}
	if e.defaultFor != p.DefaultForNewRepos {
		if err := e.api.SetCodeSecurityDefault(ctx, e.in.Login, id, p.DefaultForNewRepos); err != nil {
			return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot make %s the default for new repositories (%s)", e.what(name), p.DefaultForNewRepos)
		}
	}
	if len(e.attach.Detach) > 0 {
		if err := e.api.DetachCodeSecurityConfigurations(ctx, e.in.Login, e.attach.Detach); err != nil {
			return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot detach from %s the repositories attachTo does not select", e.what(name))
		}
	}
	if e.attach.Attach {
		if err := e.api.AttachCodeSecurityConfiguration(ctx, e.in.Login, id, p.AttachTo.Scope, e.attach.IDs); err != nil {
			return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot attach %s to repositories (scope %s)", e.what(name), p.AttachTo.Scope)
		}
		mg.Observation().AttachedScope = ptr.To(p.AttachTo.Scope)
	}
	return managed.ExternalUpdate{}, nil
}

// Delete deletes the configuration; GitHub detaches its repositories. One
// that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a code security configuration that was not observed first")
	}
	err := e.api.DeleteCodeSecurityConfiguration(ctx, e.in.Login, e.found.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }

// pollSooner reads a configuration GitHub is attaching again within
// attachingPoll, rather than after the poll interval.
func pollSooner(mg resource.Managed, interval time.Duration) time.Duration {
	if c := mg.GetCondition(xpv2.TypeReady); c.Reason == ReasonAttaching && interval > attachingPoll {
		return attachingPoll
	}
	return interval
}
