package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RulesetParameters are the configurable fields of a repository ruleset:
// the rules GitHub applies to a repository's branches, tags or pushes, who
// may bypass them, and whether they are enforced.
//
// The spec is the whole ruleset: whatever is changed on GitHub (the name,
// the enforcement, a rule, a bypass actor, the refs it applies to) is put
// back, and what the spec leaves out is cleared. Values GitHub fills in
// when they are left out (the merge methods of pullRequest, say) count as
// equal to leaving them out, lists GitHub may reorder are compared as sets,
// and rule types or rule parameters this kind does not model (workflows,
// code_scanning, required reviewers, ...) are kept as GitHub has them and
// named in status.atProvider.keptRules and keptParameters.
//
// GitHub assigns a ruleset its id, which becomes the external name. Names
// are unique per repository: a ruleset that already has this name is never
// taken over, unless the crossplane.io/external-name annotation is set to
// its id. The repository cannot be changed once set: create another
// Ruleset instead.
// +github:kind=Ruleset
// +github:kind:noun=repository ruleset
// +github:kind:description=Its spec names the repository, the refs the ruleset applies to (branches, tags, or every push), its rules and who may bypass them. The external name is the ruleset's id, which GitHub assigns; a ruleset that already exists under the same name is adopted only when the crossplane.io/external-name annotation is set to its id.
// +github:kind:printcolumn:name="RULESET",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="TARGET",type="string",JSONPath=".spec.forProvider.target"
// +github:kind:printcolumn:name="ENFORCEMENT",type="string",JSONPath=".spec.forProvider.enforcement"
// +github:kind:printcolumn:name="REPOSITORY",type="string",JSONPath=".status.atProvider.repository"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repository) || (has(self.repository) && self.repository == oldSelf.repository && has(self.owner) == has(oldSelf.owner) && (!has(self.owner) || self.owner == oldSelf.owner))",message="repository and owner cannot be changed: a ruleset cannot move to another repository; create another Ruleset"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.repositoryRef) || (has(self.repositoryRef) && self.repositoryRef.name == oldSelf.repositoryRef.name)",message="repositoryRef cannot be changed once set: a ruleset cannot move to another repository; create another Ruleset"
// +kubebuilder:validation:XValidation:rule="self.target != 'push' || !has(self.rules) || !((has(self.rules.creation) && self.rules.creation) || (has(self.rules.update) && self.rules.update) || (has(self.rules.deletion) && self.rules.deletion) || (has(self.rules.requiredLinearHistory) && self.rules.requiredLinearHistory) || (has(self.rules.requiredSignatures) && self.rules.requiredSignatures) || (has(self.rules.nonFastForward) && self.rules.nonFastForward) || has(self.rules.pullRequest) || has(self.rules.requiredStatusChecks) || has(self.rules.requiredDeployments) || has(self.rules.mergeQueue) || has(self.rules.commitMessagePattern) || has(self.rules.commitAuthorEmailPattern) || has(self.rules.committerEmailPattern) || has(self.rules.branchNamePattern) || has(self.rules.tagNamePattern))",message="a push ruleset takes only the rules filePathRestriction, fileExtensionRestriction, maxFilePathLength and maxFileSize; the others are for branch and tag rulesets"
// +kubebuilder:validation:XValidation:rule="self.target == 'push' || !has(self.rules) || !(has(self.rules.filePathRestriction) || has(self.rules.fileExtensionRestriction) || has(self.rules.maxFilePathLength) || has(self.rules.maxFileSize))",message="filePathRestriction, fileExtensionRestriction, maxFilePathLength and maxFileSize are rules of push rulesets: put them in a Ruleset with target push"
// +kubebuilder:validation:XValidation:rule="self.target != 'tag' || !has(self.rules) || !(has(self.rules.pullRequest) || has(self.rules.requiredStatusChecks) || has(self.rules.mergeQueue) || has(self.rules.branchNamePattern))",message="pullRequest, requiredStatusChecks, mergeQueue and branchNamePattern are rules of branch rulesets; a tag ruleset cannot have them"
// +kubebuilder:validation:XValidation:rule="self.target != 'branch' || !has(self.rules) || !has(self.rules.tagNamePattern)",message="tagNamePattern is a rule of tag rulesets; a branch ruleset restricts names with branchNamePattern"
// +kubebuilder:validation:XValidation:rule="self.target != 'push' || !has(self.conditions)",message="a push ruleset applies to every push to the repository: leave conditions out"
// +kubebuilder:validation:XValidation:rule="self.target != 'branch' || !has(self.conditions) || ((has(self.conditions.refName.include) ? self.conditions.refName.include : []) + (has(self.conditions.refName.exclude) ? self.conditions.refName.exclude : [])).all(p, p == '~DEFAULT_BRANCH' || p == '~ALL' || (p.startsWith('refs/heads/') && size(p) > 11))",message="the refName patterns of a branch ruleset are ~DEFAULT_BRANCH, ~ALL, or a branch name or pattern starting with refs/heads/ (refs/heads/main, refs/heads/release/**)"
// +kubebuilder:validation:XValidation:rule="self.target != 'tag' || !has(self.conditions) || ((has(self.conditions.refName.include) ? self.conditions.refName.include : []) + (has(self.conditions.refName.exclude) ? self.conditions.refName.exclude : [])).all(p, p == '~ALL' || (p.startsWith('refs/tags/') && size(p) > 10))",message="the refName patterns of a tag ruleset are ~ALL, or a tag name or pattern starting with refs/tags/ (refs/tags/v*)"
// +kubebuilder:validation:XValidation:rule="self.target == 'branch' || !has(self.bypassActors) || self.bypassActors.all(a, !has(a.bypassMode) || a.bypassMode != 'pull_request')",message="bypassMode pull_request is only for branch rulesets: use always or exempt"
type RulesetParameters struct {
	RepositoryTarget `json:",inline"`

	// Name of the ruleset, unique in the repository (GitHub compares names
	// without regard to case). Renaming it on GitHub is undone.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:XValidation:rule="self == self.trim()",message="name cannot start or end with spaces: GitHub trims them"
	Name string `json:"name"`

	// Target is what the ruleset applies to: branch (the branches that
	// conditions.refName names), tag (the tags it names) or push (every
	// push to the repository, for the file rules filePathRestriction,
	// fileExtensionRestriction, maxFilePathLength and maxFileSize; GitHub
	// offers push rulesets for private and internal repositories).
	// Defaults to branch.
	// +optional
	// +kubebuilder:default=branch
	// +kubebuilder:validation:Enum=branch;tag;push
	Target string `json:"target,omitempty"`

	// Enforcement is active (the rules are enforced), evaluate (GitHub
	// only reports what the rules would have blocked, on GitHub Enterprise)
	// or disabled. Defaults to active.
	// +optional
	// +kubebuilder:default=active
	// +kubebuilder:validation:Enum=disabled;active;evaluate
	Enforcement string `json:"enforcement,omitempty"`

	// BypassActors may bypass the ruleset. Each actor is listed once;
	// GitHub's order does not matter. GitHub shows bypass actors to
	// repository admins only: with credentials that are not, they are not
	// compared.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.exists_one(b, b.actorType == a.actorType && has(b.actorId) == has(a.actorId) && (!has(a.actorId) || b.actorId == a.actorId)))",message="list each bypass actor (actorType and actorId) once"
	BypassActors []RulesetBypassActor `json:"bypassActors,omitempty"`

	// Conditions choose the branches or tags a branch or tag ruleset
	// applies to. Without them the ruleset applies to none. A push ruleset
	// has none: it applies to every push.
	// +optional
	Conditions *RulesetConditions `json:"conditions,omitempty"`

	// Rules are the rules of the ruleset, one field per rule type: a rule
	// is on when its field is set (true, for a rule without settings).
	// Which rules a ruleset can have depends on its target (see each rule).
	// +optional
	Rules *RulesetRules `json:"rules,omitempty"`
}

