// Package collaboratorset reconciles CollaboratorSet managed resources of
// both scopes with one external client: the users and teams with access to
// a repository, authoritatively (GET, PUT and DELETE
// /repos/{owner}/{repo}/collaborators, GET, PATCH and DELETE
// /repos/{owner}/{repo}/invitations, GET /repos/{owner}/{repo}/teams, PUT
// and DELETE /orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}).
//
// A repository always has some access, so the resource exists once the
// provider has written the declared one: Create makes GitHub's access the
// declared one and sets the external name to the repository's full name;
// from then on Observe reads the direct collaborators, the invitations and
// the teams (three conditional lists: free while nothing changed) and
// Update writes only the differences — users added or invited, teams
// granted, permissions and invitations changed, and every direct
// collaborator, invitation and team the set does not list removed, with an
// event that names them. Delete leaves the access as it is, with an event
// (see docs/kinds/collaboratorset.md for why). A CollaboratorSet refuses,
// before it reads or writes anything, to share its repository with an
// older CollaboratorSet, or with Collaborator and TeamRepository resources
// (see sharedWith).
package collaboratorset

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
	mapping "github.com/crossplane-github/provider-github/internal/clients/collaboratorset"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Events of a CollaboratorSet.
const (
	// ReasonRemovedUnlisted: a CollaboratorSet removed users, invitations
	// or teams it does not list; the event names them.
	ReasonRemovedUnlisted event.Reason = "RemovedUnlistedAccess"
	// ReasonKept: GitHub reports another role for a user than the one
	// granted (one held through the organization).
	ReasonKept event.Reason = "PermissionKeptByGitHub"
	// ReasonLeftAsIs: deleting a CollaboratorSet left the repository's
	// access as it is.
	ReasonLeftAsIs event.Reason = "LeftAccessAsItIs"
)

// Object is a CollaboratorSet of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.CollaboratorSetParameters
	Observation() *common.CollaboratorSetObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one CollaboratorSet's access, for one reconcile:
// Observe keeps the plan it made for Create and Update.
type external[T Object] struct {
	api    githubAPI
	repo   kind.Repository
	record event.Recorder
	// shared is the error that mg may not set the repository's access
	// beside another resource (see sharedWith); nil when it may.
	shared func(ctx context.Context, mg T) error
	// plan is what makes GitHub's access the declared one, as Observe
	// found it.
	plan mapping.Plan
}

// read reads the repository's direct collaborators, invitations and teams.
// GitHub's 404 on a list means the repository is missing, or hidden from
// the credentials.
func (e *external[T]) read(ctx context.Context) (mapping.Got, error) {
	got := mapping.Got{Owner: e.repo.Owner}
	var err error
	failed := func(what string, err error) error {
		if github.IsNotFound(err) {
			return errors.Wrapf(err, "cannot read the %s of repository %s: cannot find the repository%s, or the credentials may not see it", what, e.repo.FullName(), e.repo.NamedBy())
		}
		return errors.Wrapf(err, "cannot read the %s of repository %s", what, e.repo.FullName())
	}
	if got.Collaborators, err = e.api.ListDirectCollaborators(ctx, e.repo.Owner, e.repo.Name); err != nil {
		return got, failed("direct collaborators", err)
	}
	if got.Invitations, err = e.api.ListInvitations(ctx, e.repo.Owner, e.repo.Name); err != nil {
		return got, failed("invitations", err)
	}
	if got.Teams, err = e.api.ListRepoTeams(ctx, e.repo.Owner, e.repo.Name); err != nil {
		return got, failed("teams", err)
	}
	return got, nil
}

// Observe reads the repository's access (three conditional lists: free
// while unchanged) and plans what makes it the declared one; a team listed
// with a custom role that the list shows as a built-in permission (GitHub
// may show a custom role as its base role) is confirmed with the team's
// own permission check. A resource
// being deleted leaves the access as it is (see Delete) and reads nothing.
// One that must not share the repository reads and writes nothing: its
// condition names the others. Without an external name the declared
// access was not written yet: the resource does not exist, and Create
// writes it. While a listed user has not accepted the invitation, the set
// is Ready=False with reason InvitationPending. The external name follows
// a renamed repository.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	full := e.repo.FullName()
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) != "" {
			e.record.Event(mg, event.Normal(ReasonLeftAsIs, fmt.Sprintf("Deleting this CollaboratorSet leaves the access to repository %s as it is on GitHub", full)))
		}
		return managed.ExternalObservation{}, nil
	}
	p := mg.Parameters()
	// Recorded first, so that a younger CollaboratorSet can tell which
	// repository this one declares the access of even when it is refused.
	mg.Observation().Repository = ptr.To(full)
	if err := mapping.Duplicate(p); err != nil {
		return managed.ExternalObservation{}, err
	}
	if err := e.shared(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.read(ctx)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	kept := mg.Observation().KeptPermissions
	*mg.Observation() = mapping.Observation(full, p, got, kept)
	e.plan = mapping.Diff(p, got, kept)
	for _, g := range e.plan.CheckTeams {
		r, err := e.api.GetTeamRepo(ctx, e.repo.Owner, g.Name, e.repo.Owner, e.repo.Name)
		switch {
		case github.IsNotFound(err):
			// Gone since the list: granted again.
			e.plan.Confirm(g, &github.TeamRepo{RoleName: "none"})
		case err != nil:
			return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the permission of team %s on %s", g.Name, full)
		default:
			e.plan.Confirm(g, r)
		}
	}
	ext := meta.GetExternalName(mg)
	if ext == "" {
		return managed.ExternalObservation{}, nil
	}
	if len(e.plan.Pending) > 0 {
		mg.SetConditions(mapping.Pending(full, e.plan.Pending))
	} else {
		mg.SetConditions(xpv2.Available())
	}
	o := kind.Exists(e.plan.Drift(), false)
	if ext != full {
		meta.SetExternalName(mg, full)
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// Create makes GitHub's access the declared one and records the
// repository's full name as the external name: from then on the resource
// exists. A create whose record was lost writes what is still to write.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.write(ctx, mg); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.repo.FullName())
	return managed.ExternalCreation{}, nil
}

// Update writes the differences Observe found.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.write(ctx, mg)
}

