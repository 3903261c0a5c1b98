package v1alpha1

import (
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// OrganizationRoleAssignmentParameters give one of a GitHub organization's
// roles to a team or to a member of the organization.
//
// The role is named as the organization's roles list names it: one of the
// roles every organization has (all_repo_read, all_repo_triage,
// all_repo_write, all_repo_maintain, all_repo_admin, security_manager) or
// one the organization defined. The holder is exactly one of user,
// teamSlug, teamRef and teamSelector. A role and a holder make the
// assignment: neither can be changed; create another
// OrganizationRoleAssignment instead.
//
// Only a role given to the holder itself counts (GitHub's assignment
// direct, or mixed when the holder also has it through a team): a holder
// who has the role only through a team (a parent team's role, or a role of
// one of a user's teams) is given it directly. An assignment taken away on
// GitHub is made again. Deleting the OrganizationRoleAssignment takes the
// role away from the holder; what they have through teams stays.
//
// An assignment has no identity but its holder and role: one that already
// exists when the resource is created is taken over, with an
// AdoptedExistingAssignment event.
// +github:kind=OrganizationRoleAssignment
// +github:kind:noun=organization role assignment
// +github:kind:description=Its spec names the role (all_repo_read … all_repo_admin, security_manager, or a custom role of the organization) and exactly one holder: a user, or a team by slug, reference or selector. A holder who has the role only through a team is given it directly. An existing assignment is taken over (event AdoptedExistingAssignment). Deleting it takes the role away from the holder.
// +github:kind:printcolumn:name="ROLE",type="string",JSONPath=".spec.forProvider.role"
// +github:kind:printcolumn:name="TEAM",type="string",JSONPath=".status.atProvider.teamSlug"
// +github:kind:printcolumn:name="USER",type="string",JSONPath=".status.atProvider.user"
// +github:kind:printcolumn:name="ASSIGNMENT",type="string",JSONPath=".status.atProvider.assignment"
// +kubebuilder:validation:XValidation:rule="[has(self.user), has(self.teamSlug), has(self.teamRef) || has(self.teamSelector)].filter(x, x).size() == 1",message="set exactly one holder of the role: user, teamSlug, or teamRef (or teamSelector)"
// +kubebuilder:validation:XValidation:rule="has(self.user) == has(oldSelf.user)",message="the holder cannot change between a user and a team: create another OrganizationRoleAssignment for the other holder"
// +kubebuilder:validation:XValidation:rule="has(self.teamSlug) == has(oldSelf.teamSlug) && (!has(self.teamSlug) || self.teamSlug == oldSelf.teamSlug)",message="teamSlug cannot be changed or replaced by a reference: create another OrganizationRoleAssignment for another team"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.teamRef) || (has(self.teamRef) && self.teamRef.name == oldSelf.teamRef.name)",message="teamRef cannot be changed once set: create another OrganizationRoleAssignment for another team"
type OrganizationRoleAssignmentParameters struct {
	OrganizationTarget            `json:",inline"`
	repocommon.OptionalTeamTarget `json:",inline"`

	// Role is the name of the organization role to give, exactly as the
	// organization's roles list writes it (GET /orgs/{org}/organization-roles):
	// all_repo_read, all_repo_triage, all_repo_write, all_repo_maintain or
	// all_repo_admin (the given access on every repository of the
	// organization), security_manager, or the name of a custom role of the
	// organization. A name the organization has no role of is a Synced=False
	// condition that lists the roles it has. Cannot be changed: create
	// another OrganizationRoleAssignment for another role.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="role cannot be changed: create another OrganizationRoleAssignment for another role"
	Role string `json:"role"`

	// User is the GitHub login of the member of the organization who holds
	// the role: 1 to 39 letters, digits and single hyphens, not starting or
	// ending with a hyphen. The user must already be a member (a Membership
	// resource makes them one). GitHub compares logins without regard to
	// case, and so does the provider; only the case can be changed once set.
	// Set exactly one of user, teamSlug, teamRef and teamSelector.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$`
	// +kubebuilder:validation:XValidation:rule="self.lowerAscii() == oldSelf.lowerAscii()",message="user cannot be changed: create another OrganizationRoleAssignment for another user"
	User *string `json:"user,omitempty"`
}

// OrganizationRoleAssignmentObservation is the assignment as GitHub last
// reported it.
type OrganizationRoleAssignmentObservation struct {
	// Organization is the login of the organization whose role it is.
	Organization *string `json:"organization,omitempty"`

	// RoleID is GitHub's id of the role.
	RoleID *int64 `json:"roleId,omitempty"`

	// TeamSlug is the slug of the team that holds the role, as last
	// targeted.
	TeamSlug *string `json:"teamSlug,omitempty"`

	// TeamID is GitHub's id of the team that holds the role.
	TeamID *int64 `json:"teamId,omitempty"`

	// User is the login of the user who holds the role, as GitHub spells
	// it.
	User *string `json:"user,omitempty"`

	// Assignment is how the holder holds the role, as GitHub reports it:
	// direct (given to the holder itself) or mixed (given to the holder and
	// also held through a team: a parent team, or one of a user's teams).
	// Deleting the resource leaves what is held through teams.
	Assignment *string `json:"assignment,omitempty"`

	// InheritedFrom are the slugs of the teams a user also holds the role
	// through.
	// +optional
	InheritedFrom []string `json:"inheritedFrom,omitempty"`
}
