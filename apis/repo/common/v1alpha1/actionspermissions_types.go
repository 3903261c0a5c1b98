package v1alpha1

// ActionsPermissionsParameters are the declared GitHub Actions permissions
// of one repository: whether Actions runs and which actions may, the access
// of other repositories' workflows, the GITHUB_TOKEN's default permissions,
// artifact and log retention, the approval of pull requests from forks, and
// how their workflows run in a private repository.
// GitHub keeps them at their own endpoints
// (/repos/{owner}/{repo}/actions/permissions and below), each its default
// until someone sets it; a repository has one ActionsPermissions.
//
// A declared field changed on GitHub is put back; a field left unset is
// GitHub's (or the organization's policy's) to keep, and is not read unless
// it shares an endpoint with a declared one. The repository cannot be
// changed once set: create another ActionsPermissions instead. Deleting the
// ActionsPermissions leaves the repository's Actions permissions as they
// are.
// +github:kind=ActionsPermissions
// +github:kind:noun=Actions permissions
// +github:kind:description=Its spec names the repository and the Actions permissions to keep as declared. The external name is the repository's full name, set once the provider has written the declared permissions; a repository has one ActionsPermissions.
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +github:kind:printcolumn:name="ENABLED",type="boolean",JSONPath=".status.atProvider.enabled"
// +github:kind:printcolumn:name="ALLOWED",type="string",JSONPath=".status.atProvider.allowedActions"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: Actions permissions cannot move to another repository; create another ActionsPermissions"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: Actions permissions cannot move to another repository; create another ActionsPermissions"
// +kubebuilder:validation:XValidation:rule="!has(self.selectedActions) || (has(self.allowedActions) && self.allowedActions == 'selected')",message="selectedActions applies only with allowedActions: selected; set allowedActions to selected, or remove selectedActions"
// +kubebuilder:validation:XValidation:rule="!has(self.enabled) || self.enabled || !(has(self.allowedActions) || has(self.shaPinningRequired) || has(self.selectedActions))",message="allowedActions, shaPinningRequired and selectedActions apply only while Actions is enabled: remove them, or set enabled to true"
type ActionsPermissionsParameters struct {
	RepositoryTarget `json:",inline"`

	// Enabled is whether GitHub Actions runs in the repository at all. While
	// it is off, GitHub shows no policy, and allowedActions,
	// shaPinningRequired and selectedActions are not compared.
	// +optional
	Enabled *bool `json:"enabled,omitempty"`

	// AllowedActions is which actions and reusable workflows may run: all of
	// them; local_only, those of the repository's owner (the organization,
	// or the user); or selected, those selectedActions allows besides the
	// owner's.
	// +kubebuilder:validation:Enum=all;local_only;selected
	// +optional
	AllowedActions *string `json:"allowedActions,omitempty"`

	// SHAPinningRequired is whether workflows must pin every action to a
	// full-length commit SHA (uses: owner/action@<40 hex digits>), not a tag
	// or branch.
	// +optional
	SHAPinningRequired *bool `json:"shaPinningRequired,omitempty"`

	// SelectedActions is which actions may run besides the owner's, with
	// allowedActions: selected only.
	// +optional
	SelectedActions *ActionsSelectedActions `json:"selectedActions,omitempty"`

	// AccessLevel is which workflows outside this repository may use its
	// actions and reusable workflows: none, only its own; user, those of
	// the same user's private repositories; organization, those of the
	// organization's private and internal repositories. Private and
	// internal repositories only: GitHub refuses it for a public one (whose
	// actions anyone may use), and the resource then says so.
	// +kubebuilder:validation:Enum=none;user;organization
	// +optional
	AccessLevel *string `json:"accessLevel,omitempty"`

	// DefaultWorkflowPermissions is what the GITHUB_TOKEN of a workflow may
	// do when the workflow does not say: read, the contents and packages
	// only; or write, every scope. An organization's policy may forbid
	// write: GitHub then refuses it, and the resource says so.
	// +kubebuilder:validation:Enum=read;write
	// +optional
	DefaultWorkflowPermissions *string `json:"defaultWorkflowPermissions,omitempty"`

	// CanApprovePullRequestReviews is whether GitHub Actions may create pull
	// requests and submit approving reviews. Enabling it is a security
	// risk: a workflow could approve its own change.
	// +optional
	CanApprovePullRequestReviews *bool `json:"canApprovePullRequestReviews,omitempty"`

	// ArtifactAndLogRetentionDays is how many days GitHub keeps workflow
	// artifacts and logs: 1 to 90 for a public repository, to 400 for a
	// private or internal one (or less, if the organization or enterprise
	// caps it: GitHub then refuses it, and the resource says so).
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=400
	// +optional
	ArtifactAndLogRetentionDays *int64 `json:"artifactAndLogRetentionDays,omitempty"`

	// ForkPullRequestContributorApproval is which pull requests from forks
	// wait for a maintainer's approval before their workflows run:
	// first_time_contributors_new_to_github, those of first-time
	// contributors whose GitHub accounts are new; first_time_contributors,
	// those of every first-time contributor; or all_external_contributors,
	// those of everyone who is not a collaborator.
	// +kubebuilder:validation:Enum=first_time_contributors_new_to_github;first_time_contributors;all_external_contributors
	// +optional
	ForkPullRequestContributorApproval *string `json:"forkPullRequestContributorApproval,omitempty"`

	// PrivateForkPullRequestWorkflows is whether, and with what, the
	// workflows of pull requests from forks run in this repository. Private
	// and internal repositories only: GitHub refuses it for a public one
	// (whose forks' workflows always run), and the resource then says so. An
	// organization's or enterprise's policy may forbid what it allows.
	// +optional
	PrivateForkPullRequestWorkflows *ActionsPrivateForkPullRequestWorkflows `json:"privateForkPullRequestWorkflows,omitempty"`
}