// write carries out the plan: expired invitations withdrawn, teams
// granted, users added or invited, invitations changed, and the removals
// last, so that a write that fails has removed nothing yet (and nobody
// loses access before the declared access is there). A role GitHub
// reports after an add other than the one granted is recorded as kept.
// What was removed is named in an event, what was removed before a
// failure included; what is already gone counts as removed.
func (e *external[T]) write(ctx context.Context, mg T) error {
	owner, name, full := e.repo.Owner, e.repo.Name, e.repo.FullName()
	for _, w := range e.plan.Withdraw {
		err := e.api.DeleteInvitation(ctx, owner, name, w.ID)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot withdraw the expired invitation of %s to %s", w.Login, full)
		}
	}
	for _, g := range e.plan.PutTeams {
		if err := e.api.AddTeamRepo(ctx, owner, g.Name, owner, name, g.Permission); err != nil {
			if github.IsNotFound(err) {
				return errors.Wrapf(err, "cannot give team %s permission %s on %s: organization %s has no team %s the credentials can see", g.Name, g.Permission, full, owner, g.Name)
			}
			return errors.Wrapf(err, "cannot give team %s permission %s on %s", g.Name, g.Permission, full)
		}
	}
	for _, g := range e.plan.Add {
		if err := e.add(ctx, mg, g); err != nil {
			return err
		}
	}
	for _, u := range e.plan.UpdateInvitations {
		_, err := e.api.UpdateInvitation(ctx, owner, name, u.ID, u.Permissions)
		// A 404: accepted or declined since Observe, which sees to it next.
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot change the invitation of %s to %s to permission %s", u.Login, full, u.Permissions)
		}
	}
	var removed []string
	defer func() {
		if len(removed) > 0 {
			e.record.Event(mg, event.Normal(ReasonRemovedUnlisted, fmt.Sprintf("Removed access to repository %s that this CollaboratorSet does not list: %s", full, strings.Join(removed, ", "))))
		}
	}()
	for _, login := range e.plan.Remove {
		err := e.api.RemoveCollaborator(ctx, owner, name, login)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot remove %s, whom this CollaboratorSet does not list, from %s", login, full)
		}
		removed = append(removed, "user "+login)
	}
	for _, c := range e.plan.Cancel {
		err := e.api.DeleteInvitation(ctx, owner, name, c.ID)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot withdraw invitation %d to %s, which this CollaboratorSet does not list", c.ID, full)
		}
		removed = append(removed, fmt.Sprintf("invitation %d of %s", c.ID, invitee(c.Login)))
	}
	for _, slug := range e.plan.RemoveTeams {
		err := e.api.RemoveTeamRepo(ctx, owner, slug, owner, name)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot remove team %s, which this CollaboratorSet does not list, from %s", slug, full)
		}
		removed = append(removed, "team "+slug)
	}
	return nil
}

// add adds or invites a user with the permission. GitHub adds a member of
// the organization (or an existing collaborator) at once: the role it then
// reports is read back, and one other than granted — held through the
// organization — is recorded as kept, so that the next poll does not
// grant it again. Anyone else is invited.
func (e *external[T]) add(ctx context.Context, mg T, g mapping.Grant) error {
	owner, name, full := e.repo.Owner, e.repo.Name, e.repo.FullName()
	inv, err := e.api.AddCollaborator(ctx, owner, name, g.Name, g.Permission)
	if err != nil {
		return errors.Wrapf(err, "cannot give %s permission %s on %s", g.Name, g.Permission, full)
	}
	if inv != nil {
		return nil
	}
	answer, err := e.api.GetPermission(ctx, owner, name, g.Name)
	if err != nil {
		return errors.Wrapf(err, "cannot read back the permission of %s on %s", g.Name, full)
	}
	k := mapping.Kept(g.Name, g.Permission, answer)
	o := mg.Observation()
	o.KeptPermissions = mapping.Record(o.KeptPermissions, g.Name, k)
	if k != nil {
		e.record.Event(mg, event.Normal(ReasonKept, fmt.Sprintf(
			"GitHub accepted permission %s for %s on %s but reports role %s: a role the user holds through the organization (as an owner, through a team or the base permission) cannot be lowered through a collaborator's permission. The user counts as up to date while GitHub reports %s.",
			g.Permission, g.Name, full, k.Reported, k.Reported)))
	}
	return nil
}

// invitee names an invitation's invitee: one to an email address has no
// login.
func invitee(login string) string {
	if login == "" {
		return "an email address"
	}
	return login
}

// Delete leaves the repository's access as it is (see the package's
// comment). Observe finds nothing to delete for a resource being deleted,
// so the managed reconciler does not call it; were it called, it would
// change nothing.
func (e *external[T]) Delete(_ context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
