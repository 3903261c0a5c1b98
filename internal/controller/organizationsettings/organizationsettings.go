// Package organizationsettings reconciles OrganizationSettings managed
// resources of both scopes with one external client: the settings of a
// GitHub organization (GET and PATCH /orgs/{org}), one resource per
// organization.
//
// GitHub has the settings of every organization, so the resource exists
// once the provider has written the declared ones: Create sends them and
// sets the external name to the organization's login; from then on
// Observe compares them and Update sends them again. What the spec leaves
// out is filled in from GitHub once (late initialization, as for a
// Repository) and kept from then on. Delete leaves the organization's
// settings as they are, and says so in an event: there are no settings to
// go back to. A second OrganizationSettings of an organization is refused
// before it reads or writes anything.
package organizationsettings

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/organizationsettings"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// ReasonLeftAsIs is the event that deleting an OrganizationSettings left
// the organization's settings as they are.
const ReasonLeftAsIs event.Reason = "LeftOrganizationSettingsAsTheyAre"

// external manages one OrganizationSettings' organization, for one
// reconcile.
type external[T Object] struct {
	api    github.OrganizationsAPI
	policy github.ImmutableReleasesPolicyAPI
	in     kind.Organization
	host   string
	record event.Recorder
	// claimed is the error that an older OrganizationSettings claims the
	// organization; nil when mg may set it.
	claimed func(ctx context.Context, mg T) error
	// immutable is the declared enforcement of immutable releases, its
	// repositories resolved; nil when the spec leaves it out.
	immutable *kind.Sharing

	// What Observe found differing, for Update: the settings of
	// PATCH /orgs/{org}, the enforcement of immutable releases.
	settingsDrift, policyDrift bool
}

// failed says what failed doing what. GitHub's 404 means the organization
// is missing, or hidden from the credentials; its 422 that it refused a
// setting, often one the organization's plan does not have.
func (e *external[T]) failed(err error, doing string) error {
	switch {
	case github.IsNotFound(err):
		return errors.Wrapf(err, "cannot %s the settings of organization %s: cannot find the organization, or the credentials may not see it", doing, e.in.Login)
	case github.IsUnprocessable(err):
		return errors.Wrapf(err, "GitHub refused the settings of organization %s: a setting its plan does not offer (internal repositories and private Pages need GitHub Enterprise Cloud) or a value GitHub does not take; change or remove it in spec.forProvider", e.in.Login)
	}
	return errors.Wrapf(err, "cannot %s the settings of organization %s", doing, e.in.Login)
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its organization and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs) — unless an older resource claims
// the organization: the claim check runs first, and its refusal keeps the
// verdict from confirming, so the observation runs and says so.
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	return "", e.claimed(ctx, mg)
}

// Observe reads the organization's settings. A resource being deleted
// leaves them as they are (see Delete) and reads nothing. A resource that
// another, older one's organization is claimed by reads and writes
// nothing: its condition names the other. Without an external name the
// declared settings were not written yet: the resource does not exist,
// and Create writes them.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) != "" {
			e.record.Event(mg, event.Normal(ReasonLeftAsIs, fmt.Sprintf("Deleting this OrganizationSettings leaves the settings of organization %s as they are on GitHub", e.in.Login)))
		}
		return managed.ExternalObservation{}, nil
	}
	// Recorded first, so that a younger claimant can tell which
	// organization this one claims even when it is refused.
	mg.Observation().Organization, mg.Observation().Host = ptr.To(e.in.Login), ptr.To(e.host)
	if err := e.claimed(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.GetOrganization(ctx, e.in.Login)
	if err != nil {
		return managed.ExternalObservation{}, e.failed(err, "read")
	}
	*mg.Observation() = mapping.Observation(e.host, got)
	if meta.GetExternalName(mg) == "" {
		return managed.ExternalObservation{}, nil
	}
	policyDrift, err := e.observePolicy(ctx, mg)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	mg.SetConditions(xpv2.Available())
	p := mg.Parameters()
	lateInit := false
	if managed.NewManagementPoliciesResolver(true, mg.GetManagementPolicies()).ShouldLateInitialize() {
		// Without the LateInitialize management policy, what the spec
		// leaves out stays GitHub's.
		lateInit = mapping.LateInitialize(p, got)
	}
	drift := mapping.Drift(p, got)
	e.settingsDrift, e.policyDrift = len(drift) > 0, len(policyDrift) > 0
	o := kind.Exists(append(drift, policyDrift...), false)
	o.ResourceLateInitialized = lateInit
	if meta.GetExternalName(mg) != got.Login {
		meta.SetExternalName(mg, got.Login)
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// observePolicy reads, when the spec declares it, which repositories the
// organization enforces immutable releases on (the list of them only when
// both GitHub and the spec say selected), shows it in the status, and
// names where it differs from the declared.
func (e *external[T]) observePolicy(ctx context.Context, mg T) ([]string, error) {
	if e.immutable == nil {
		return nil, nil
	}
	policy, err := e.policy.ImmutableReleasesPolicy(ctx, e.in.Login)
	if err != nil {
		return nil, errors.Wrapf(err, "cannot read which repositories organization %s enforces immutable releases on", e.in.Login)
	}
	drift, err := e.immutable.Observe(ctx, "", policy)
	if err != nil {
		return nil, err
	}
	mg.Observation().ImmutableReleases = ptr.To(e.immutable.Observation(policy))
	for i, d := range drift {
		drift[i] = "immutableReleases: " + strings.Replace(d, "visibility", "enforcedRepositories", 1)
	}
	return drift, nil
}

// Create writes the declared settings and records the organization's
// login as the external name: from then on the resource exists.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	got, err := e.write(ctx, mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	if err := e.writePolicy(ctx); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, got.Login)
	return managed.ExternalCreation{}, nil
}

// Update writes again what Observe found differing: the settings, the
// enforcement of immutable releases, or both.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.settingsDrift || !e.policyDrift {
		if _, err := e.write(ctx, mg); err != nil {
			return managed.ExternalUpdate{}, err
		}
	}
	if e.policyDrift {
		return managed.ExternalUpdate{}, e.writePolicy(ctx)
	}
	return managed.ExternalUpdate{}, nil
}

// writePolicy sets the declared enforcement of immutable releases, when
// the spec declares one.
func (e *external[T]) writePolicy(ctx context.Context) error {
	if e.immutable == nil {
		return nil
	}
	q := e.immutable.Request()
	err := e.policy.SetImmutableReleasesPolicy(ctx, e.in.Login, github.ImmutableReleasesPolicy{EnforcedRepositories: q.Visibility, SelectedRepositoryIDs: q.SelectedRepositoryIDs})
	return errors.Wrapf(err, "cannot set which repositories organization %s enforces immutable releases on", e.in.Login)
}

// write sends the declared settings, and only those.
func (e *external[T]) write(ctx context.Context, mg T) (*github.Organization, error) {
	got, err := e.api.EditOrganization(ctx, e.in.Login, mapping.Request(mg.Parameters()))
	if err != nil {
		return nil, e.failed(err, "update")
	}
	return got, nil
}

// Delete leaves the organization's settings as they are: there are none to
// go back to (GitHub's defaults are a new organization's, not what this
// one had). Observe finds nothing to delete for a resource being deleted,
// so the managed reconciler does not call it; were it called, it would
// change nothing.
func (e *external[T]) Delete(_ context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
