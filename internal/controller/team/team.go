// Package team reconciles Team managed resources of both scopes
// (namespaced and cluster) with one external client.
//
// The external name is the team's slug. GitHub derives the slug from the
// name and changes it on a rename, so once created a team is known by the
// id in its status: a team renamed outside Kubernetes is found by id and
// renamed back, and the external name follows the slug it has on GitHub.
package team

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
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/team"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a Team of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.TeamParameters
	Observation() *common.TeamObservation
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonRenamedBack event.Reason = "RenamedBack"
	reasonMissing     event.Reason = "ExternalResourceMissing"
	reasonAdopted     event.Reason = "RecoveredInterruptedCreate"
)

// A team counts as made by this resource's last create when GitHub says it
// was created between the start of that create and its end (or, when the
// end was never recorded, createWindow after the start), give or take
// clockSkew between the provider's clock and GitHub's.
const (
	clockSkew    = 10 * time.Second
	createWindow = 10 * time.Minute
)

// notOurs says that what GitHub has under the resource's slug is not the
// team this resource manages. When the resource is being deleted there is
// then nothing of its own to delete.
type notOurs struct{ error }

func notOursf(format string, args ...any) error { return notOurs{errors.Errorf(format, args...)} }

// teamResourceFn reads a Team resource of mg's scope named by mg's
// reference field (kind.Connection.TeamResource).
type teamResourceFn func(ctx context.Context, mg resource.Managed, field, name string) (kind.Team, error)

// external manages one Team's GitHub team. It lives for one reconcile:
// Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api          github.TeamsAPI
	defaultOwner string
	record       event.Recorder
	teamResource teamResourceFn
	// kube lists Team resources, of both scopes, from the cache.
	kube client.Reader

	observed *github.Team
	// renamedOutside is set when the team was found by id under another
	// name and slug than this resource gave it.
	renamedOutside bool
}

func (e *external[T]) organization(mg T) (string, error) {
	org := team.Organization(mg.Parameters(), e.defaultOwner)
	if org == "" {
		return "", errors.New("no organization for the team: set spec.forProvider.organization, or spec.owner of the provider configuration")
	}
	return org, nil
}

// Observe finds the team (by slug, else by id), refuses to take over one
// this resource did not create or was not pointed at, and compares it with
// the spec.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	org, err := e.organization(mg)
	if err != nil {
		if meta.WasDeleted(mg) && meta.GetExternalName(mg) == "" {
			// Never created, and now being deleted: nothing to do.
			return managed.ExternalObservation{ResourceExists: false}, nil
		}
		return managed.ExternalObservation{}, err
	}
	o, err := e.observe(ctx, mg, org)
	var no notOurs
	if meta.WasDeleted(mg) && errors.As(err, &no) {
		return managed.ExternalObservation{ResourceExists: false}, nil
	}
	return o, err
}

