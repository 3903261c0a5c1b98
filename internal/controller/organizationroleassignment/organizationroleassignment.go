// Package organizationroleassignment reconciles OrganizationRoleAssignment
// managed resources of both scopes with one external client: one of an
// organization's roles given to a team or to a member.
package organizationroleassignment

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/organizationroleassignment"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an OrganizationRoleAssignment of either scope.
type Object interface {
	kind.TeamScoped
	Parameters() *common.OrganizationRoleAssignmentParameters
	Observation() *common.OrganizationRoleAssignmentObservation
	OrganizationTarget() *common.OrganizationTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	ReasonAdopted    event.Reason = "AdoptedExistingAssignment"
	reasonMadeDirect event.Reason = "AssignedDirectly"
)

// githubAPI is what the controller needs from GitHub: the organization's
// roles and their holders, and accounts, to tell a user GitHub does not
// know from an organization the credentials cannot manage.
type githubAPI interface {
	github.OrgRolesAPI
	github.UsersAPI
}

// external manages one OrganizationRoleAssignment. It lives for one
// reconcile: Observe keeps what it found for Create and Delete.
type external[T Object] struct {
	api    githubAPI
	org    string
	holder mapping.Holder
	via    string // the Team resource the team was found through, for messages
	record event.Recorder

	// role is the role Observe found by its name; nil when it found none.
	role *github.OrgRole
	// found is how the holder holds the role as Observe found it; nil
	// when not at all.
	found *mapping.Holding
}

// what names the assignment for messages.
func (e *external[T]) what(role string) string {
	return fmt.Sprintf("role %s of organization %s held by %s%s", role, e.org, e.holder, e.via)
}

// VerdictInputs: an observation that ends up to date depends on nothing
// but the spec, the annotations, the team found through the connection
// and GitHub's answers, so a verdict may confirm it (see
// kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe finds the role by its name in the organization's roles (a list
// that changes rarely, asked for again at most every ten minutes) and reads
// its holders, teams or users: conditional reads, free when nothing
// changed. The assignment exists when the holder holds the role directly
// (GitHub's direct or mixed); one found without an external name is taken
// over, with an event: it has no identity but its holder and role.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	roles, err := e.api.ListOrgRoles(ctx, e.org)
	switch {
	case github.IsNotFound(err) && meta.WasDeleted(mg):
		return managed.ExternalObservation{}, nil
	case github.IsNotFound(err):
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the roles of organization %s: it does not exist, or the credentials are not an owner's", e.org)
	case err != nil:
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the roles of organization %s", e.org)
	}
	role, err := mapping.FindRole(e.org, roles, p.Role)
	if err != nil {
		if meta.WasDeleted(mg) {
			// A role that is gone took its assignments with it.
			return managed.ExternalObservation{}, nil
		}
		return managed.ExternalObservation{}, err
	}
	e.role = &role
	h, err := e.holding(ctx, role.ID)
	if github.IsNotFound(err) {
		return managed.ExternalObservation{}, nil
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the holders of %s", e.what(role.Name))
	}
	e.found = h
	if !mapping.Held(h) {
		return managed.ExternalObservation{}, nil
	}
	ext := mapping.ExternalName(e.holder, role.Name)
	changed := meta.GetExternalName(mg) != ext
	if meta.GetExternalName(mg) == "" && meta.GetExternalCreatePending(mg).IsZero() {
		e.record.Event(mg, event.Normal(ReasonAdopted, fmt.Sprintf(
			"Took over the existing assignment of %s (%s): an assignment has no identity but its holder and role. Deleting this OrganizationRoleAssignment takes the role away unless deletionPolicy is Orphan.",
			e.what(role.Name), h.Assignment)))
	}
	if changed {
		// An adopted assignment is named here, and so is one whose team's
		// slug changed with a rename of its Team resource.
		meta.SetExternalName(mg, ext)
	}
	*mg.Observation() = mapping.Observation(e.org, role, e.holder, h)
	mg.SetConditions(xpv2.Available())
	return kind.Exists(nil, changed), nil
}

// holding reads how the holder holds the role: nil when not at all.
func (e *external[T]) holding(ctx context.Context, roleID int64) (*mapping.Holding, error) {
	if e.holder.Team != nil {
		teams, err := e.api.ListOrgRoleTeams(ctx, e.org, roleID)
		if err != nil {
			return nil, err
		}
		return mapping.TeamHolding(teams, *e.holder.Team), nil
	}
	users, err := e.api.ListOrgRoleUsers(ctx, e.org, roleID)
	if err != nil {
		return nil, err
	}
	return mapping.UserHolding(users, e.holder.User), nil
}

// Create gives the holder the role, and records the holder and role as the
// external name. A holder who had it only through a team is told it now
// holds it directly too.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if e.role == nil {
		return managed.ExternalCreation{}, errors.New("cannot give a role that was not observed first")
	}
	what := e.what(e.role.Name)
	if t := e.holder.Team; t != nil {
		err := e.api.AssignOrgRoleToTeam(ctx, e.org, t.Slug, e.role.ID)
		if github.IsNotFound(err) {
			return managed.ExternalCreation{}, errors.Wrapf(err, "cannot give %s: GitHub finds no team %s in %s%s (check spec.forProvider.teamSlug, or the Team resource), or role %s is gone, or the credentials are not an owner's",
				what, t.Slug, e.org, e.via, e.role.Name)
		}
		if err != nil {
			return managed.ExternalCreation{}, errors.Wrapf(err, "cannot give %s", what)
		}
	} else {
		u := e.holder.User
		err := e.api.AssignOrgRoleToUser(ctx, e.org, u, e.role.ID)
		switch {
		case github.IsNotFound(err):
			return managed.ExternalCreation{}, kind.UserNotFound(ctx, e.api, u, kind.UserPlace{Joins: "given organization roles",
				Missing: "cannot find organization " + e.org + " or its role " + e.role.Name + ", or the credentials are not an owner's",
				Doing:   "cannot give " + what}, err)
		case github.IsUnprocessable(err):
			return managed.ExternalCreation{}, errors.Wrapf(err, "cannot give %s: GitHub gives organization roles to members of the organization only; make %s a member first (a Membership resource invites them), or name a team", what, u)
		case err != nil:
			return managed.ExternalCreation{}, errors.Wrapf(err, "cannot give %s", what)
		}
	}
	meta.SetExternalName(mg, mapping.ExternalName(e.holder, e.role.Name))
	if e.found != nil && e.found.Assignment == github.AssignmentIndirect {
		e.record.Event(mg, event.Normal(reasonMadeDirect, fmt.Sprintf(
			"%s held role %s only through %s; it now holds it directly too (GitHub's assignment mixed)", e.holder, e.role.Name, mapping.Through(e.found))))
	}
	return managed.ExternalCreation{}, nil
}

// Update changes nothing: the holder and the role are the assignment, and
// neither can change.
func (e *external[T]) Update(context.Context, T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, nil
}

// Delete takes the role away from the holder; what it holds through teams
// stays. Already gone counts as removed.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.role == nil {
		return managed.ExternalDelete{}, nil
	}
	var err error
	if t := e.holder.Team; t != nil {
		err = e.api.RemoveOrgRoleFromTeam(ctx, e.org, t.Slug, e.role.ID)
	} else {
		err = e.api.RemoveOrgRoleFromUser(ctx, e.org, e.holder.User, e.role.ID)
	}
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot take away %s", e.what(e.role.Name))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
