package team

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/team"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// find returns the team this resource manages, or nil when there is none;
// adopted is true for a team recognised as the result of an interrupted
// create. The normal poll is one request: the team by its slug.
func (e *external[T]) find(ctx context.Context, mg T, org string) (t *github.Team, adopted bool, err error) {
	slug := meta.GetExternalName(mg)
	if slug == "" {
		if !kind.CreateUnconfirmed(mg) {
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
		return nil, false, kind.NotOursf("the team this Team managed (id %d) was deleted, and %s/%s is now a different team (id %d); "+
			"to manage that one, recreate this Team with the annotation crossplane.io/external-name: %s", known, org, slug, t.ID, t.Slug)
	}
	if !meta.WasDeleted(mg) {
		e.record.Event(mg, event.Warning(kind.ReasonMissing, errors.Errorf("team %s/%s (id %d) no longer exists on GitHub; it is created again", org, slug, known)))
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
// provider stopped between asking GitHub for the team and saving its slug,
// or GitHub's answer to the create was lost. The team with the spec's
// slug is its result only when GitHub made it during that create and it is
// the team the create asked for, in every field (kind.Recovers); any other
// team with that slug is someone else's.
func (e *external[T]) interrupted(ctx context.Context, mg T, org string) (*github.Team, bool, error) {
	p := mg.Parameters()
	name := team.Name(p)
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
	parent, err := e.parent(ctx, mg, org)
	if err != nil {
		return nil, false, err
	}
	if !kind.Recovers(mg, t.CreatedAt, team.Drift(p, parent, t)) {
		return nil, false, kind.NotOursf("team %s/%s (%q) already exists on GitHub and this Team did not create it; "+
			"to manage it, set the annotation crossplane.io/external-name: %s", org, t.Slug, t.Name, t.Slug)
	}
	kind.Recovered(mg, e.record, t.Slug, fmt.Sprintf("team %s/%s", org, t.Slug), "created by this Team")
	return t, true, nil
}

// createdByLastCreate tells whether GitHub created t during this resource's
// last create, going by the create's annotations: between its start and
// its success, or, when its outcome is not known, as
// kind.CreatedByLostCreate tells.
func createdByLastCreate(mg resource.Managed, t *github.Team) bool {
	if kind.CreateUnconfirmed(mg) {
		return kind.CreatedByLostCreate(mg, t.CreatedAt)
	}
	pending, succeeded := meta.GetExternalCreatePending(mg), meta.GetExternalCreateSucceeded(mg)
	if !kind.CreatedDuring(t.CreatedAt, pending) {
		return false
	}
	return !t.CreatedAt.After(succeeded.Add(kind.ClockSkew))
}