func (e *external[T]) observe(ctx context.Context, mg T, org string) (managed.ExternalObservation, error) {
	ext, was := meta.GetExternalName(mg), ptr.Deref(mg.Observation().Name, "")
	t, adopted, err := e.find(ctx, mg, org)
	if err != nil || t == nil {
		return managed.ExternalObservation{}, err
	}
	e.observed = t
	p := mg.Parameters()
	// Renamed outside Kubernetes: the name differs from the spec, which it
	// matched when last observed, or the slug changed under us.
	moved := ext != "" && !strings.EqualFold(t.Slug, ext)
	e.renamedOutside = t.Name != team.Name(p) && (was == team.Name(p) || moved)
	// The external name follows the team's slug, so that the next poll
	// reads it with one request.
	lateInit := adopted
	if ext != "" && t.Slug != ext {
		meta.SetExternalName(mg, t.Slug)
		lateInit = true
	}
	*mg.Observation() = team.Observation(t, org)
	if meta.WasDeleted(mg) {
		// The parent and settings no longer matter.
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	mg.SetConditions(xpv2.Available())

	parent, err := e.parent(ctx, mg, org)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	drift := team.Drift(p, parent, t)
	lateInit = team.LateInitialize(p, org, t) || lateInit
	return managed.ExternalObservation{
		ResourceExists:          true,
		ResourceUpToDate:        len(drift) == 0,
		ResourceLateInitialized: lateInit,
		Diff:                    strings.Join(drift, ", "),
	}, nil
}

// find returns the team this resource manages, or nil when there is none;
// adopted is true for a team recognised as the result of an interrupted
// create. The normal poll is one request: the team by its slug.
func (e *external[T]) find(ctx context.Context, mg T, org string) (t *github.Team, adopted bool, err error) {
	slug := meta.GetExternalName(mg)
	if slug == "" {
		if !meta.ExternalCreateIncomplete(mg) {
			// Never created: Create says so if the name is taken.
			return nil, false, nil
		}
		return e.interrupted(ctx, mg, org)
	}
	known := knownID(mg, org)
	t, err = e.api.GetTeam(ctx, org, slug)
	if err != nil {
		t = nil
	}
	switch {
	case err != nil && !github.IsNotFound(err):
		return nil, false, errors.Wrapf(err, "cannot read team %s/%s", org, slug)
	case err == nil && (known == 0 || t.ID == known):
		return t, false, nil
	case err != nil && known == 0:
		return nil, false, nil
	}
	// The slug is gone or is another team's: look for ours by id.
	ours, err := e.byID(ctx, org, known)
	switch {
	case err != nil:
		return nil, false, err
	case ours != nil:
		return ours, false, nil
	case t != nil && createdByLastCreate(mg, t):
		// Ours was deleted on GitHub and created again by this resource:
		// the id in the status predates that create.
		return t, false, nil
	case t != nil:
		return nil, false, notOursf("the team this Team managed (id %d) was deleted, and %s/%s is now a different team (id %d); "+
			"to manage that one, recreate this Team with the annotation crossplane.io/external-name: %s", known, org, slug, t.ID, t.Slug)
	}
	if !meta.WasDeleted(mg) {
		e.record.Event(mg, event.Warning(reasonMissing, errors.Errorf("team %s/%s (id %d) no longer exists on GitHub; it is created again", org, slug, known)))
	}
	return nil, false, nil
}

// knownID is the id of the team this resource last observed in org; 0 when
// it has observed none.
func knownID(mg Object, org string) int64 {
	o := mg.Observation()
	if o.Organization != nil && !strings.EqualFold(*o.Organization, org) {
		return 0
	}
	return ptr.Deref(o.ID, 0)
}

// byID finds team id among org's teams (GitHub serves no team by id in its
// REST description); nil when it is not there.
func (e *external[T]) byID(ctx context.Context, org string, id int64) (*github.Team, error) {
	teams, err := e.api.ListTeams(ctx, org)
	if github.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, errors.Wrapf(err, "cannot list the teams of %s to find team id %d", org, id)
	}
	for i := range teams {
		if teams[i].ID == id {
			return &teams[i], nil
		}
	}
	return nil, nil
}

// interrupted resolves a create whose outcome was never recorded: the
// provider stopped between asking GitHub for the team and saving its slug.
// A team with the spec's name and slug that GitHub created during that
// create is its result; any other team with that slug is someone else's.
func (e *external[T]) interrupted(ctx context.Context, mg T, org string) (*github.Team, bool, error) {
	name := team.Name(mg.Parameters())
	slug := team.Slug(name)
	if slug == "" {
		return nil, false, nil
	}
	t, err := e.api.GetTeam(ctx, org, slug)
	if github.IsNotFound(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, errors.Wrapf(err, "cannot read team %s/%s", org, slug)
	}
	if !strings.EqualFold(t.Name, name) || !createdByLastCreate(mg, t) {
		return nil, false, notOursf("team %s/%s (%q) already exists on GitHub and this Team did not create it; "+
			"to manage it, set the annotation crossplane.io/external-name: %s", org, t.Slug, t.Name, t.Slug)
	}
	meta.SetExternalName(mg, t.Slug)
	e.record.Event(mg, event.Normal(reasonAdopted, fmt.Sprintf("Found team %s/%s, created by this Team before its record of the create was lost", org, t.Slug)))
	return t, true, nil
}

// createdByLastCreate tells whether GitHub created t during this resource's
// last create, going by the create's annotations.
func createdByLastCreate(mg resource.Managed, t *github.Team) bool {
	pending := meta.GetExternalCreatePending(mg)
	if pending.IsZero() || t.CreatedAt == nil {
		return false
	}
	succeeded, failed := meta.GetExternalCreateSucceeded(mg), meta.GetExternalCreateFailed(mg)
	var end time.Time
	switch {
	case meta.ExternalCreateIncomplete(mg):
		end = pending.Add(createWindow)
	case failed.After(succeeded):
		return false
	default:
		end = succeeded
	}
	return !t.CreatedAt.Before(pending.Add(-clockSkew)) && !t.CreatedAt.After(end.Add(clockSkew))
}

