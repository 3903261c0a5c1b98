package v1alpha1

// ActionsOIDCSubjectClaimParameters are the declared customization template
// of the subject (sub) claim of the OpenID Connect tokens a GitHub
// repository's Actions workflows get: one per repository, which GitHub
// keeps at its own endpoint (so a kind, not a Repository field), GitHub's
// default subject until someone sets it. Cloud providers trust a workflow
// by this subject, so it is declared once and kept as declared.
//
// Set exactly one of useDefault (GitHub's default subject) and
// includeClaimKeys (the subject made of these claims, in this order). The
// template changed on GitHub is put back. The repository cannot be changed
// once set: create another ActionsOIDCSubjectClaim instead. Deleting the
// ActionsOIDCSubjectClaim puts GitHub's default subject back.
// +github:kind=ActionsOIDCSubjectClaim
// +github:kind:noun=OIDC subject claim template
// +github:kind:description=Its spec names the repository and how the subject claim of its workflows' OIDC tokens is made. The external name is the repository's full name, set once the provider has written the template; a repository has one ActionsOIDCSubjectClaim.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="DEFAULT",type="boolean",JSONPath=".status.atProvider.useDefault"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: an OIDC subject claim template cannot move to another repository; create another ActionsOIDCSubjectClaim"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: an OIDC subject claim template cannot move to another repository; create another ActionsOIDCSubjectClaim"
// +kubebuilder:validation:XValidation:rule="has(self.useDefault) != has(self.includeClaimKeys)",message="set exactly one of useDefault: true (GitHub's default subject) and includeClaimKeys (the claims the subject is made of, such as [repo, context])"
type ActionsOIDCSubjectClaimParameters struct {
	RepositoryTarget `json:",inline"`

	// UseDefault, true, makes the subject GitHub's default
	// (repo:<owner>/<repository>:<context>, the context being the
	// environment, the branch or tag, or the pull request). Only true is
	// allowed: the other choice is includeClaimKeys.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self",message="useDefault can only be true: to customize the subject, leave useDefault out and set includeClaimKeys"
	UseDefault *bool `json:"useDefault,omitempty"`

	// IncludeClaimKeys are the claims the subject is made of, in this
	// order, each once: repo, context, job_workflow_ref, environment,
	// repository_owner, actor and the other claims of GitHub's OIDC token.
	// GitHub allows letters, digits and underscores in a claim key.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=32
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=64
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9_]+$`
	// +kubebuilder:validation:XValidation:rule="self.all(k, self.exists_one(j, j == k))",message="list each claim key once"
	IncludeClaimKeys []string `json:"includeClaimKeys,omitempty"`
}

// ActionsOIDCSubjectClaimObservation is the template as GitHub last showed
// it.
type ActionsOIDCSubjectClaimObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Host is the GitHub API host the template was read through
	// (api.github.com, or a GitHub Enterprise Server's): a repository is
	// claimed by one ActionsOIDCSubjectClaim per host.
	Host *string `json:"host,omitempty"`

	// UseDefault is whether the subject is GitHub's default.
	UseDefault *bool `json:"useDefault,omitempty"`

	// IncludeClaimKeys are the claims the subject is made of, in order,
	// when it is not GitHub's default. Neither set nor the default: the
	// repository follows its organization's template.
	// +optional
	IncludeClaimKeys []string `json:"includeClaimKeys,omitempty"`
}
