package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// EnvironmentParameters are the configurable fields of a repository's
// deployment environment: its protection rules (a wait timer, required
// reviewers) and the branches and tags that may deploy to it.
//
// The spec is the whole environment: a setting left out is off (no wait
// timer, no reviewers, every branch may deploy), and what is changed on
// GitHub is put back, custom branch and tag policies added there included.
// Reviewers are compared as GitHub reports them, by id, login or slug, in
// any order.
//
// The external name is the environment's name. GitHub's create is also
// its update, so an environment that already exists under the name
// (compared without regard to case, as GitHub does) is never taken over by
// a new Environment: set the crossplane.io/external-name annotation to its
// name to manage it. The repository and the name cannot be changed once
// set: create another Environment instead.
// +github:kind=Environment
// +github:kind:noun=deployment environment
// +github:kind:description=Its spec names the repository, the environment, its wait timer, required reviewers and the branches or tags that may deploy to it. The external name is the environment's name; an environment that already exists under it is adopted only when the crossplane.io/external-name annotation is set to that name.
// +github:kind:printcolumn:name="ENVIRONMENT",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: an environment cannot move to another repository; create another Environment"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: an environment cannot move to another repository; create another Environment"
// +kubebuilder:validation:XValidation:rule="!has(self.preventSelfReview) || !self.preventSelfReview || (has(self.reviewers) && size(self.reviewers) > 0)",message="preventSelfReview needs at least one reviewer: GitHub keeps it with the required reviewers"
type EnvironmentParameters struct {
	RepositoryTarget `json:",inline"`

	// Name of the environment: 1 to 255 characters without control
	// characters, unique in the repository (GitHub compares environment
	// names without regard to case). Workflows name it in jobs.<id>.environment.
	// Cannot be changed: GitHub cannot rename an environment.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[^\x00-\x1f\x7f]+$`
	// +kubebuilder:validation:XValidation:rule="self.trim() != ''",message="name cannot be only spaces"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name cannot be changed: GitHub cannot rename an environment; create another Environment"
	Name string `json:"name"`

	// WaitTimer is how many minutes a job that deploys to the environment
	// waits before it starts: 0 (no wait, the default) to 43200 (30 days).
	// +optional
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=43200
	WaitTimer *int64 `json:"waitTimer,omitempty"`

	// PreventSelfReview keeps the user who started a job from approving
	// it. Needs at least one reviewer. Unset: false.
	// +optional
	PreventSelfReview *bool `json:"preventSelfReview,omitempty"`

	// Reviewers are the users and teams who may approve jobs that deploy to
	// the environment: up to six; one approval lets a job go on. Each must
	// have read access to the repository; a team must belong to the
	// organization that owns it. Unset: no approval is needed.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=6
	Reviewers []EnvironmentReviewer `json:"reviewers,omitempty"`

	// DeploymentBranchPolicy limits the branches and tags that may deploy
	// to the environment: to the protected branches, or to the ones custom
	// name patterns match. Unset: every branch may deploy.
	// +optional
	DeploymentBranchPolicy *DeploymentBranchPolicy `json:"deploymentBranchPolicy,omitempty"`

	// CustomProtectionRules are the GitHub Apps that approve or reject the
	// environment's deployments (custom deployment protection rules), each
	// named by its slug or its id: up to six. An app must be installed on
	// the repository and provide deployment protection rules; one that is
	// not is named in the Ready condition, with the apps that are, until it
	// is. When set, the list is the environment's whole: a rule of an app
	// not listed (added on GitHub, say) is removed, and [] removes them
	// all. Unset: the rules are neither read nor changed.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=6
	// +kubebuilder:validation:XValidation:rule="self.all(r, !has(r.appSlug) || self.exists_one(q, has(q.appSlug) && q.appSlug.lowerAscii() == r.appSlug.lowerAscii()))",message="list each app once: appSlug is compared without regard to case"
	// +kubebuilder:validation:XValidation:rule="self.all(r, !has(r.appID) || self.exists_one(q, has(q.appID) && q.appID == r.appID))",message="list each app once"
	CustomProtectionRules *[]CustomProtectionRule `json:"customProtectionRules,omitempty"`
}

