// Package teammembership reconciles TeamMembership managed resources of
// both scopes with one external client: a user's membership of a team, an
// invitation to the team's organization until the user accepts it.
package teammembership

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/teammembership"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a TeamMembership of either scope.
type Object interface {
	kind.TeamScoped
	Parameters() *common.TeamMembershipParameters
	Observation() *common.TeamMembershipObservation
	OrganizationTarget() *common.OrganizationTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	ReasonAdopted      event.Reason = "AdoptedExistingMembership"
	reasonInvited      event.Reason = "Invited"
	reasonInvitedAgain event.Reason = "InvitedAgain"
)

// githubAPI is what the controller needs from GitHub: the team's
// memberships, and accounts, to tell a user GitHub does not know from a
// team the credentials cannot see.
type githubAPI interface {
	github.TeamMembershipsAPI
	github.UsersAPI
}

// external manages one TeamMembership. It lives for one reconcile:
// Observe keeps what it found for Update and Delete.
type external[T Object] struct {
	api    githubAPI
	team   mapping.Team
	via    string // the Team resource the team was found through, for messages
	record event.Recorder

	// found is the membership as Observe found it; nil when there is none.
	found *github.TeamMembership
}

// what names the team for messages.
func (e *external[T]) what() string {
	return fmt.Sprintf("team %s of %s%s", e.team.Slug, e.team.Organization, e.via)
}

// VerdictInputs: an observation that ends up to date depends on nothing
// but the spec, the annotations, the team found through the connection and
// GitHub's answers, so a verdict may confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the user's membership of the team: one conditional read,
// free when nothing changed. A member is Ready; a user invited to the
// organization with the team is Ready=False with reason
// InvitationPending. A membership found without an external name is taken
// over, with an event: it has no identity but the login.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	u, err := kind.UserLogin(mg, mg.Parameters().User)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.GetTeamMembership(ctx, e.team.Organization, e.team.Slug, u)
	if github.IsNotFound(err) {
		return managed.ExternalObservation{}, nil
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the membership of %s in %s", u, e.what())
	}
	e.found = got
	adopted := meta.GetExternalName(mg) == ""
	if adopted {
		meta.SetExternalName(mg, u)
		if meta.GetExternalCreatePending(mg).IsZero() {
			e.record.Event(mg, event.Normal(ReasonAdopted, fmt.Sprintf(
				"Took over the existing membership of %s in %s (state %s, role %s): a team membership has no identity but the user's login. Its role is now kept at %s, and deleting this TeamMembership takes %s out of the team unless deletionPolicy is Orphan.",
				u, e.what(), got.State, got.Role, mapping.Role(mg.Parameters()), u)))
		}
	}
	*mg.Observation() = mapping.Observation(e.team, got)
	if got.State == github.MembershipPending {
		mg.SetConditions(mapping.Pending(u, e.team))
	} else {
		mg.SetConditions(xpv2.Available())
	}
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = mapping.Drift(mg.Parameters(), got)
	}
	return kind.Exists(drift, adopted), nil
}

// Create adds the user to the team with the declared role; GitHub invites
// a user who is not in the organization. The login is the external name.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	u, err := kind.UserLogin(mg, mg.Parameters().User)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	role := mapping.Role(mg.Parameters())
	got, err := e.api.SetTeamMembership(ctx, e.team.Organization, e.team.Slug, u, role)
	if github.IsNotFound(err) {
		return managed.ExternalCreation{}, kind.UserNotFound(ctx, e.api, u, kind.UserPlace{Joins: "members of a team",
			Missing: "cannot find " + e.what() + ", or the credentials cannot see it",
			Doing:   "cannot add " + u + " to " + e.what()}, err)
	}
	if err != nil {
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot add %s to %s with role %s", u, e.what(), role)
	}
	meta.SetExternalName(mg, u)
	if got.State == github.MembershipPending {
		msg := fmt.Sprintf("GitHub invited %s to %s to add them to team %s with role %s: the TeamMembership is Ready once %s accepts", u, e.team.Organization, e.team.Slug, role, u)
		if ptr.Deref(mg.Observation().State, "") == github.MembershipPending {
			e.record.Event(mg, event.Normal(reasonInvitedAgain, msg+"; invited again because the earlier invitation expired, was declined or was withdrawn"))
		} else {
			e.record.Event(mg, event.Normal(reasonInvited, msg))
		}
	}
	return managed.ExternalCreation{}, nil
}

// Update sets the declared role back.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	u, err := kind.UserLogin(mg, mg.Parameters().User)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	role := mapping.Role(mg.Parameters())
	_, err = e.api.SetTeamMembership(ctx, e.team.Organization, e.team.Slug, u, role)
	return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot give %s role %s in %s", u, role, e.what())
}

// Delete takes the user out of the team (or the team out of the user's
// pending invitation); the user stays in the organization. Already gone
// counts as removed.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	u := mg.Parameters().User
	err := e.api.RemoveTeamMembership(ctx, e.team.Organization, e.team.Slug, u)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot remove %s from %s", u, e.what())
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
