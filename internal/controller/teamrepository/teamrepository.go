// Package teamrepository reconciles TeamRepository managed resources of both
// scopes (namespaced and cluster) with one external client: a team's
// permission on a repository of its organization.
//
// The team and the repository are found anew on every reconcile from the
// spec: a teamRef or repositoryRef follows its resource's status, so a
// rename made through Kubernetes is followed and the external name,
// <team-slug>/<owner>/<repo>, is brought up to date. The repository's id is
// kept in the status: when the permission is no longer found under the
// names the spec gives, it tells a permission removed on GitHub (granted
// again) from a repository renamed outside Kubernetes (reported, never
// granted blindly on whatever repository takes the old name; while the
// resource is being deleted, the permission is removed where the repository
// is now). A team named by slug has no id to keep: after a rename on GitHub
// its old slug is unknown, and the condition says so.
package teamrepository

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

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	teamrepo "github.com/crossplane-github/provider-github/internal/clients/teamrepository"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a TeamRepository of either scope.
type Object interface {
	kind.RepositoryScoped
	kind.TeamScoped
	Parameters() *common.TeamRepositoryParameters
	Observation() *common.TeamRepositoryObservation
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonRegranted         event.Reason = "GrantedAgain"
	reasonRepositoryDeleted event.Reason = "RepositoryDeleted"
)

// githubAPI is what the team repository permission controller needs from GitHub:
// the team's permission, and the repository itself, read by name or id, to
// tell a missing repository from a missing team and to follow a repository
// that was renamed.
type githubAPI interface {
	github.TeamReposAPI
	github.ReposAPI
}

// external manages one TeamRepository's permission. It lives for one
// reconcile: connect finds the team and the repository, Observe keeps
// where it found the permission for Update and Delete.
type external[T Object] struct {
	api    githubAPI
	repo   kind.Repository
	team   kind.Team
	record event.Recorder

	// grant is where Observe found the permission.
	grant *teamrepo.Grant
	// regrant is set when a permission observed before was found removed
	// on GitHub.
	regrant bool
}

// target is the permission the spec names.
func (e *external[T]) target() teamrepo.Grant {
	return teamrepo.Grant{Organization: e.team.Organization, TeamSlug: e.team.Slug, TeamID: e.team.ID, Owner: e.repo.Owner, Repository: e.repo.Name}
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, the team and repository it was found to name and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the team's permission on the repository (one GET) and
// compares it, in GitHub's words, with the spec.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	g := e.target()
	if !g.SameOrganization() {
		if meta.WasDeleted(mg) {
			// GitHub never granted it: nothing to remove.
			return managed.ExternalObservation{ResourceExists: false}, nil
		}
		return managed.ExternalObservation{}, e.otherOrganization(g)
	}
	r, err := e.api.GetTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository)
	if github.IsNotFound(err) {
		r, g, err = e.notFound(ctx, mg, g)
	} else if err != nil {
		err = errors.Wrapf(err, "cannot read the permission of %s", g)
	}
	if err != nil || r == nil {
		return managed.ExternalObservation{}, err
	}
	return e.observed(mg, g, r), nil
}