// CustomProtectionRule is a GitHub App that decides whether a deployment
// to the environment may go on: set exactly one of appSlug and appID.
// +kubebuilder:validation:XValidation:rule="has(self.appSlug) != has(self.appID)",message="set exactly one of appSlug and appID: the app is named by its slug or by its id"
type CustomProtectionRule struct {
	// AppSlug is the app's slug, as in https://github.com/apps/<slug>:
	// lower case letters, digits and '-', compared without regard to case.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=100
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$`
	AppSlug *string `json:"appSlug,omitempty"`

	// AppID is the app's id (GitHub's integration id).
	// +optional
	// +kubebuilder:validation:Minimum=1
	AppID *int64 `json:"appID,omitempty"`
}

// EnvironmentReviewer is a user or a team who may approve deployments. A
// user is named by id or login; a team by id, slug (teamSlug) or a Team
// resource (teamRef).
// +kubebuilder:validation:XValidation:rule="self.type != 'User' || (has(self.id) ? 1 : 0) + (has(self.login) ? 1 : 0) == 1",message="a User reviewer is named by exactly one of id and login"
// +kubebuilder:validation:XValidation:rule="self.type != 'User' || !(has(self.teamSlug) || has(self.teamRef))",message="teamSlug and teamRef name Team reviewers: set type Team, or name the user by id or login"
// +kubebuilder:validation:XValidation:rule="self.type != 'Team' || (has(self.id) ? 1 : 0) + (has(self.teamSlug) ? 1 : 0) + (has(self.teamRef) ? 1 : 0) == 1",message="a Team reviewer is named by exactly one of id, teamSlug and teamRef"
// +kubebuilder:validation:XValidation:rule="self.type != 'Team' || !has(self.login)",message="login names a User reviewer: set type User, or name the team by id, teamSlug or teamRef"
type EnvironmentReviewer struct {
	// Type of the reviewer: User or Team.
	// +kubebuilder:validation:Enum=User;Team
	Type string `json:"type"`

	// ID is GitHub's id of the user or team.
	// +optional
	// +kubebuilder:validation:Minimum=1
	ID *int64 `json:"id,omitempty"`

	// Login of the user (type User): 1 to 39 letters, digits and hyphens,
	// compared without regard to case.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=39
	// +kubebuilder:validation:Pattern=`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$`
	Login *string `json:"login,omitempty"`

	// TeamSlug is the slug of a team (type Team) of the organization that
	// owns the repository: lower case letters, digits and '-'.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[a-z0-9]+(-[a-z0-9]+)*$`
	TeamSlug *string `json:"teamSlug,omitempty"`

	// TeamRef names a Team resource (type Team) of the same scope: for a
	// namespaced Environment, the Team of that name in its own namespace.
	// The reviewer follows the Team's id as its status reports it; the Team
	// must be Ready before the environment is created or updated.
	// +optional
	TeamRef *xpv2.Reference `json:"teamRef,omitempty"`
}

// DeploymentBranchPolicy limits what may deploy to an environment: set
// exactly one of protectedBranches (true) and customBranchPolicies.
// +kubebuilder:validation:XValidation:rule="(has(self.protectedBranches) && self.protectedBranches) != has(self.customBranchPolicies)",message="set exactly one of protectedBranches: true and customBranchPolicies: GitHub limits deployments to the protected branches or to custom name patterns, not both; leave deploymentBranchPolicy out to let every branch deploy"
type DeploymentBranchPolicy struct {
	// ProtectedBranches, when true, lets only branches that branch
	// protection covers deploy.
	// +optional
	ProtectedBranches *bool `json:"protectedBranches,omitempty"`

	// CustomBranchPolicies are the name patterns of the branches and tags
	// that may deploy. They are kept exactly as declared: a pattern added
	// on GitHub is removed.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:XValidation:rule="self.all(p, self.exists_one(q, q.name == p.name && (has(q.type) ? q.type : 'branch') == (has(p.type) ? p.type : 'branch')))",message="list each pattern (name and type) once"
	CustomBranchPolicies []EnvironmentBranchPolicy `json:"customBranchPolicies,omitempty"`
}

// EnvironmentBranchPolicy is a name pattern of branches or tags that may
// deploy to an environment.
type EnvironmentBranchPolicy struct {
	// Name is the pattern, with fnmatch wildcards that do not match '/':
	// release/* matches release/1 but not release/1/a (use release/*/*).
	// Compared as written: branch and tag names are case-sensitive.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Name string `json:"name"`

	// Type is what the pattern matches: branch (the default) or tag.
	// +optional
	// +kubebuilder:default=branch
	// +kubebuilder:validation:Enum=branch;tag
	Type *string `json:"type,omitempty"`
}

