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
)

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
	return e.observe(ctx, mg, org)
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
	return kind.Exists(drift, lateInit), nil
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