// RulesetBypassActor is an actor that may bypass a ruleset.
// +kubebuilder:validation:XValidation:rule="!(self.actorType in ['OrganizationAdmin', 'DeployKey']) || !has(self.actorId)",message="leave actorId out for OrganizationAdmin and DeployKey actors: they stand for every organization admin and every deploy key"
// +kubebuilder:validation:XValidation:rule="self.actorType in ['OrganizationAdmin', 'DeployKey'] || has(self.actorId)",message="actorId is required for Integration (the GitHub App's id), RepositoryRole (2 maintain, 4 write, 5 admin, or a custom role's id), Team (the team's id) and User (the user's id) actors"
// +kubebuilder:validation:XValidation:rule="self.actorType != 'DeployKey' || !has(self.bypassMode) || self.bypassMode != 'pull_request'",message="bypassMode pull_request is not available for DeployKey actors: use always"
type RulesetBypassActor struct {
	// ActorType is the kind of actor: Integration (a GitHub App),
	// OrganizationAdmin (every admin of the organization that owns the
	// repository), RepositoryRole (everyone with a repository role),
	// Team, DeployKey (every deploy key of the repository) or User.
	// +kubebuilder:validation:Enum=Integration;OrganizationAdmin;RepositoryRole;Team;DeployKey;User
	ActorType string `json:"actorType"`

	// ActorID is GitHub's id of the actor: of the GitHub App for
	// Integration, of the role for RepositoryRole (2 maintain, 4 write,
	// 5 admin, or a custom role's id), of the team for Team, of the user
	// for User. Left out for OrganizationAdmin and DeployKey.
	// +optional
	// +kubebuilder:validation:Minimum=1
	ActorID *int64 `json:"actorId,omitempty"`

	// BypassMode is when the actor may bypass the rules: always,
	// pull_request (only through a pull request; branch rulesets only, not
	// for DeployKey) or exempt (the rules do not apply to the actor, and
	// no bypass is recorded). Defaults to always.
	// +optional
	// +kubebuilder:default=always
	// +kubebuilder:validation:Enum=always;pull_request;exempt
	BypassMode string `json:"bypassMode,omitempty"`
}

