package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// CollaboratorParameters are the configurable fields of a user's access to a
// GitHub repository as a collaborator.
//
// GitHub adds a member of the repository's organization at once; anyone
// else gets an invitation, which they accept or decline on GitHub. While the
// invitation is pending the resource is Ready=False with reason
// InvitationPending; it becomes Ready when the user accepts. An invitation
// that expires (after seven days) or is declined is sent again.
//
// A user who already holds the declared role through the organization
// (its base permission, a team) is not granted it a second time. A role
// GitHub will not lower through a collaborator's permission — an
// organization owner's admin role, say — is reported in
// status.atProvider.keptPermission and not asked for again on every poll.
//
// The user and the repository cannot be changed once set: a collaborator
// does not move; create another Collaborator instead. The external name is
// the username in lower case.
//
// A user who is already a direct collaborator is managed as they are (an
// add is idempotent on GitHub; the declared permission is applied), and
// deleting the Collaborator removes them: use deletionPolicy Orphan to
// leave a collaborator who was there before.
// +github:kind=Collaborator
// +github:kind:noun=repository collaborator
// +github:kind:description=Its spec names the user, the permission and the repository. GitHub adds a member of the repository's organization at once and invites anyone else: the Collaborator is then Ready=False with reason InvitationPending until the user accepts, and an invitation that expires or is declined is sent again.
// +github:kind:printcolumn:name="USER",type="string",JSONPath=".spec.forProvider.username"
// +github:kind:printcolumn:name="PERMISSION",type="string",JSONPath=".spec.forProvider.permission"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a collaborator cannot move to another repository; create another Collaborator"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a collaborator cannot move to another repository; create another Collaborator"
type CollaboratorParameters struct {
	RepositoryTarget `json:",inline"`

	// Username is the GitHub login of the user: 1 to 39 letters, digits and
	// hyphens, not starting or ending with a hyphen. GitHub compares logins
	// without regard to case, and so does the provider; only the case can
	// be changed once set.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	// +kubebuilder:validation:XValidation:rule="self.lowerAscii() == oldSelf.lowerAscii()",message="username cannot be changed: create another Collaborator for another user"
	Username string `json:"username"`

	// Permission is the role the user gets on the repository, in the words
	// GitHub's API takes: pull (read), triage, push (write), maintain or
	// admin; or the name of a custom repository role of the organization
	// that owns the repository (GitHub Enterprise Cloud), compared without
	// regard to case. A repository owned by a user account grants push
	// only. Defaults to push.
	// +optional
	// +kubebuilder:default=push
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9][A-Za-z0-9 ._-]*$`
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['read', 'write', 'none'])",message="permission takes GitHub's request words: pull (not read), push (not write), triage, maintain or admin, or a custom role's name"
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['pull', 'triage', 'push', 'maintain', 'admin']) || self in ['pull', 'triage', 'push', 'maintain', 'admin']",message="write the built-in permissions in lower case: pull, triage, push, maintain or admin"
	Permission *string `json:"permission,omitempty"`
}

// CollaboratorObservation is the observed state of a user's access to a
// repository.
type CollaboratorObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// Login is the user's login as GitHub spells it.
	Login *string `json:"login,omitempty"`

	// Permission is the user's role on the repository as GitHub reports it:
	// read, triage, write, maintain, admin or a custom role's name. It is
	// the highest role the user holds, whether as a collaborator or through
	// the organization. Unset while the user has not accepted the
	// invitation.
	Permission *string `json:"permission,omitempty"`

	// KeptPermission is set when GitHub accepted the spec's permission for
	// the user but goes on reporting another role: an organization owner's
	// admin role, or a higher role the user holds through a team or the
	// organization's base permission, cannot be lowered through a
	// collaborator's permission. While GitHub reports that role and the
	// spec asks for the same permission, the resource counts as up to date.
	KeptPermission *KeptPermission `json:"keptPermission,omitempty"`

	// Invitation is the user's pending invitation to the repository, while
	// the user has not accepted it.
	Invitation *InvitationObservation `json:"invitation,omitempty"`
}

// KeptPermission is a role GitHub kept for a user over the permission the
// provider granted.
type KeptPermission struct {
	// Granted is the permission the provider granted (the spec's).
	Granted string `json:"granted"`

	// Reported is the role GitHub reports for the user instead.
	Reported string `json:"reported"`
}

// InvitationObservation is a pending invitation to become a repository's
// collaborator.
type InvitationObservation struct {
	// ID is GitHub's numeric id of the invitation.
	ID int64 `json:"id"`

	// Permission is the role the invitation offers, as GitHub reports it:
	// read, triage, write, maintain or admin (for a custom role, GitHub
	// reports its base role).
	Permission string `json:"permission"`

	// CreatedAt is when the invitation was sent.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// HTMLURL is the page where the invitee accepts the invitation.
	HTMLURL *string `json:"htmlUrl,omitempty"`
}