// parent is the parent team the spec asks for: by id, through a Team
// resource of the same scope, or none (the top level).
func (e *external[T]) parent(ctx context.Context, mg T, org string) (team.Parent, error) {
	p := mg.Parameters()
	switch {
	case p.ParentTeamID != nil:
		return team.Parent{ID: p.ParentTeamID, What: fmt.Sprintf("parent team id %d", *p.ParentTeamID)}, nil
	case p.ParentTeamRef != nil && p.ParentTeamRef.Name == mg.GetName():
		return team.Parent{}, errors.New("spec.forProvider.parentTeamRef names this Team itself: a team cannot be its own parent")
	case p.ParentTeamRef != nil:
		t, err := e.teamResource(ctx, mg, "spec.forProvider.parentTeamRef", p.ParentTeamRef.Name)
		if err != nil {
			return team.Parent{}, err
		}
		if !strings.EqualFold(t.Organization, org) {
			return team.Parent{}, errors.Errorf("%s named by spec.forProvider.parentTeamRef is a team of %s, not of %s: a parent team must belong to the same organization", t.Via, t.Organization, org)
		}
		return team.Parent{ID: ptr.To(t.ID), What: fmt.Sprintf("%s/%s (id %d, managed by %s)", t.Organization, t.Slug, t.ID, t.Via)}, nil
	case p.ParentTeamSelector != nil:
		return team.Parent{}, errors.New("spec.forProvider.parentTeamSelector matches no Team yet: label a Team to match it, or name one with parentTeamRef")
	}
	return team.Parent{}, nil
}

// Create creates the team, under its parent.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	org, err := e.organization(mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	parent, err := e.parent(ctx, mg, org)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	p := mg.Parameters()
	name := team.Name(p)
	t, err := e.api.CreateTeam(ctx, org, team.CreateRequest(p, parent))
	if err != nil {
		what := fmt.Sprintf("cannot create team %q in %s", name, org)
		switch {
		case github.IsNotFound(err):
			return managed.ExternalCreation{}, errors.Wrapf(err, "%s: organization %s does not exist, is not an organization, or the credentials cannot see it", what, org)
		case isNameTaken(err):
			slug := team.Slug(name)
			return managed.ExternalCreation{}, errors.Errorf("%s: a team with this name (slug %s) already exists and this Team did not create it; "+
				"to manage that team, set the annotation crossplane.io/external-name: %s", what, slug, slug)
		}
		return managed.ExternalCreation{}, refused(err, what, org, parent)
	}
	meta.SetExternalName(mg, t.Slug)
	return managed.ExternalCreation{}, nil
}

// Update brings the team to the spec in one request: name, settings and
// parent.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	t := e.observed
	if t == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a team that was not observed first")
	}
	org, err := e.organization(mg)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	parent, err := e.parent(ctx, mg, org)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	q := team.UpdateRequest(mg.Parameters(), parent, t)
	if q == nil {
		return managed.ExternalUpdate{}, nil
	}
	out, err := e.api.EditTeam(ctx, org, t.Slug, q)
	if err != nil {
		what := fmt.Sprintf("cannot update team %s/%s", org, t.Slug)
		if isNameTaken(err) && q.Name != nil {
			return managed.ExternalUpdate{}, errors.Errorf("cannot rename team %s/%s (%q) to %q: another team of %s already has this name (or the slug %s); "+
				"rename or delete that team on GitHub, or choose another spec.forProvider.name", org, t.Slug, t.Name, *q.Name, org, team.Slug(*q.Name))
		}
		return managed.ExternalUpdate{}, refused(err, what, org, parent)
	}
	if e.renamedOutside && q.Name != nil {
		e.record.Event(mg, event.Normal(reasonRenamedBack, fmt.Sprintf("Team was renamed to %q (%s/%s) outside Kubernetes; renamed it back to %q (%s/%s)",
			t.Name, org, t.Slug, out.Name, org, out.Slug)))
	}
	meta.SetExternalName(mg, out.Slug)
	return managed.ExternalUpdate{}, nil
}

// isNameTaken is GitHub's 422 for a name or slug another team of the
// organization has.
func isNameTaken(err error) bool {
	return github.IsUnprocessable(err) && strings.Contains(err.Error(), "must be unique")
}

// refused words GitHub's refusal of a create or update.
func refused(err error, what, org string, parent team.Parent) error {
	switch {
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), "parent_team_id"):
		if parent.ID == nil {
			return errors.Wrap(err, what)
		}
		return errors.Wrapf(err, "%s: GitHub refused %s as the parent: a parent team must be a closed (not secret) team of %s, and neither this team nor one below it", what, parent.What, org)
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), "privacy"):
		return errors.Wrapf(err, "%s: a team with a parent team or with child teams must be closed", what)
	}
	return errors.Wrap(err, what)
}

// Delete deletes the team, unless child teams managed by other Team
// resources still exist: GitHub would delete them with it. A team that is
// already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	t := e.observed
	if t == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a team that was not observed first")
	}
	org, err := e.organization(mg)
	if err != nil {
		return managed.ExternalDelete{}, err
	}
	children, err := e.children(ctx, mg, org, t.ID)
	if err != nil {
		return managed.ExternalDelete{}, err
	}
	if len(children) > 0 {
		return managed.ExternalDelete{}, errors.Errorf("cannot delete team %s/%s: child teams managed by Team %s still exist; "+
			"delete them first or move them to another parent (GitHub deletes a team's child teams with it)", org, t.Slug, strings.Join(children, ", "))
	}
	err = e.api.DeleteTeam(ctx, org, t.Slug)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete team %s/%s", org, t.Slug)
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