// RulesetConditions choose the refs a ruleset applies to.
type RulesetConditions struct {
	// RefName chooses branches (of a branch ruleset) or tags (of a tag
	// ruleset) by name.
	RefName RulesetRefName `json:"refName"`
}

// RulesetRefName chooses refs by name: a ref is covered when an include
// pattern matches it and no exclude pattern does. Patterns are full ref
// names with fnmatch wildcards (* within a path segment, ** across, ?,
// [...]): refs/heads/main, refs/heads/release/** or refs/tags/v*; and
// ~DEFAULT_BRANCH (the default branch, for a branch ruleset) or ~ALL.
// Their order does not matter.
type RulesetRefName struct {
	// Include are the patterns of the refs the ruleset applies to.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=1024
	Include []string `json:"include,omitempty"`

	// Exclude are the patterns of refs the ruleset does not apply to,
	// even when an include pattern matches them.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=1024
	Exclude []string `json:"exclude,omitempty"`
}

// RulesetObservation is the observed state of a repository ruleset.
type RulesetObservation struct {
	// ID is GitHub's id of the ruleset; it is the external name.
	ID *int64 `json:"id,omitempty"`

	// NodeID is GitHub's GraphQL id of the ruleset.
	NodeID *string `json:"nodeId,omitempty"`

	// Repository is the full name (owner/name) of the repository, as last
	// targeted.
	Repository *string `json:"repository,omitempty"`

	// HTMLURL is the ruleset's page on GitHub.
	HTMLURL *string `json:"htmlUrl,omitempty"`

	// CreatedAt is when GitHub created the ruleset.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// UpdatedAt is when the ruleset last changed on GitHub.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`

	// CurrentUserCanBypass is how the provider's credentials may bypass
	// the ruleset, as GitHub says: always, pull_requests_only, exempt or
	// never.
	CurrentUserCanBypass *string `json:"currentUserCanBypass,omitempty"`

	// RuleTypes are the types of the ruleset's rules, in GitHub's words
	// and order (pull_request, required_status_checks, ...).
	// +optional
	RuleTypes []string `json:"ruleTypes,omitempty"`

	// KeptRules are the types of rules the ruleset has on GitHub that this
	// kind does not model (workflows, code_scanning, ...). They are kept
	// as they are when the provider updates the ruleset; change them on
	// GitHub.
	// +optional
	KeptRules []string `json:"keptRules,omitempty"`

	// KeptParameters are the parameters of the spec's rules that GitHub
	// has and the spec does not set, as rule.parameter
	// (pull_request.required_reviewers, commit_message_pattern.name). They
	// are kept as they are when the provider updates the ruleset.
	// +optional
	KeptParameters []string `json:"keptParameters,omitempty"`
}
