package v1alpha1

// TeamRepositoryParameters give one team of an organization a permission
// on one repository of that organization: GitHub grants a team access only
// to its own organization's repositories. The repository and the team are
// named by name, by reference to a Repository or Team resource of the same
// scope, or by selector; a reference follows its resource through a
// rename. The team and the repository cannot be changed once set: to grant
// another team or repository, create another TeamRepository. A permission
// the team already has when this resource is created is taken over, and
// removed when it is deleted. The external name, <team-slug>/<owner>/<repo>,
// is set by the provider and kept up to date after renames; it is not
// read.
// +github:kind=TeamRepository
// +github:kind:noun=team repository permission
// +github:kind:description=Its spec names the team, a repository of the team's organization and the team's permission on it. The team and the repository cannot be changed once set; a permission the team already has is taken over, and removed on delete. The external name, <team-slug>/<owner>/<repo>, is set by the provider.
// +github:kind:printcolumn:name="TEAM",type="string",JSONPath=".status.atProvider.teamSlug"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="PERMISSION",type="string",JSONPath=".status.atProvider.permission"
// +kubebuilder:validation:XValidation:rule="has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner)",message="owner cannot be changed: to grant a repository of another owner, create another TeamRepository"
// +kubebuilder:validation:XValidation:rule="has(self.repository) == has(oldSelf.repository) && (!has(self.repository) || self.repository == oldSelf.repository)",message="repository cannot be changed or replaced by a reference: to grant another repository, create another TeamRepository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: to grant another repository, create another TeamRepository"
// +kubebuilder:validation:XValidation:rule="has(self.teamSlug) == has(oldSelf.teamSlug) && (!has(self.teamSlug) || self.teamSlug == oldSelf.teamSlug)",message="teamSlug cannot be changed or replaced by a reference: to grant another team, create another TeamRepository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.teamRef) || (has(self.teamRef) && self.teamRef.name == oldSelf.teamRef.name)",message="teamRef cannot be changed once set: to grant another team, create another TeamRepository"
type TeamRepositoryParameters struct {
	RepositoryTarget `json:",inline"`
	TeamTarget       `json:",inline"`

	// Permission of the team on the repository: pull (read), triage, push
	// (write), maintain or admin, or the name of a custom repository role
	// that the organization has defined (letters, digits, spaces, '.', '-'
	// and '_', starting and ending with a letter or digit; matched without
	// regard to case). Write pull and push, not read and write: GitHub
	// grants the former and reports them as the latter, and the provider
	// compares in GitHub's words, so a permission GitHub accepted is not
	// granted again. Defaults to push, as on GitHub. A change made on
	// GitHub is set back.
	// +optional
	// +kubebuilder:default=push
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9 ._-]*[A-Za-z0-9])?$`
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['pull', 'triage', 'push', 'maintain', 'admin']) || self in ['pull', 'triage', 'push', 'maintain', 'admin']",message="write the built-in permissions in lower case: pull, triage, push, maintain or admin"
	// +kubebuilder:validation:XValidation:rule="!(self.lowerAscii() in ['read', 'write', 'none'])",message="GitHub grants pull (which it reports as read) and push (reported as write): use pull, triage, push, maintain, admin or a custom repository role"
	Permission *string `json:"permission,omitempty"`
}

// TeamRepositoryObservation is the team's permission on the repository as
// GitHub last reported it.
type TeamRepositoryObservation struct {
	// Organization is the login of the team's organization, which owns the
	// repository.
	Organization *string `json:"organization,omitempty"`

	// TeamSlug is the slug of the team the permission was last read for.
	TeamSlug *string `json:"teamSlug,omitempty"`

	// TeamID is GitHub's numeric id of the team, when the team is named by
	// a Team resource (whose status has it). It survives a rename of the
	// team.
	TeamID *int64 `json:"teamId,omitempty"`

	// Repository is the full name (owner/name) of the repository the
	// permission was last read on.
	Repository *string `json:"repository,omitempty"`

	// RepositoryID is GitHub's numeric id of the repository. It survives
	// renames: with a repository named by name, a repository renamed outside
	// Kubernetes is recognised by it and reported, instead of granting
	// whatever repository has the name now.
	RepositoryID *int64 `json:"repositoryId,omitempty"`

	// Permission is the team's permission in the words of
	// spec.forProvider.permission: pull, triage, push, maintain, admin or a
	// custom role's name.
	Permission *string `json:"permission,omitempty"`

	// RoleName is the team's role as GitHub names it: read, triage, write,
	// maintain, admin or a custom role's name.
	RoleName *string `json:"roleName,omitempty"`
}
