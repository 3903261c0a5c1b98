package v1alpha1

// CollaboratorSetParameters are the users and teams with access to one
// GitHub repository, declared together and authoritatively.
//
// WARNING: everyone the set does not list LOSES ACCESS to the repository:
// every direct collaborator not listed is removed — outside collaborators
// and organization members added to the repository by hand included —,
// every pending invitation not listed is withdrawn, and every team not
// listed is removed from the repository. The repository's owner and the
// organization's owners keep their access (they are not direct
// collaborators), and so do members through the organization's base
// permission.
//
// A user who is not a member of the repository's organization is invited:
// while any listed user's invitation is pending the set is Ready=False
// with reason InvitationPending. GitHub compares logins without regard to
// case, and so does the set. A CollaboratorSet refuses to share its
// repository with an older CollaboratorSet and with any Collaborator or
// TeamRepository resource of the repository: it then changes nothing, and
// its condition names them. Deleting a CollaboratorSet leaves the
// repository's access as it is. The repository cannot be changed once set:
// create another CollaboratorSet instead.
// +github:kind=CollaboratorSet
// +github:kind:noun=collaborator set
// +github:kind:description=Its spec names the repository and every user and team with access to it, each with a permission; everyone else loses access (direct collaborators removed, invitations withdrawn, teams removed). The external name is the repository's full name, set once the provider has written the access.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a collaborator set cannot move to another repository; create another CollaboratorSet"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a collaborator set cannot move to another repository; create another CollaboratorSet"
type CollaboratorSetParameters struct {
	RepositoryTarget `json:",inline"`

	// Users are the users with access to the repository as direct
	// collaborators, each once (logins compared without regard to case,
	// as GitHub does). Every direct collaborator not listed is REMOVED and
	// every invitation not listed is withdrawn. Empty: the repository has
	// no direct collaborator. At most 300: the API server's cost budget for
	// the check that logins differ without regard to case allows no more.
	// +optional
	// +listType=map
	// +listMapKey=username
	// +kubebuilder:validation:MaxItems=300
	// +kubebuilder:validation:XValidation:rule="self.all(u, self.exists_one(v, v.username.lowerAscii() == u.username.lowerAscii()))",message="users must have different usernames, compared without regard to case as GitHub does: Octocat and octocat are one user"
	Users []CollaboratorSetUser `json:"users,omitempty"`

	// Teams are the teams of the repository's organization with access to
	// it, each once. Every team not listed is REMOVED from the
	// repository. Empty: no team has access. A repository owned by a user
	// account has no teams.
	// +optional
	// +listType=map
	// +listMapKey=slug
	// +kubebuilder:validation:MaxItems=300
	Teams []CollaboratorSetTeam `json:"teams,omitempty"`
}

// CollaboratorSetUser is one user of a CollaboratorSet.
type CollaboratorSetUser struct {
	// Username is the GitHub login of the user: 1 to 39 letters, digits and
	// hyphens, not starting or ending with a hyphen.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Username string `json:"username"`

	// Permission is the user's role on the repository, in the words
	// GitHub's API takes: pull (read), triage, push (write), maintain or
	// admin; or the name of a custom repository role of the organization
	// that owns the repository, compared without regard to case. Defaults
	// to push.
	// +optional
	// +kubebuilder:default=push
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9][A-Za-z0-9 ._-]*$`
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['read', 'write', 'none'])",message="permission takes GitHub's request words: pull (not read), push (not write), triage, maintain or admin, or a custom role's name"
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['pull', 'triage', 'push', 'maintain', 'admin']) || self in ['pull', 'triage', 'push', 'maintain', 'admin']",message="write the built-in permissions in lower case: pull, triage, push, maintain or admin"
	Permission *string `json:"permission,omitempty"`
}

// CollaboratorSetTeam is one team of a CollaboratorSet.
type CollaboratorSetTeam struct {
	// Slug is the slug of a team of the repository's organization: lower
	// case letters, digits and '-', as GitHub derives it from the team's
	// name ("Platform Team" becomes "platform-team").
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[a-z0-9]+(-[a-z0-9]+)*$`
	Slug string `json:"slug"`

	// Permission is the team's role on the repository: pull, triage,
	// push, maintain or admin, or the name of a custom repository role of
	// the organization. Defaults to push.
	// +optional
	// +kubebuilder:default=push
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9][A-Za-z0-9 ._-]*$`
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['read', 'write', 'none'])",message="permission takes GitHub's request words: pull (not read), push (not write), triage, maintain or admin, or a custom role's name"
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['pull', 'triage', 'push', 'maintain', 'admin']) || self in ['pull', 'triage', 'push', 'maintain', 'admin']",message="write the built-in permissions in lower case: pull, triage, push, maintain or admin"
	Permission *string `json:"permission,omitempty"`
}

// CollaboratorSetObservation is the observed access to a repository.
type CollaboratorSetObservation struct {
	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// Users are the repository's direct collaborators and pending
	// invitees on GitHub, listed or not, as last read.
	// +optional
	Users []CollaboratorSetObservedUser `json:"users,omitempty"`

	// Teams are the teams with access to the repository on GitHub, listed
	// or not, as last read.
	// +optional
	Teams []CollaboratorSetObservedTeam `json:"teams,omitempty"`

	// KeptPermissions are the users for whom GitHub accepted the listed
	// permission but goes on reporting another role: an organization
	// owner's admin role, or a higher role held through a team or the
	// organization's base permission, cannot be lowered through a
	// collaborator's permission. While GitHub reports that role and the
	// set lists the same permission, the user counts as up to date.
	// +optional
	KeptPermissions []CollaboratorSetKeptPermission `json:"keptPermissions,omitempty"`
}

// CollaboratorSetKeptPermission is a role GitHub kept for a user over the
// permission the provider granted.
type CollaboratorSetKeptPermission struct {
	// Login is the user's login.
	Login string `json:"login"`

	// Granted is the permission the provider granted (the set's).
	Granted string `json:"granted"`

	// Reported is the role GitHub reports for the user instead.
	Reported string `json:"reported"`
}

// CollaboratorSetObservedUser is a direct collaborator or invitee of the
// repository on GitHub.
type CollaboratorSetObservedUser struct {
	// Login is the user's login as GitHub spells it.
	Login string `json:"login"`

	// Role is the user's role as GitHub reports it: read, triage, write,
	// maintain, admin or a custom role's name (of an invitation, the role
	// it offers).
	// +optional
	Role string `json:"role,omitempty"`

	// Invited is true while the user has not accepted the invitation.
	// +optional
	Invited bool `json:"invited,omitempty"`

	// Listed is true for a user the set lists; one not listed is removed.
	Listed bool `json:"listed"`
}

// CollaboratorSetObservedTeam is a team with access to the repository on
// GitHub.
type CollaboratorSetObservedTeam struct {
	// Slug is the team's slug.
	Slug string `json:"slug"`

	// Permission is the team's permission as GitHub reports it.
	// +optional
	Permission string `json:"permission,omitempty"`

	// Listed is true for a team the set lists; one not listed is removed.
	Listed bool `json:"listed"`
}
