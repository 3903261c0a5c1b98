package v1alpha1

import (
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// OrganizationRulesetParameters are the configurable fields of an
// organization's ruleset: the rules GitHub applies to the branches, tags
// or pushes of the organization's repositories that its conditions choose,
// who may bypass them, and whether they are enforced.
//
// It has everything a repository's Ruleset has (the same rules, ref
// conditions and enforcement), plus the repositories it covers: by name
// pattern (repositoryName), by repository (repositoryId: names, Repository
// resources or a selector of them, sent to GitHub as ids, so a rename on
// either side keeps them), or by custom property values
// (repositoryProperty). Exactly one of the three, as GitHub requires.
//
// The spec is the whole ruleset: whatever is changed on GitHub is put
// back, and what the spec leaves out is cleared. Values GitHub fills in
// when they are left out count as equal to leaving them out, lists GitHub
// may reorder are compared as sets, and rule types or parameters this kind
// does not model are kept as GitHub has them and named in
// status.atProvider.keptRules and keptParameters.
//
// GitHub assigns a ruleset its id, which becomes the external name. Names
// are unique per organization: a ruleset that already has this name is
// never taken over, unless the crossplane.io/external-name annotation is
// set to its id. The organization cannot be changed once set: create
// another OrganizationRuleset instead.
// +github:kind=OrganizationRuleset
// +github:kind:noun=organization ruleset
// +github:kind:description=Its spec names the organization, the repositories the ruleset covers (by name pattern, by repository or by custom property), the refs it applies to, its rules and who may bypass them. The external name is the ruleset's id, which GitHub assigns; a ruleset that already exists under the same name is adopted only when the crossplane.io/external-name annotation is set to its id.
// +github:kind:printcolumn:name="RULESET",type="string",JSONPath=".spec.forProvider.name"
// +github:kind:printcolumn:name="TARGET",type="string",JSONPath=".spec.forProvider.target"
// +github:kind:printcolumn:name="ENFORCEMENT",type="string",JSONPath=".spec.forProvider.enforcement"
// +github:kind:printcolumn:name="ORGANIZATION",type="string",JSONPath=".status.atProvider.organization"
// +kubebuilder:validation:XValidation:rule="self.target != 'push' || !has(self.rules) || !((has(self.rules.creation) && self.rules.creation) || (has(self.rules.update) && self.rules.update) || (has(self.rules.deletion) && self.rules.deletion) || (has(self.rules.requiredLinearHistory) && self.rules.requiredLinearHistory) || (has(self.rules.requiredSignatures) && self.rules.requiredSignatures) || (has(self.rules.nonFastForward) && self.rules.nonFastForward) || has(self.rules.pullRequest) || has(self.rules.requiredStatusChecks) || has(self.rules.requiredDeployments) || has(self.rules.mergeQueue) || has(self.rules.commitMessagePattern) || has(self.rules.commitAuthorEmailPattern) || has(self.rules.committerEmailPattern) || has(self.rules.branchNamePattern) || has(self.rules.tagNamePattern))",message="a push ruleset takes only the rules filePathRestriction, fileExtensionRestriction, maxFilePathLength and maxFileSize; the others are for branch and tag rulesets"
// +kubebuilder:validation:XValidation:rule="self.target == 'push' || !has(self.rules) || !(has(self.rules.filePathRestriction) || has(self.rules.fileExtensionRestriction) || has(self.rules.maxFilePathLength) || has(self.rules.maxFileSize))",message="filePathRestriction, fileExtensionRestriction, maxFilePathLength and maxFileSize are rules of push rulesets: put them in an OrganizationRuleset with target push"
// +kubebuilder:validation:XValidation:rule="self.target != 'tag' || !has(self.rules) || !(has(self.rules.pullRequest) || has(self.rules.requiredStatusChecks) || has(self.rules.mergeQueue) || has(self.rules.branchNamePattern))",message="pullRequest, requiredStatusChecks, mergeQueue and branchNamePattern are rules of branch rulesets; a tag ruleset cannot have them"
// +kubebuilder:validation:XValidation:rule="self.target != 'branch' || !has(self.rules) || !has(self.rules.tagNamePattern)",message="tagNamePattern is a rule of tag rulesets; a branch ruleset restricts names with branchNamePattern"
// +kubebuilder:validation:XValidation:rule="self.target == 'push' || has(self.conditions.refName)",message="a branch or tag ruleset needs conditions.refName: the branches or tags it applies to in the repositories it covers (~DEFAULT_BRANCH, ~ALL, refs/heads/main, refs/tags/v*)"
// +kubebuilder:validation:XValidation:rule="self.target != 'push' || !has(self.conditions.refName)",message="a push ruleset applies to every push to the repositories it covers: leave conditions.refName out"
// +kubebuilder:validation:XValidation:rule="self.target != 'branch' || !has(self.conditions.refName) || ((has(self.conditions.refName.include) ? self.conditions.refName.include : []) + (has(self.conditions.refName.exclude) ? self.conditions.refName.exclude : [])).all(p, p == '~DEFAULT_BRANCH' || p == '~ALL' || (p.startsWith('refs/heads/') && size(p) > 11))",message="the refName patterns of a branch ruleset are ~DEFAULT_BRANCH, ~ALL, or a branch name or pattern starting with refs/heads/ (refs/heads/main, refs/heads/release/**)"
// +kubebuilder:validation:XValidation:rule="self.target != 'tag' || !has(self.conditions.refName) || ((has(self.conditions.refName.include) ? self.conditions.refName.include : []) + (has(self.conditions.refName.exclude) ? self.conditions.refName.exclude : [])).all(p, p == '~ALL' || (p.startsWith('refs/tags/') && size(p) > 10))",message="the refName patterns of a tag ruleset are ~ALL, or a tag name or pattern starting with refs/tags/ (refs/tags/v*)"
// +kubebuilder:validation:XValidation:rule="self.target == 'branch' || !has(self.bypassActors) || self.bypassActors.all(a, !has(a.bypassMode) || a.bypassMode != 'pull_request')",message="bypassMode pull_request is only for branch rulesets: use always or exempt"
type OrganizationRulesetParameters struct {
	OrganizationTarget `json:",inline"`

	// Name of the ruleset, unique in the organization (GitHub compares
	// names without regard to case). Renaming it on GitHub is undone.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:XValidation:rule="self == self.trim()",message="name cannot start or end with spaces: GitHub trims them"
	Name string `json:"name"`

	// Target is what the ruleset applies to in the repositories it covers:
	// branch (the branches that conditions.refName names), tag (the tags
	// it names) or push (every push, for the file rules
	// filePathRestriction, fileExtensionRestriction, maxFilePathLength and
	// maxFileSize). Defaults to branch.
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
	// GitHub's order does not matter. A team may be named by id, by slug
	// or by a Team resource; the others by GitHub's id (none for
	// OrganizationAdmin and DeployKey).
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=100
	BypassActors []OrganizationRulesetBypassActor `json:"bypassActors,omitempty"`

	// Conditions choose the repositories the ruleset covers and, for a
	// branch or tag ruleset, the branches or tags in them.
	Conditions OrganizationRulesetConditions `json:"conditions"`

	// Rules are the rules of the ruleset, one field per rule type, as a
	// Ruleset's: a rule is on when its field is set (true, for a rule
	// without settings). Which rules a ruleset can have depends on its
	// target (see each rule).
	// +optional
	Rules *repocommon.RulesetRules `json:"rules,omitempty"`
}

// OrganizationRulesetBypassActor is an actor that may bypass an
// organization's ruleset.
// +kubebuilder:validation:XValidation:rule="!(self.actorType in ['OrganizationAdmin', 'DeployKey']) || !(has(self.actorId) || has(self.teamSlug) || has(self.teamRef))",message="leave actorId, teamSlug and teamRef out for OrganizationAdmin and DeployKey actors: they stand for every organization admin and every deploy key"
// +kubebuilder:validation:XValidation:rule="self.actorType != 'Team' || (has(self.actorId) ? 1 : 0) + (has(self.teamSlug) ? 1 : 0) + (has(self.teamRef) ? 1 : 0) == 1",message="a Team actor is named by exactly one of actorId, teamSlug and teamRef"
// +kubebuilder:validation:XValidation:rule="self.actorType == 'Team' || !(has(self.teamSlug) || has(self.teamRef))",message="teamSlug and teamRef name Team actors: set actorType Team, or name the actor by actorId"
// +kubebuilder:validation:XValidation:rule="!(self.actorType in ['Integration', 'RepositoryRole', 'User']) || has(self.actorId)",message="actorId is required for Integration (the GitHub App's id), RepositoryRole (2 maintain, 4 write, 5 admin, or a custom role's id) and User (the user's id) actors"
// +kubebuilder:validation:XValidation:rule="self.actorType != 'DeployKey' || !has(self.bypassMode) || self.bypassMode != 'pull_request'",message="bypassMode pull_request is not available for DeployKey actors: use always"
type OrganizationRulesetBypassActor struct {
	// ActorType is the kind of actor: Integration (a GitHub App),
	// OrganizationAdmin (every admin of the organization), RepositoryRole
	// (everyone with a role in the repository), Team, DeployKey (every
	// deploy key of the repository) or User.
	// +kubebuilder:validation:Enum=Integration;OrganizationAdmin;RepositoryRole;Team;DeployKey;User
	ActorType string `json:"actorType"`

	// ActorID is GitHub's id of the actor: of the GitHub App for
	// Integration, of the role for RepositoryRole (2 maintain, 4 write,
	// 5 admin, or a custom role's id), of the team for Team (or name it
	// with teamSlug or teamRef), of the user for User. Left out for
	// OrganizationAdmin and DeployKey.
	// +optional
	// +kubebuilder:validation:Minimum=1
	ActorID *int64 `json:"actorId,omitempty"`

	// TeamSlug names a Team actor by the slug of a team of the
	// organization; it is looked up on GitHub (a conditional read, free
	// while it is unchanged), and an unknown slug is a condition that
	// names it.
	// +optional
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	// +kubebuilder:validation:Pattern=`^[a-z0-9]+(-[a-z0-9]+)*$`
	TeamSlug *string `json:"teamSlug,omitempty"`

	// TeamRef names a Team actor by a Team resource of the same scope
	// (and namespace): its id, as its status reports it, so a rename on
	// either side keeps it. One not created on GitHub yet is waited for.
	// +optional
	TeamRef *xpv2.Reference `json:"teamRef,omitempty"`

	// BypassMode is when the actor may bypass the rules: always,
	// pull_request (only through a pull request; branch rulesets only, not
	// for DeployKey) or exempt (the rules do not apply to the actor, and
	// no bypass is recorded). Defaults to always.
	// +optional
	// +kubebuilder:default=always
	// +kubebuilder:validation:Enum=always;pull_request;exempt
	BypassMode string `json:"bypassMode,omitempty"`
}

// OrganizationRulesetConditions choose the repositories an organization's
// ruleset covers, with exactly one of repositoryName, repositoryId and
// repositoryProperty, and for a branch or tag ruleset the refs in them,
// with refName.
// +kubebuilder:validation:XValidation:rule="(has(self.repositoryName) ? 1 : 0) + (has(self.repositoryId) ? 1 : 0) + (has(self.repositoryProperty) ? 1 : 0) == 1",message="set exactly one of conditions.repositoryName, repositoryId and repositoryProperty: GitHub chooses a ruleset's repositories one way"
type OrganizationRulesetConditions struct {
	// RefName chooses branches (of a branch ruleset) or tags (of a tag
	// ruleset) by name in each repository covered, as a Ruleset's does.
	// Required for branch and tag rulesets; left out for push rulesets.
	// +optional
	RefName *repocommon.RulesetRefName `json:"refName,omitempty"`

	// RepositoryName covers the repositories whose names match.
	// +optional
	RepositoryName *RulesetRepositoryName `json:"repositoryName,omitempty"`

	// RepositoryID covers the repositories it names, sent to GitHub as
	// their ids.
	// +optional
	RepositoryID *RulesetRepositoryID `json:"repositoryId,omitempty"`

	// RepositoryProperty covers the repositories by the values of their
	// custom properties.
	// +optional
	RepositoryProperty *RulesetRepositoryProperty `json:"repositoryProperty,omitempty"`
}

// RulesetRepositoryName covers repositories by name: a repository is
// covered when an include pattern matches its name and no exclude pattern
// does. Patterns are repository names with fnmatch wildcards (*, ?,
// [...]), compared without regard to case, or ~ALL. Their order does not
// matter.
type RulesetRepositoryName struct {
	// Include are the patterns of the repositories covered.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	Include []string `json:"include,omitempty"`

	// Exclude are the patterns of repositories not covered, even when an
	// include pattern matches them.
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	Exclude []string `json:"exclude,omitempty"`

	// Protected keeps the covered repositories from being renamed while
	// the ruleset is active. Defaults to false.
	// +optional
	Protected bool `json:"protected,omitempty"`
}

// RulesetRepositoryID covers the repositories it names, by name, by
// reference and by selector together (at least one); GitHub keeps their
// ids. An unknown name or a reference to a resource that does not exist
// is a condition that names it.
// +kubebuilder:validation:XValidation:rule="has(self.repositories) || has(self.repositoryRefs) || has(self.repositorySelector)",message="name the repositories with repositories, repositoryRefs or repositorySelector"
type RulesetRepositoryID struct {
	// Repositories are repositories of the organization, by name. Each is
	// looked up on GitHub (a conditional read, free while it is
	// unchanged).
	// +optional
	// +listType=set
	// +kubebuilder:validation:MaxItems=1000
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=100
	// +kubebuilder:validation:items:Pattern=`^[A-Za-z0-9._-]+$`
	Repositories []string `json:"repositories,omitempty"`

	// RepositoryRefs are Repository resources of this resource's scope
	// (and namespace). Each follows its Repository resource, renames
	// included; one not created on GitHub yet is waited for.
	// +optional
	// +kubebuilder:validation:MaxItems=1000
	RepositoryRefs []xpv2.Reference `json:"repositoryRefs,omitempty"`

	// RepositorySelector chooses Repository resources of this resource's
	// scope (and namespace) by their labels. It is evaluated on every
	// reconcile, so a Repository labelled later joins; those not created
	// on GitHub yet are left out until they are.
	// +optional
	RepositorySelector *xpv2.Selector `json:"repositorySelector,omitempty"`
}

// RulesetRepositoryProperty covers repositories by their custom property
// values: a repository is covered when it matches every include spec and
// no exclude spec.
// +kubebuilder:validation:XValidation:rule="has(self.include) || has(self.exclude)",message="name at least one property in include or exclude"
type RulesetRepositoryProperty struct {
	// Include are the properties and values a covered repository has.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=100
	Include []RulesetPropertyTarget `json:"include,omitempty"`

	// Exclude are the properties and values a covered repository does not
	// have.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=100
	Exclude []RulesetPropertyTarget `json:"exclude,omitempty"`
}

// RulesetPropertyTarget is a property and the values that match it.
type RulesetPropertyTarget struct {
	// Name of the property: one of the organization's custom properties
	// (see CustomProperty), or a system property (source system: fork or
	// visibility).
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=75
	Name string `json:"name"`

	// PropertyValues match when the repository's value of the property is
	// one of them, compared without regard to case. Their order does not
	// matter.
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=200
	// +kubebuilder:validation:items:MaxLength=75
	PropertyValues []string `json:"propertyValues"`

	// Source is custom (an organization's custom property) or system (a
	// property GitHub keeps of every repository). Defaults to custom.
	// +optional
	// +kubebuilder:default=custom
	// +kubebuilder:validation:Enum=custom;system
	Source string `json:"source,omitempty"`
}

// OrganizationRulesetObservation is the observed state of an
// organization's ruleset.
type OrganizationRulesetObservation struct {
	// ID is GitHub's id of the ruleset; it is the external name.
	ID *int64 `json:"id,omitempty"`

	// NodeID is GitHub's GraphQL id of the ruleset.
	NodeID *string `json:"nodeId,omitempty"`

	// Organization is the organization (its login), as last targeted.
	Organization *string `json:"organization,omitempty"`

	// HTMLURL is the ruleset's page on GitHub.
	HTMLURL *string `json:"htmlUrl,omitempty"`

	// CreatedAt is when GitHub created the ruleset.
	CreatedAt *metav1.Time `json:"createdAt,omitempty"`

	// UpdatedAt is when the ruleset last changed on GitHub.
	UpdatedAt *metav1.Time `json:"updatedAt,omitempty"`

	// RepositoryIDs are the GitHub ids of the repositories the
	// repositoryId condition names, as GitHub has them.
	// +optional
	RepositoryIDs []int64 `json:"repositoryIds,omitempty"`

	// BypassActors are the bypass actors as GitHub has them, as
	// type/id (Team/42, OrganizationAdmin/): teams named by slug or
	// reference, resolved.
	// +optional
	BypassActors []string `json:"bypassActors,omitempty"`

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
	// has and the spec does not set, as rule.parameter. They are kept as
	// they are when the provider updates the ruleset.
	// +optional
	KeptParameters []string `json:"keptParameters,omitempty"`
}
