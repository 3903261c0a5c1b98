package v1alpha1

// MembershipParameters are the configurable fields of a user's membership
// of a GitHub organization.
//
// A user who is not a member is invited: the resource is Ready=False with
// reason InvitationPending until the user accepts. An invitation that
// expires or is declined is sent again, with an event saying so. A role
// changed on GitHub is set back. Deleting the Membership removes the user
// from the organization (and so from its teams and from every private
// repository they reached through it); deletionPolicy Orphan keeps them.
// The organization's last owner is never demoted or removed.
//
// A membership has no identity but the user's login, its external name: a
// user who is already a member (or invited) when the resource is created
// is taken over as they are, their role then set to the declared one, and
// an AdoptedExistingMembership event names the user and the role found.
// +github:kind=Membership
// +github:kind:noun=organization membership
// +github:kind:description=Its spec names the user and the role, member or admin (owner). A user who is not a member is invited, and the Membership is Ready=False with reason InvitationPending until the user accepts; an expired or declined invitation is sent again. A user who is already a member is taken over (event AdoptedExistingMembership). Deleting it removes the user from the organization; the last owner is never demoted or removed.
// +github:kind:printcolumn:name="USER",type="string",JSONPath=".spec.forProvider.user"
// +github:kind:printcolumn:name="ROLE",type="string",JSONPath=".status.atProvider.role"
// +github:kind:printcolumn:name="STATE",type="string",JSONPath=".status.atProvider.state"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
type MembershipParameters struct {
	OrganizationTarget `json:",inline"`

	// User is the GitHub login of the member: 1 to 39 letters, digits and
	// single hyphens, not starting or ending with a hyphen. GitHub compares
	// logins without regard to case, and so does the provider; only the
	// case can be changed once set: create another Membership for another
	// user.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$`
	// +kubebuilder:validation:XValidation:rule="self.lowerAscii() == oldSelf.lowerAscii()",message="user cannot be changed: create another Membership for another user"
	User string `json:"user"`

	// Role of the user in the organization: member, or admin (an owner of
	// the organization, with full administrative rights over it, its
	// repositories and its teams). Defaults to member. A change made on
	// GitHub is set back; the last owner of the organization is not
	// demoted: make another user an owner first.
	// +optional
	// +kubebuilder:default=member
	// +kubebuilder:validation:Enum=member;admin
	Role *string `json:"role,omitempty"`
}

// MembershipObservation is the user's membership as GitHub last reported
// it.
type MembershipObservation struct {
	// Organization is the organization's login, as last targeted.
	Organization *string `json:"organization,omitempty"`

	// Login is the user's login as GitHub spells it.
	Login *string `json:"login,omitempty"`

	// State is active for a member, pending while the user has not
	// accepted the invitation.
	State *string `json:"state,omitempty"`

	// Role is the user's role as GitHub reports it: member or admin (for a
	// pending membership, the role the invitation offers).
	Role *string `json:"role,omitempty"`
}