// EnvironmentObservation is the observed state of a deployment environment.
type EnvironmentObservation struct {
	// ID is GitHub's id of the environment.
	ID *int64 `json:"id,omitempty"`

	// NodeID is GitHub's GraphQL id of the environment.
	NodeID *string `json:"nodeId,omitempty"`

	// Name is the environment's name as GitHub spells it.
	Name *string `json:"name,omitempty"`

	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// HTMLURL is the environment's deployments page on GitHub.
	HTMLURL *string `json:"htmlUrl,omitempty"`

	// CreatedAt is when GitHub created the environment.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// UpdatedAt is when the environment last changed on GitHub.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`

	// WaitTimer is the wait timer in minutes; 0 for none.
	WaitTimer *int64 `json:"waitTimer,omitempty"`

	// PreventSelfReview is whether the user who started a job may not
	// approve it.
	PreventSelfReview *bool `json:"preventSelfReview,omitempty"`

	// Reviewers are the users and teams who may approve deployments.
	// +optional
	Reviewers []EnvironmentReviewerObservation `json:"reviewers,omitempty"`

	// DeploymentBranchPolicy is what may deploy: all (every branch),
	// protected (the protected branches) or custom (the branches and tags
	// branchPolicies match).
	DeploymentBranchPolicy *string `json:"deploymentBranchPolicy,omitempty"`

	// BranchPolicies are the custom branch and tag name patterns.
	// +optional
	BranchPolicies []EnvironmentBranchPolicyObservation `json:"branchPolicies,omitempty"`

	// DroppedByGitHub are the reviewer teams of the spec that GitHub left
	// out when the provider last wrote the environment, because they have
	// no access to the repository (GitHub takes the request and keeps the
	// others). They do not count as drift. Give each access to the
	// repository (a TeamRepository can): the provider asks GitHub for them
	// again 30 minutes after it last left them out, and whenever the spec
	// changes.
	// +optional
	DroppedByGitHub *DroppedReviewers `json:"droppedByGitHub,omitempty"`

	// CustomProtectionRules are the environment's custom deployment
	// protection rules, read only when the spec declares
	// customProtectionRules.
	// +optional
	CustomProtectionRules []CustomProtectionRuleObservation `json:"customProtectionRules,omitempty"`
}

// CustomProtectionRuleObservation is a custom deployment protection rule
// as GitHub reports it.
type CustomProtectionRuleObservation struct {
	// ID is GitHub's id of the rule.
	ID int64 `json:"id"`

	// AppID is the id of the app that decides.
	AppID int64 `json:"appID"`

	// AppSlug is the slug of the app that decides.
	AppSlug string `json:"appSlug"`

	// Enabled is whether the rule is enabled.
	Enabled bool `json:"enabled"`
}

// DroppedReviewers are reviewer teams GitHub left out of an environment.
type DroppedReviewers struct {
	// At is when GitHub last left them out.
	At metav1.Time `json:"at"`

	// Teams are the teams, as the spec names them: by slug, by id, or by
	// Team resource.
	Teams []DroppedReviewerTeam `json:"teams"`
}

// DroppedReviewerTeam is a reviewer team GitHub left out.
type DroppedReviewerTeam struct {
	// Slug is the team's slug, when the spec names it by slug.
	// +optional
	Slug *string `json:"slug,omitempty"`

	// ID is the team's id, when the spec names it by id or by Team
	// resource.
	// +optional
	ID *int64 `json:"id,omitempty"`
}

// EnvironmentReviewerObservation is a reviewer as GitHub reports it.
type EnvironmentReviewerObservation struct {
	// Type is User or Team.
	Type string `json:"type"`

	// ID is GitHub's id of the user or team.
	ID int64 `json:"id"`

	// Login is the user's login (type User).
	// +optional
	Login string `json:"login,omitempty"`

	// Slug is the team's slug (type Team).
	// +optional
	Slug string `json:"slug,omitempty"`
}

// EnvironmentBranchPolicyObservation is a custom branch or tag policy as
// GitHub reports it.
type EnvironmentBranchPolicyObservation struct {
	// ID is GitHub's id of the policy.
	ID int64 `json:"id"`

	// Name is the name pattern.
	Name string `json:"name"`

	// Type is branch or tag.
	Type string `json:"type"`
}
