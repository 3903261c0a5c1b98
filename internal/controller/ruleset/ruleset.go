// Package ruleset reconciles Ruleset managed resources of both scopes
// (namespaced and cluster) with one external client: a repository's
// ruleset, known by the id GitHub assigns it.
package ruleset

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

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	rs "github.com/crossplane-github/provider-github/internal/clients/ruleset"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a Ruleset of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.RulesetParameters
	Observation() *common.RulesetObservation
	RepositoryTarget() *common.RepositoryTarget
}

// nameMustBeUnique is GitHub's refusal of a ruleset name the repository
// already has.
const nameMustBeUnique = "Name must be unique"

// external manages one Ruleset's ruleset. It lives for one reconcile:
// Observe keeps what it read for Create, Update and Delete.
type external[T Object] struct {
	api    github.RulesetsAPI
	repo   kind.Repository
	record event.Recorder

	// observed is the ruleset as Observe found it; nil when it does not
	// exist.
	observed *github.Ruleset
	// listed are the repository's rulesets, when Observe listed them.
	listed []github.Ruleset
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the ruleset by its id, the external name. Without one it
// exists only when a create of this resource was interrupted after GitHub
// created it (see recover). A ruleset GitHub no longer has does not exist,
// and is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	r, recovered, err := e.find(ctx, mg)
	if err != nil || r == nil {
		return managed.ExternalObservation{}, err
	}
	p := mg.Parameters()
	e.observed = r
	*mg.Observation() = rs.Observation(e.repo.FullName(), r, p)
	mg.SetConditions(xpv2.Available())
	drift := rs.Drift(p, r)
	return kind.Exists(drift, recovered), nil
}

// find reads the ruleset mg manages: the one its external name names, or
// the one a lost create of mg made. GitHub's ruleset names are unique per
// repository, so that is the ruleset of mg's name, made during mg's
// create and exactly as mg declares it (kind.ByID; a list shows a
// ruleset's name and dates, not its rules). Nil when there is none.
func (e *external[T]) find(ctx context.Context, mg T) (*github.Ruleset, bool, error) {
	p := mg.Parameters()
	get := func(ctx context.Context, id int64) (*github.Ruleset, error) {
		r, err := e.api.GetRuleset(ctx, e.repo.Owner, e.repo.Name, id)
		if err == nil && r.SourceType != "" && !strings.EqualFold(r.SourceType, rs.SourceRepository) {
			// The client asks for the repository's own; an inherited one
			// answered all the same is never taken for this Ruleset's.
			return nil, inherited{errors.Errorf("ruleset %d is not one of %s's own: the repository inherits it from %s %s; manage it with an OrganizationRuleset, and set this Ruleset's crossplane.io/external-name to a ruleset of the repository, or remove it", id, e.repo.FullName(), strings.ToLower(r.SourceType), r.Source)}
		}
		return r, err
	}
	r, recovered, err := kind.ByID[github.Ruleset]{
		Noun: "ruleset", Address: "…/rules/<id>", In: e.repo, Record: e.record,
		Get: get,
		List: func(ctx context.Context) (l []github.Ruleset, err error) {
			l, err = e.api.ListRulesets(ctx, e.repo.Owner, e.repo.Name)
			e.listed = l
			return l, err
		},
		Match:     func(l []github.Ruleset) *github.Ruleset { return rs.FindByName(l, p.Name) },
		Full:      func(ctx context.Context, r *github.Ruleset) (*github.Ruleset, error) { return get(ctx, r.ID) },
		ID:        func(r *github.Ruleset) int64 { return r.ID },
		CreatedAt: func(r *github.Ruleset) *time.Time { return r.CreatedAt },
		Drift:     func(r *github.Ruleset) []string { return rs.Drift(p, r) },
		Describe: func(r *github.Ruleset) string {
			return fmt.Sprintf("ruleset %q (id %d) of %s", r.Name, r.ID, e.repo.FullName())
		},
		Made: "created by this Ruleset",
	}.Find(ctx, mg)
	var in inherited
	if errors.As(err, &in) && meta.WasDeleted(mg) {
		// The external name names no ruleset of the repository's own:
		// there is nothing of this Ruleset's to delete.
		return nil, false, nil
	}
	return r, recovered, err
}

// inherited says that the ruleset of an id is one the repository inherits
// from its organization, not its own.
type inherited struct{ error }

// Create creates the ruleset and records the id GitHub assigns as the
// external name. A name the repository already has is refused with how to
// adopt that ruleset instead.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	r, err := e.api.CreateRuleset(ctx, e.repo.Owner, e.repo.Name, rs.Request(p, nil))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create ruleset %q: cannot find repository %s%s", p.Name, e.repo.FullName(), e.repo.NamedBy())
	case github.IsUnprocessable(err) && strings.Contains(err.Error(), nameMustBeUnique):
		return managed.ExternalCreation{}, e.nameTaken(ctx, p.Name)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create ruleset %q in %s", p.Name, e.repo.FullName())
	}
	meta.SetExternalName(mg, kind.ExternalID(r.ID))
	return managed.ExternalCreation{}, nil
}

// nameTaken says that the repository already has a ruleset called name,
// and how to manage it: with its id as the external name.
func (e *external[T]) nameTaken(ctx context.Context, name string) error {
	r := rs.FindByName(e.listed, name)
	if r == nil {
		// Not listed by Observe, or created since: list afresh. Without
		// the list the error still says how to adopt the ruleset.
		list, _ := e.api.ListRulesets(ctx, e.repo.Owner, e.repo.Name)
		r = rs.FindByName(list, name)
	}
	if r != nil {
		return errors.Errorf("%s already has a ruleset called %q (id %d), which this Ruleset did not create: to manage it, set the annotation crossplane.io/external-name: %q; or choose another name", e.repo.FullName(), r.Name, r.ID, kind.ExternalID(r.ID))
	}
	return errors.Errorf("%s already has a ruleset called %q (GitHub compares ruleset names without regard to case), which this Ruleset did not create: to manage it, set the annotation crossplane.io/external-name to its id (the number at the end of its address on GitHub, …/rules/<id>); or choose another name", e.repo.FullName(), name)
}

// Update replaces the ruleset with the declared one, keeping what GitHub
// has that the spec does not manage.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	r := e.observed
	if r == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a ruleset that was not observed first")
	}
	p := mg.Parameters()
	_, err := e.api.UpdateRuleset(ctx, e.repo.Owner, e.repo.Name, r.ID, rs.Request(p, r))
	if github.IsUnprocessable(err) && strings.Contains(err.Error(), nameMustBeUnique) && r.Name != p.Name {
		return managed.ExternalUpdate{}, errors.Errorf("cannot rename ruleset %d of %s from %q to %q: another ruleset of the repository has that name (GitHub compares ruleset names without regard to case); rename or delete that one, or choose another name", r.ID, e.repo.FullName(), r.Name, p.Name)
	}
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update ruleset %q (id %d) of %s", p.Name, r.ID, e.repo.FullName())
}

// Delete deletes the ruleset. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	r := e.observed
	if r == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a ruleset that was not observed first")
	}
	err := e.api.DeleteRuleset(ctx, e.repo.Owner, e.repo.Name, r.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete ruleset %q (id %d) of %s", r.Name, r.ID, e.repo.FullName())
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
