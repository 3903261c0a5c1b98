// Package collaborator reconciles Collaborator managed resources of both
// scopes (namespaced and cluster) with one external client: a user's
// permission on a repository, granted at once to a member of the
// repository's organization and through an invitation to anyone else.
package collaborator

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

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	collab "github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a Collaborator of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.CollaboratorParameters
	Observation() *common.CollaboratorObservation
	RepositoryTarget() *common.RepositoryTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonInvited      event.Reason = "Invited"
	reasonInvitedAgain event.Reason = "InvitedAgain"
	reasonKept         event.Reason = "PermissionKeptByGitHub"
)

// githubAPI is what the collaborator controller needs from GitHub: a
// repository's collaborators, their invitations, and accounts, to tell a
// user GitHub does not know from a repository it does not show.
type githubAPI interface {
	github.CollaboratorsAPI
	github.InvitationsAPI
	github.UsersAPI
}

// external manages one Collaborator's access to its repository. It lives
// for one reconcile: Observe keeps what it found for Create, Update and
// Delete.
//
// Existence, as Observe reports it: the user is a collaborator as GitHub
// counts them (a direct collaborator, or a member of the repository's
// organization with access to it), or has a pending invitation. A user who
// holds the declared role through the organization is therefore not
// granted it again. A resource being deleted exists while the user is a
// direct collaborator or has an invitation, pending or expired: that is
// what deleting it removes.
type external[T Object] struct {
	api    githubAPI
	repos  repositoryReader
	repo   kind.Repository
	record event.Recorder

	// invitation is the user's invitation: a pending one for Update and
	// Delete, an expired one for Create to withdraw first.
	invitation *github.Invitation
	// direct is true, for Delete, when the user is a direct collaborator.
	direct bool
	// reinvite says why Create invites the user again, "" for a first
	// invitation.
	reinvite string
}

// user is the login of mg's user, checked against its external name.
func (e *external[T]) user(mg T) (string, error) {
	user := mg.Parameters().Username
	if ext := meta.GetExternalName(mg); ext != "" && !strings.EqualFold(ext, user) {
		return "", errors.Errorf("spec.forProvider.username %q and the crossplane.io/external-name annotation %q name different users: make them equal, or remove the annotation", user, ext)
	}
	return user, nil
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the user's role on the repository and, when the user is no
// collaborator, the repository's invitations. A collaborator is Ready; a
// user with a pending invitation is Ready=False with reason
// InvitationPending until accepting.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	user, err := e.user(mg)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	if strings.EqualFold(user, e.repo.Owner) {
		if meta.WasDeleted(mg) {
			return managed.ExternalObservation{ResourceExists: false}, nil
		}
		return managed.ExternalObservation{}, errors.Errorf("%s owns %s: the owner of a repository cannot be its collaborator", user, e.repo.FullName())
	}
	if meta.WasDeleted(mg) {
		return e.observeDeleting(ctx, user)
	}

	answer, err := e.api.GetPermission(ctx, e.repo.Owner, e.repo.Name, user)
	if github.IsNotFound(err) {
		return managed.ExternalObservation{}, e.notFound(ctx, user, err)
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the permission of %s on %s", user, e.repo.FullName())
	}
	reported := collab.ReportedRole(answer)
	isCollaborator := reported.Role != ""
	if collab.MaybeInherited(reported) {
		if isCollaborator, err = e.api.IsCollaborator(ctx, e.repo.Owner, e.repo.Name, user); err != nil {
			return managed.ExternalObservation{}, errors.Wrapf(err, "cannot tell whether %s is a collaborator of %s", user, e.repo.FullName())
		}
	}
	// Late initialization: the external name is the username.
	lateInit := meta.GetExternalName(mg) == ""
	if lateInit {
		meta.SetExternalName(mg, collab.ExternalName(user))
	}
	permission := collab.Permission(mg.Parameters())
	prev := mg.Observation()
	found := collab.Observed{Repository: e.repo.FullName(), Login: answer.User.Login}

	if isCollaborator {
		upToDate, kept := collab.UpToDate(permission, reported, prev.KeptPermission)
		found.Role, found.Kept = reported.Role, kept
		*mg.Observation() = collab.Observation(found)
		available := xpv2.Available()
		if !upToDate {
			held, err := e.heldByArchive(ctx, user, permission, reported.Role)
			if err != nil {
				return managed.ExternalObservation{}, err
			}
			upToDate, available.Message = held != "", held
		}
		mg.SetConditions(available)
		o := managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: upToDate, ResourceLateInitialized: lateInit}
		if !upToDate {
			o.Diff = fmt.Sprintf("permission: want %s, GitHub reports %s", permission, reported.Role)
		}
		return o, nil
	}

	list, err := e.api.ListInvitations(ctx, e.repo.Owner, e.repo.Name)
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the invitations of %s", e.repo.FullName())
	}
	inv := collab.FindInvitation(list, user)
	if inv == nil || inv.Expired {
		e.invitation = inv
		e.reinvite = reinviteReason(prev, inv)
		*mg.Observation() = collab.Observation(found)
		return managed.ExternalObservation{ResourceExists: false}, nil
	}
	e.invitation = inv
	found.Invitation = inv
	*mg.Observation() = collab.Observation(found)
	mg.SetConditions(collab.Pending(inviteeLogin(inv, user), e.repo.FullName(), inv))
	o := managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: collab.InvitationUpToDate(permission, inv), ResourceLateInitialized: lateInit}
	if !o.ResourceUpToDate {
		o.Diff = fmt.Sprintf("invitation: want %s, it offers %s", permission, inv.Permissions)
	}
	return o, nil
}

