package v1alpha1

import (
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// TeamMembershipParameters put a user in a team of a GitHub organization
// with a role: member or maintainer.
//
// A user who is not a member of the team's organization is invited to it
// by GitHub (the credentials must be an owner's): the resource is
// Ready=False with reason InvitationPending until the user accepts, and
// the user joins the team on accepting. A role changed on GitHub is set
// back; a membership removed there is added again. Deleting the
// TeamMembership takes the user out of the team; the user stays in the
// organization.
//
// A team membership has no identity but the user's login, its external
// name: a user who is already in the team when the resource is created is
// taken over as they are, their role then set to the declared one, and an
// AdoptedExistingMembership event names the user and the role found.
// +github:kind=TeamMembership
// +github:kind:noun=team membership
// +github:kind:description=Its spec names the team, the user and the role, member or maintainer. A user who is not in the organization is invited to it, and the TeamMembership is Ready=False with reason InvitationPending until the user accepts. A user who is already in the team is taken over (event AdoptedExistingMembership). Deleting it takes the user out of the team.
// +github:kind:printcolumn:name="USER",type="string",JSONPath=".spec.forProvider.user"
// +github:kind:printcolumn:name="TEAM",type="string",JSONPath=".status.atProvider.teamSlug"
// +github:kind:printcolumn:name="ROLE",type="string",JSONPath=".status.atProvider.role"
// +github:kind:printcolumn:name="STATE",type="string",JSONPath=".status.atProvider.state"
// +kubebuilder:validation:XValidation:rule="has(self.teamSlug) == has(oldSelf.teamSlug) && (!has(self.teamSlug) || self.teamSlug == oldSelf.teamSlug)",message="teamSlug cannot be changed or replaced by a reference: create another TeamMembership for another team"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.teamRef) || (has(self.teamRef) && self.teamRef.name == oldSelf.teamRef.name)",message="teamRef cannot be changed once set: create another TeamMembership for another team"
type TeamMembershipParameters struct {
	OrganizationTarget    `json:",inline"`
	repocommon.TeamTarget `json:",inline"`

	// User is the GitHub login of the team's member: 1 to 39 letters,
	// digits and single hyphens, not starting or ending with a hyphen.
	// GitHub compares logins without regard to case, and so does the
	// provider; only the case can be changed once set: create another
	// TeamMembership for another user.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$`
	// +kubebuilder:validation:XValidation:rule="self.lowerAscii() == oldSelf.lowerAscii()",message="user cannot be changed: create another TeamMembership for another user"
	User string `json:"user"`

	// Role of the user in the team: member, or maintainer (who can also
	// manage the team's members and settings). Defaults to member. A
	// change made on GitHub is set back.
	// +optional
	// +kubebuilder:default=member
	// +kubebuilder:validation:Enum=member;maintainer
	Role *string `json:"role,omitempty"`
}

// TeamMembershipObservation is the user's team membership as GitHub last
// reported it.
type TeamMembershipObservation struct {
	// Organization is the login of the team's organization.
	Organization *string `json:"organization,omitempty"`

	// TeamSlug is the slug of the team, as last targeted.
	TeamSlug *string `json:"teamSlug,omitempty"`

	// TeamID is GitHub's id of the team, when the team is named by a Team
	// resource (whose status has it).
	TeamID *int64 `json:"teamId,omitempty"`

	// State is active for a member of the team, pending while the user has
	// not accepted the invitation to the organization.
	State *string `json:"state,omitempty"`

	// Role is the user's role in the team as GitHub reports it: member or
	// maintainer.
	Role *string `json:"role,omitempty"`
}