// ActionsPrivateForkPullRequestWorkflows is whether the workflows of pull
// requests from forks run in a private repository, and with what. A field
// left unset is GitHub's to keep; one at least is set.
// +kubebuilder:validation:MinProperties=1
type ActionsPrivateForkPullRequestWorkflows struct {
	// RunWorkflowsFromForkPullRequests is whether the workflows of pull
	// requests from forks run at all.
	// +optional
	RunWorkflowsFromForkPullRequests *bool `json:"runWorkflowsFromForkPullRequests,omitempty"`

	// SendWriteTokensToWorkflows is whether those workflows get a
	// GITHUB_TOKEN that may write, and may create and approve pull
	// requests.
	// +optional
	SendWriteTokensToWorkflows *bool `json:"sendWriteTokensToWorkflows,omitempty"`

	// SendSecretsAndVariables is whether those workflows get the
	// repository's secrets and variables. Enabling it is a security risk:
	// anyone who can fork the repository could read them.
	// +optional
	SendSecretsAndVariables *bool `json:"sendSecretsAndVariables,omitempty"`

	// RequireApprovalForForkPullRequestWorkflows is whether those workflows
	// wait for a repository administrator's approval before they run.
	// +optional
	RequireApprovalForForkPullRequestWorkflows *bool `json:"requireApprovalForForkPullRequestWorkflows,omitempty"`
}

// ActionsSelectedActions is which actions and reusable workflows may run,
// besides the repository owner's, when allowedActions is selected.
type ActionsSelectedActions struct {
	// GitHubOwnedAllowed is whether GitHub's own actions (those of the
	// actions and github organizations) may run.
	// +optional
	GitHubOwnedAllowed *bool `json:"githubOwnedAllowed,omitempty"`

	// VerifiedAllowed is whether the actions of GitHub Marketplace's
	// verified creators may run.
	// +optional
	VerifiedAllowed *bool `json:"verifiedAllowed,omitempty"`

	// PatternsAllowed are the actions and reusable workflows that may run,
	// by patterns such as monalisa/octocat@v2, monalisa/octocat@* or
	// monalisa/*; [] allows none. GitHub applies them to public
	// repositories only. Compared without regard to order.
	// +kubebuilder:validation:MaxItems=1000
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=1024
	// +listType=set
	// +optional
	PatternsAllowed *[]string `json:"patternsAllowed,omitempty"`
}

