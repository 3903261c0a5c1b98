// Package membership reconciles Membership managed resources of both
// scopes with one external client: a user's membership of an
// organization, an invitation until the user accepts it.
package membership

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

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/membership"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a Membership of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.MembershipParameters
	Observation() *common.MembershipObservation
	OrganizationTarget() *common.OrganizationTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	ReasonAdopted      event.Reason = "AdoptedExistingMembership"
	reasonInvited      event.Reason = "Invited"
	reasonInvitedAgain event.Reason = "InvitedAgain"
)

// githubAPI is what the controller needs from GitHub: the organization's
// memberships, and accounts, to tell a user GitHub does not know from an
// organization the credentials cannot manage.
type githubAPI interface {
	github.MembershipsAPI
	github.UsersAPI
}

// external manages one Membership. It lives for one reconcile: Observe
// keeps what it found for Create, Update and Delete.
type external[T Object] struct {
	api    githubAPI
	in     kind.Organization
	record event.Recorder

	// found is the membership as Observe found it; nil when there is none.
	found *github.Membership
	// reinvite says why Create invites the user again; "" for a first
	// invitation.
	reinvite string
}

// VerdictInputs: an observation that ends up to date depends on nothing
// but the spec, the annotations, its organization and GitHub's answers, so
// a verdict may confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the user's membership: one conditional read, free when
// nothing changed. A member is Ready; a user invited is Ready=False with
// reason InvitationPending. A membership found without an external name is
// taken over, with an event: a membership has no identity but the login.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	u, err := kind.UserLogin(mg, mg.Parameters().User)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.GetMembership(ctx, e.in.Login, u)
	if github.IsNotFound(err) {
		if meta.WasDeleted(mg) {
			return managed.ExternalObservation{}, nil
		}
		e.reinvite, err = e.whyGone(ctx, mg, u)
		return managed.ExternalObservation{}, err
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the membership of %s in %s", u, e.in.Login)
	}
	e.found = got
	adopted := meta.GetExternalName(mg) == ""
	if adopted {
		meta.SetExternalName(mg, u)
		if meta.GetExternalCreatePending(mg).IsZero() {
			e.record.Event(mg, event.Normal(ReasonAdopted, fmt.Sprintf(
				"Took over the existing membership of %s in %s (state %s, role %s): a membership has no identity but the user's login. Its role is now kept at %s, and deleting this Membership removes %s from %s unless deletionPolicy is Orphan.",
				u, e.in.Login, got.State, got.Role, mapping.Role(mg.Parameters()), u, e.in.Login)))
		}
	}
	*mg.Observation() = mapping.Observation(e.in.Login, got)
	if got.State == github.MembershipPending {
		mg.SetConditions(mapping.Pending(login(got, u), e.in.Login))
	} else {
		mg.SetConditions(xpv2.Available())
	}
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = mapping.Drift(mg.Parameters(), got)
	}
	return kind.Exists(drift, adopted), nil
}

// whyGone says why a user who was a member or invited (as the last
// observation says) is no longer: for an invitation, the organization's
// failed invitations tell whether it expired or was declined — read only
// then. "" for a user never seen.
func (e *external[T]) whyGone(ctx context.Context, mg T, u string) (string, error) {
	switch ptr.Deref(mg.Observation().State, "") {
	case github.MembershipPending:
		failed, err := e.api.ListFailedInvitations(ctx, e.in.Login)
		if err != nil {
			return "", errors.Wrapf(err, "cannot read the failed invitations of %s, to tell why the invitation of %s is gone", e.in.Login, u)
		}
		return mapping.WhyGone(failed, u), nil
	case github.MembershipActive:
		return fmt.Sprintf("%s was removed from %s outside Kubernetes", u, e.in.Login), nil
	}
	return "", nil
}

// Create invites the user with the declared role (GitHub adds at once a
// user it need not invite) and records the login as the external name.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	u, err := kind.UserLogin(mg, mg.Parameters().User)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	role := mapping.Role(mg.Parameters())
	got, err := e.api.SetMembership(ctx, e.in.Login, u, role)
	if github.IsNotFound(err) {
		return managed.ExternalCreation{}, kind.UserNotFound(ctx, e.api, u, kind.UserPlace{Joins: "members",
			Missing: "cannot find organization " + e.in.Login + ", or the credentials cannot manage its members",
			Doing:   "cannot invite " + u + " to " + e.in.Login}, err)
	}
	if err != nil {
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot invite %s to %s with role %s", u, e.in.Login, role)
	}
	meta.SetExternalName(mg, u)
	if got.State == github.MembershipPending {
		msg := fmt.Sprintf("Invited %s to %s with role %s: the Membership is Ready once %s accepts", u, e.in.Login, role, u)
		if e.reinvite != "" {
			e.record.Event(mg, event.Normal(reasonInvitedAgain, msg+"; invited again because "+e.reinvite))
		} else {
			e.record.Event(mg, event.Normal(reasonInvited, msg))
		}
	}
	return managed.ExternalCreation{}, nil
}

// Update sets the declared role back. The organization's last owner is
// not demoted: the owners are listed first, only for a demotion.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	u, err := kind.UserLogin(mg, mg.Parameters().User)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	if e.found == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a membership that was not observed first")
	}
	role := mapping.Role(mg.Parameters())
	if e.found.State == github.MembershipActive && e.found.Role == mapping.RoleAdmin && role != mapping.RoleAdmin {
		if err := e.refuseLastOwner(ctx, u, "demote", "then the demotion goes through"); err != nil {
			return managed.ExternalUpdate{}, err
		}
	}
	_, err = e.api.SetMembership(ctx, e.in.Login, u, role)
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot give %s role %s in %s", u, role, e.in.Login)
}

// Delete removes the user from the organization, or withdraws the
// invitation; already gone counts as removed. The last owner is not
// removed.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	u := mg.Parameters().User
	if e.found != nil && e.found.State == github.MembershipActive && e.found.Role == mapping.RoleAdmin {
		keep := "or set deletionPolicy: Orphan to delete this Membership and keep " + u
		if mg.GetNamespace() != "" {
			keep = "or leave Delete out of spec.managementPolicies to delete this Membership and keep " + u
		}
		if err := e.refuseLastOwner(ctx, u, "remove", keep); err != nil {
			return managed.ExternalDelete{}, err
		}
	}
	err := e.api.RemoveMembership(ctx, e.in.Login, u)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot remove %s from %s", u, e.in.Login)
}

// refuseLastOwner lists the organization's owners and refuses to verb
// (demote, remove) u when u is the only one.
func (e *external[T]) refuseLastOwner(ctx context.Context, u, verb, then string) error {
	admins, err := e.api.ListMembers(ctx, e.in.Login, mapping.RoleAdmin)
	if err != nil {
		return errors.Wrapf(err, "cannot list the owners of %s before %sing %s, an owner", e.in.Login, strings.TrimSuffix(verb, "e"), u)
	}
	if mapping.LastOwner(admins, u) {
		return errors.Errorf("refusing to %s %s: %s is the last owner of %s, and an organization must keep one; make another user an owner first (a Membership with role admin), %s", verb, u, u, e.in.Login, then)
	}
	return nil
}

// login is the user's login as GitHub spells it, else as the spec does.
func login(got *github.Membership, u string) string {
	if got.User.Login != "" {
		return got.User.Login
	}
	return u
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