// observeDeleting finds what deleting the resource removes: the user as a
// direct collaborator, or the user's invitation. A repository that is gone
// has neither.
func (e *external[T]) observeDeleting(ctx context.Context, user string) (managed.ExternalObservation, error) {
	direct, err := e.api.ListDirectCollaborators(ctx, e.repo.Owner, e.repo.Name)
	if github.IsNotFound(err) {
		return managed.ExternalObservation{ResourceExists: false}, nil
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot list the direct collaborators of %s", e.repo.FullName())
	}
	if e.direct = collab.FindCollaborator(direct, user) != nil; e.direct {
		return managed.ExternalObservation{ResourceExists: true}, nil
	}
	list, err := e.api.ListInvitations(ctx, e.repo.Owner, e.repo.Name)
	if github.IsNotFound(err) {
		return managed.ExternalObservation{ResourceExists: false}, nil
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the invitations of %s", e.repo.FullName())
	}
	e.invitation = collab.FindInvitation(list, user)
	return managed.ExternalObservation{ResourceExists: e.invitation != nil}, nil
}

// Create adds the user: GitHub adds a member of the repository's
// organization at once and invites anyone else. An expired invitation is
// withdrawn first.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	user, err := e.user(mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	if inv := e.invitation; inv != nil && inv.Expired {
		err := e.api.DeleteInvitation(ctx, e.repo.Owner, e.repo.Name, inv.ID)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return managed.ExternalCreation{}, errors.Wrapf(err, "cannot withdraw the expired invitation of %s to %s", user, e.repo.FullName())
		}
	}
	permission := collab.Permission(mg.Parameters())
	inv, err := e.api.AddCollaborator(ctx, e.repo.Owner, e.repo.Name, user, permission)
	if github.IsNotFound(err) {
		return managed.ExternalCreation{}, e.notFound(ctx, user, err)
	}
	if err != nil {
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot add %s as a collaborator of %s with permission %s", user, e.repo.FullName(), permission)
	}
	meta.SetExternalName(mg, collab.ExternalName(user))
	if inv != nil {
		e.recordInvited(mg, inv, user, permission)
	}
	return managed.ExternalCreation{}, nil
}

func (e *external[T]) recordInvited(mg T, inv *github.Invitation, user, permission string) {
	msg := fmt.Sprintf("Invited %s to %s with permission %s (invitation %d): the resource is Ready once %s accepts", user, e.repo.FullName(), permission, inv.ID, user)
	if e.reinvite != "" {
		e.record.Event(mg, event.Normal(reasonInvitedAgain, msg+"; invited again because "+e.reinvite))
		return
	}
	e.record.Event(mg, event.Normal(reasonInvited, msg))
}

// Update gives a pending invitation the spec's permission, or the
// collaborator. When GitHub then reports another role for a collaborator
// than the one granted (an organization owner stays admin), it is recorded
// as kept, so that the next poll does not grant it again.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	user, err := e.user(mg)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	permission := collab.Permission(mg.Parameters())
	if inv := e.invitation; inv != nil {
		return managed.ExternalUpdate{}, e.updateInvitation(ctx, inv, user, permission)
	}
	inv, err := e.api.AddCollaborator(ctx, e.repo.Owner, e.repo.Name, user, permission)
	if err != nil {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot give %s permission %s on %s", user, permission, e.repo.FullName())
	}
	if inv != nil {
		// No longer a collaborator since Observe: invited instead.
		e.recordInvited(mg, inv, user, permission)
		return managed.ExternalUpdate{}, nil
	}
	answer, err := e.api.GetPermission(ctx, e.repo.Owner, e.repo.Name, user)
	if err != nil {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot read back the permission of %s on %s", user, e.repo.FullName())
	}
	kept := collab.Kept(permission, collab.ReportedRole(answer))
	if kept == nil {
		return managed.ExternalUpdate{}, nil
	}
	o := mg.Observation()
	o.KeptPermission, o.Permission = kept, &kept.Reported
	e.record.Event(mg, event.Normal(reasonKept, fmt.Sprintf(
		"GitHub accepted permission %s for %s on %s but reports role %s: a role the user holds through the organization (as an owner, through a team or the base permission) cannot be lowered through a collaborator's permission. The resource counts as up to date while GitHub reports %s.",
		permission, user, e.repo.FullName(), kept.Reported, kept.Reported)))
	return managed.ExternalUpdate{}, nil
}

// updateInvitation gives a pending invitation the permission: a built-in
// role through an invitation update, a custom role (which an invitation
// update does not take) through a new add request.
func (e *external[T]) updateInvitation(ctx context.Context, inv *github.Invitation, user, permission string) error {
	word, ok := collab.InvitationPermission(permission)
	if ok {
		_, err := e.api.UpdateInvitation(ctx, e.repo.Owner, e.repo.Name, inv.ID, word)
		// A 404: accepted or declined since Observe, which sees to it next.
		return errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot change the invitation of %s to %s to permission %s", user, e.repo.FullName(), permission)
	}
	_, err := e.api.AddCollaborator(ctx, e.repo.Owner, e.repo.Name, user, permission)
	return errors.Wrapf(err, "cannot change the invitation of %s to %s to permission %s", user, e.repo.FullName(), permission)
}

// Delete removes the user as a direct collaborator, or withdraws the
// invitation. What is already gone counts as removed.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	user := mg.Parameters().Username
	if e.direct {
		err := e.api.RemoveCollaborator(ctx, e.repo.Owner, e.repo.Name, user)
		return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot remove %s as a collaborator of %s", user, e.repo.FullName())
	}
	if inv := e.invitation; inv != nil {
		err := e.api.DeleteInvitation(ctx, e.repo.Owner, e.repo.Name, inv.ID)
		return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot withdraw the invitation of %s to %s", user, e.repo.FullName())
	}
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