// ActionsPermissionsObservation is the repository's Actions permissions as
// GitHub has them: those of every endpoint the spec declares a field of,
// and whether Actions runs and which actions may, always.
type ActionsPermissionsObservation struct {
	// Repository is the repository (owner/name), as last targeted.
	Repository *string `json:"repository,omitempty"`

	// Host is the GitHub API host the repository was read through
	// (api.github.com, or a GitHub Enterprise Server's): a repository is
	// claimed by one ActionsPermissions per host.
	Host *string `json:"host,omitempty"`

	// Enabled is whether GitHub Actions runs in the repository.
	Enabled *bool `json:"enabled,omitempty"`

	// AllowedActions is which actions may run: all, local_only or selected;
	// unset while Actions is disabled.
	AllowedActions *string `json:"allowedActions,omitempty"`

	// SHAPinningRequired is whether actions must be pinned to a commit SHA.
	SHAPinningRequired *bool `json:"shaPinningRequired,omitempty"`

	// SelectedActions is which actions may run besides the owner's; read
	// while allowedActions is selected.
	SelectedActions *ActionsSelectedActionsObservation `json:"selectedActions,omitempty"`

	// AccessLevel is which workflows outside the repository may use its
	// actions; read when the spec declares it.
	AccessLevel *string `json:"accessLevel,omitempty"`

	// DefaultWorkflowPermissions is the GITHUB_TOKEN's default permissions,
	// read or write; read when the spec declares it or
	// canApprovePullRequestReviews.
	DefaultWorkflowPermissions *string `json:"defaultWorkflowPermissions,omitempty"`

	// CanApprovePullRequestReviews is whether Actions may approve pull
	// requests; read with defaultWorkflowPermissions.
	CanApprovePullRequestReviews *bool `json:"canApprovePullRequestReviews,omitempty"`

	// ArtifactAndLogRetentionDays is how many days artifacts and logs are
	// kept; read when the spec declares it.
	ArtifactAndLogRetentionDays *int64 `json:"artifactAndLogRetentionDays,omitempty"`

	// MaximumArtifactAndLogRetentionDays is the most days GitHub allows this
	// repository; read with artifactAndLogRetentionDays.
	MaximumArtifactAndLogRetentionDays *int64 `json:"maximumArtifactAndLogRetentionDays,omitempty"`

	// ForkPullRequestContributorApproval is which pull requests from forks
	// wait for approval; read when the spec declares it.
	ForkPullRequestContributorApproval *string `json:"forkPullRequestContributorApproval,omitempty"`

	// PrivateForkPullRequestWorkflows is whether, and with what, the
	// workflows of pull requests from forks run; read when the spec
	// declares it.
	PrivateForkPullRequestWorkflows *ActionsPrivateForkPullRequestWorkflowsObservation `json:"privateForkPullRequestWorkflows,omitempty"`
}

// ActionsPrivateForkPullRequestWorkflowsObservation is how the workflows of
// pull requests from forks run, as GitHub has it.
type ActionsPrivateForkPullRequestWorkflowsObservation struct {
	// RunWorkflowsFromForkPullRequests is whether they run at all.
	RunWorkflowsFromForkPullRequests bool `json:"runWorkflowsFromForkPullRequests"`

	// SendWriteTokensToWorkflows is whether they get a token that may write.
	SendWriteTokensToWorkflows bool `json:"sendWriteTokensToWorkflows"`

	// SendSecretsAndVariables is whether they get the secrets and variables.
	SendSecretsAndVariables bool `json:"sendSecretsAndVariables"`

	// RequireApprovalForForkPullRequestWorkflows is whether they wait for an
	// administrator's approval.
	RequireApprovalForForkPullRequestWorkflows bool `json:"requireApprovalForForkPullRequestWorkflows"`
}

// ActionsSelectedActionsObservation is the selected actions as GitHub has
// them.
type ActionsSelectedActionsObservation struct {
	// GitHubOwnedAllowed is whether GitHub's own actions may run.
	GitHubOwnedAllowed bool `json:"githubOwnedAllowed"`

	// VerifiedAllowed is whether verified creators' actions may run.
	VerifiedAllowed bool `json:"verifiedAllowed"`

	// PatternsAllowed are the patterns of the actions that may run.
	PatternsAllowed []string `json:"patternsAllowed,omitempty"`
}
