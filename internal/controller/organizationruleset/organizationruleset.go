// Package organizationruleset reconciles OrganizationRuleset managed
// resources of both scopes (namespaced and cluster) with one external
// client: an organization's ruleset, known by the id GitHub assigns it.
package organizationruleset

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

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	ors "github.com/crossplane-github/provider-github/internal/clients/organizationruleset"
	rs "github.com/crossplane-github/provider-github/internal/clients/ruleset"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an OrganizationRuleset of either scope.
type Object interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationRulesetParameters
	Observation() *orgcommon.OrganizationRulesetObservation
}

// nameMustBeUnique is GitHub's refusal of a ruleset name the organization
// already has.
const nameMustBeUnique = "Name must be unique"

// external manages one OrganizationRuleset's ruleset. It lives for one
// reconcile: Observe keeps what it read for Create, Update and Delete.
type external[T Object] struct {
	api    github.OrgRulesetsAPI
	in     kind.Organization
	record event.Recorder
	// resolved are the ids of the teams and repositories the spec names,
	// found when the resource connected.
	resolved ors.Resolved

	// observed is the ruleset as Observe found it; nil when it does not
	// exist.
	observed *github.Ruleset
	// listed are the organization's rulesets, when Observe listed them.
	listed []github.Ruleset
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, the teams and repositories found when the resource
// connected and GitHub's answers, so a verdict may confirm it (see
// kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the ruleset by its id, the external name. Without one it
// exists only when a create of this resource was interrupted after GitHub
// created it (see find). A ruleset GitHub no longer has does not exist,
// and is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	r, recovered, err := e.find(ctx, mg)
	if err != nil || r == nil {
		return managed.ExternalObservation{}, err
	}
	d := ors.Declared(mg.Parameters(), e.resolved)
	e.observed = r
	*mg.Observation() = ors.Observation(e.in.Login, r, d)
	mg.SetConditions(xpv2.Available())
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = d.Drift(r)
	}
	return kind.Exists(drift, recovered), nil
}

// find reads the ruleset mg manages: the one its external name names, or
// the one a lost create of mg made. GitHub's ruleset names are unique per
// organization, so that is the ruleset of mg's name, made during mg's
// create and exactly as mg declares it (kind.ByID; a list shows a
// ruleset's name and dates, not its rules). Nil when there is none.
func (e *external[T]) find(ctx context.Context, mg T) (*github.Ruleset, bool, error) {
	p := mg.Parameters()
	get := func(ctx context.Context, id int64) (*github.Ruleset, error) {
		return e.api.GetOrgRuleset(ctx, e.in.Login, id)
	}
	return kind.ByID[github.Ruleset]{
		Noun: "ruleset", Address: "…/settings/rules/<id>", In: e.in, Record: e.record,
		Get: get,
		List: func(ctx context.Context) (l []github.Ruleset, err error) {
			l, err = e.api.ListOrgRulesets(ctx, e.in.Login)
			e.listed = l
			return l, err
		},
		Match:     func(l []github.Ruleset) *github.Ruleset { return rs.FindByNameFrom(l, p.Name, rs.SourceOrganization) },
		Full:      func(ctx context.Context, r *github.Ruleset) (*github.Ruleset, error) { return get(ctx, r.ID) },
		ID:        func(r *github.Ruleset) int64 { return r.ID },
		CreatedAt: func(r *github.Ruleset) *time.Time { return r.CreatedAt },
		Drift:     func(r *github.Ruleset) []string { return ors.Drift(p, e.resolved, r) },
		Describe: func(r *github.Ruleset) string {
			return fmt.Sprintf("ruleset %q (id %d) of organization %s", r.Name, r.ID, e.in.Login)
		},
		Made: "created by this OrganizationRuleset",
	}.Find(ctx, mg)
}

// Create creates the ruleset and records the id GitHub assigns as the
// external name. A name the organization already has is refused with how
// to adopt that ruleset instead.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	r, err := e.api.CreateOrgRuleset(ctx, e.in.Login, ors.Request(p, e.resolved, nil))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create ruleset %q: cannot find organization %s, or the credentials do not administer it", p.Name, e.in.Login)
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), nameMustBeUnique):
		return managed.ExternalCreation{}, e.nameTaken(ctx, p.Name)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create ruleset %q of organization %s", p.Name, e.in.Login)
	}
	meta.SetExternalName(mg, kind.ExternalID(r.ID))
	return managed.ExternalCreation{}, nil
}

// nameTaken says that the organization already has a ruleset called name,
// and how to manage it: with its id as the external name.
func (e *external[T]) nameTaken(ctx context.Context, name string) error {
	r := rs.FindByNameFrom(e.listed, name, rs.SourceOrganization)
	if r == nil {
		// Not listed by Observe, or created since: list afresh. Without
		// the list the error still says how to adopt the ruleset.
		list, _ := e.api.ListOrgRulesets(ctx, e.in.Login)
		r = rs.FindByNameFrom(list, name, rs.SourceOrganization)
	}
	if r != nil {
		return errors.Errorf("organization %s already has a ruleset called %q (id %d), which this OrganizationRuleset did not create: to manage it, set the annotation crossplane.io/external-name: %q; or choose another name", e.in.Login, r.Name, r.ID, kind.ExternalID(r.ID))
	}
	return errors.Errorf("organization %s already has a ruleset called %q (GitHub compares ruleset names without regard to case), which this OrganizationRuleset did not create: to manage it, set the annotation crossplane.io/external-name to its id (the number at the end of its address on GitHub, …/settings/rules/<id>); or choose another name", e.in.Login, name)
}

// Update replaces the ruleset with the declared one, keeping what GitHub
// has that the spec does not manage.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	r := e.observed
	if r == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a ruleset that was not observed first")
	}
	p := mg.Parameters()
	_, err := e.api.UpdateOrgRuleset(ctx, e.in.Login, r.ID, ors.Request(p, e.resolved, r))
	if github.IsUnprocessable(err) && strings.Contains(err.Error(), nameMustBeUnique) && r.Name != p.Name {
		return managed.ExternalUpdate{}, errors.Errorf("cannot rename ruleset %d of organization %s from %q to %q: another ruleset of the organization has that name (GitHub compares ruleset names without regard to case); rename or delete that one, or choose another name", r.ID, e.in.Login, r.Name, p.Name)
	}
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update ruleset %q (id %d) of organization %s", p.Name, r.ID, e.in.Login)
}

// Delete deletes the ruleset. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	r := e.observed
	if r == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a ruleset that was not observed first")
	}
	err := e.api.DeleteOrgRuleset(ctx, e.in.Login, r.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete ruleset %q (id %d) of organization %s", r.Name, r.ID, e.in.Login)
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