// notFound looks into a 404: GitHub answers it when the team has no
// permission on the repository, and when the team or the repository, by
// those names, does not exist. It returns the permission found elsewhere
// (only while deleting, after a rename), or nil.
func (e *external[T]) notFound(ctx context.Context, mg T, g teamrepo.Grant) (*github.TeamRepo, teamrepo.Grant, error) {
	o := mg.Observation()
	if o.RepositoryID == nil {
		// Never seen granted: Create grants it, or says what is missing.
		return nil, g, nil
	}
	id := *o.RepositoryID
	cur, err := e.api.GetByID(ctx, id)
	switch {
	case github.IsNotFound(err):
		o.RepositoryID = nil
		if !meta.WasDeleted(mg) {
			e.record.Event(mg, event.Warning(reasonRepositoryDeleted, errors.Errorf("repository %s (id %d) was deleted on GitHub, and the permission with it; granting it on the repository called %s now, if there is one",
				ptr.Deref(o.Repository, g.FullName()), id, g.FullName())))
		}
		return nil, g, nil
	case err != nil:
		return nil, g, errors.Wrapf(err, "cannot read repository id %d, to tell whether %s was renamed", id, ptr.Deref(o.Repository, g.FullName()))
	case strings.EqualFold(cur.FullName, g.FullName()):
		// The repository is where it was: the permission was removed.
		e.regrant = true
		return nil, g, nil
	}
	moved := g
	moved.Owner, moved.Repository, _ = strings.Cut(cur.FullName, "/")
	if !meta.WasDeleted(mg) {
		return nil, g, e.renamed(g, id, cur.FullName)
	}
	if !moved.SameOrganization() {
		// Transferred out of the team's organization: the team cannot hold
		// a permission there.
		return nil, moved, nil
	}
	// Being deleted: remove the permission where the repository is now.
	r, err := e.api.GetTeamRepo(ctx, moved.Organization, moved.TeamSlug, moved.Owner, moved.Repository)
	if github.IsNotFound(err) {
		return nil, moved, nil
	}
	return r, moved, errors.Wrapf(err, "cannot read the permission of %s", moved)
}

// observed records the permission GitHub reported for g and compares it
// with the spec.
func (e *external[T]) observed(mg T, g teamrepo.Grant, r *github.TeamRepo) managed.ExternalObservation {
	if owner, name, ok := strings.Cut(r.FullName, "/"); ok {
		// GitHub's spelling of the names.
		g.Owner, g.Repository = owner, name
	}
	e.grant = &g
	*mg.Observation() = teamrepo.Observation(g, r)
	mg.SetConditions(xpv2.Available())
	named := false
	if n := g.ExternalName(); meta.GetExternalName(mg) != n {
		meta.SetExternalName(mg, n)
		named = true
	}
	want := teamrepo.Permission(mg.Parameters())
	o := managed.ExternalObservation{
		ResourceExists:          true,
		ResourceUpToDate:        teamrepo.UpToDate(want, r),
		ResourceLateInitialized: named,
	}
	if !o.ResourceUpToDate {
		o.Diff = fmt.Sprintf("permission: want %s, GitHub has %s", want, teamrepo.PermissionOf(teamrepo.ReportedRole(r)))
	}
	return o
}

// Create grants the team the permission.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	g := e.target()
	if !g.SameOrganization() {
		return managed.ExternalCreation{}, e.otherOrganization(g)
	}
	p := teamrepo.Permission(mg.Parameters())
	if err := e.api.AddTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository, p); err != nil {
		what := fmt.Sprintf("cannot grant team %s permission %s on repository %s", g.Team(), p, g.FullName())
		return managed.ExternalCreation{}, e.explain(ctx, g, p, what, err)
	}
	if e.regrant {
		e.record.Event(mg, event.Normal(reasonRegranted, fmt.Sprintf("The permission of %s was removed outside Kubernetes; granted %s again", g, p)))
	}
	meta.SetExternalName(mg, g.ExternalName())
	return managed.ExternalCreation{}, nil
}

// Update sets the team's permission back to the spec's.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	g := e.target()
	if e.grant != nil {
		g = *e.grant
	}
	p := teamrepo.Permission(mg.Parameters())
	if err := e.api.AddTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository, p); err != nil {
		what := fmt.Sprintf("cannot set the permission of %s to %s", g, p)
		return managed.ExternalUpdate{}, e.explain(ctx, g, p, what, err)
	}
	return managed.ExternalUpdate{}, nil
}

// Delete removes the team's permission. A permission already gone counts
// as removed.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	g := e.target()
	if e.grant != nil {
		g = *e.grant
	}
	err := e.api.RemoveTeamRepo(ctx, g.Organization, g.TeamSlug, g.Owner, g.Repository)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot remove the permission of %s", g)
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
