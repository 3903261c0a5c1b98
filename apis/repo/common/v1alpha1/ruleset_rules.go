package v1alpha1

// RulesetRules are a ruleset's rules, one field per rule type GitHub offers
// at repository level: a rule is on when its field is set, to true for a
// rule without settings. Branch and tag rulesets take creation, update,
// deletion, requiredLinearHistory, requiredSignatures, nonFastForward,
// requiredDeployments and the commit patterns; branch rulesets also
// pullRequest, requiredStatusChecks, mergeQueue and branchNamePattern; tag
// rulesets tagNamePattern; push rulesets only filePathRestriction,
// fileExtensionRestriction, maxFilePathLength and maxFileSize.
// +kubebuilder:validation:XValidation:rule="!has(self.updateAllowsFetchAndMerge) || !self.updateAllowsFetchAndMerge || (has(self.update) && self.update)",message="updateAllowsFetchAndMerge is a setting of the update rule: set update: true too"
type RulesetRules struct {
	// Creation: only actors who may bypass the ruleset can create the
	// refs it applies to.
	// +optional
	Creation bool `json:"creation,omitempty"`

	// Update: only actors who may bypass the ruleset can push to the refs
	// it applies to.
	// +optional
	Update bool `json:"update,omitempty"`

	// UpdateAllowsFetchAndMerge lets a branch under the update rule pull
	// changes from its upstream repository (a fork's sync). Only with
	// update: true; defaults to false.
	// +optional
	UpdateAllowsFetchAndMerge bool `json:"updateAllowsFetchAndMerge,omitempty"`

	// Deletion: only actors who may bypass the ruleset can delete the refs
	// it applies to.
	// +optional
	Deletion bool `json:"deletion,omitempty"`

	// RequiredLinearHistory: merge commits cannot be pushed to the refs
	// the ruleset applies to.
	// +optional
	RequiredLinearHistory bool `json:"requiredLinearHistory,omitempty"`

	// RequiredSignatures: commits pushed to the refs the ruleset applies
	// to must have verified signatures.
	// +optional
	RequiredSignatures bool `json:"requiredSignatures,omitempty"`

	// NonFastForward: force pushes to the refs the ruleset applies to are
	// blocked.
	// +optional
	NonFastForward bool `json:"nonFastForward,omitempty"`

	// PullRequest: changes reach the branches only through a pull request
	// that meets these requirements. Branch rulesets only.
	// +optional
	PullRequest *PullRequestRule `json:"pullRequest,omitempty"`

	// RequiredStatusChecks: these status checks must pass before a branch
	// is updated. Branch rulesets only.
	// +optional
	RequiredStatusChecks *RequiredStatusChecksRule `json:"requiredStatusChecks,omitempty"`

	// RequiredDeployments: changes must have been deployed to these
	// environments successfully before they reach the refs.
	// +optional
	RequiredDeployments *RequiredDeploymentsRule `json:"requiredDeployments,omitempty"`

	// MergeQueue: pull requests are merged through a merge queue with
	// these settings. Branch rulesets only.
	// +optional
	MergeQueue *MergeQueueRule `json:"mergeQueue,omitempty"`

	// CommitMessagePattern: commit messages must match this pattern.
	// +optional
	CommitMessagePattern *PatternRule `json:"commitMessagePattern,omitempty"`

	// CommitAuthorEmailPattern: commit authors' email addresses must
	// match this pattern.
	// +optional
	CommitAuthorEmailPattern *PatternRule `json:"commitAuthorEmailPattern,omitempty"`

	// CommitterEmailPattern: committers' email addresses must match this
	// pattern.
	// +optional
	CommitterEmailPattern *PatternRule `json:"committerEmailPattern,omitempty"`

	// BranchNamePattern: the names of the branches must match this
	// pattern. Branch rulesets only.
	// +optional
	BranchNamePattern *PatternRule `json:"branchNamePattern,omitempty"`

	// TagNamePattern: the names of the tags must match this pattern. Tag
	// rulesets only.
	// +optional
	TagNamePattern *PatternRule `json:"tagNamePattern,omitempty"`

	// FilePathRestriction: pushes that change these files or folders are
	// blocked. Push rulesets only.
	// +optional
	FilePathRestriction *FilePathRestrictionRule `json:"filePathRestriction,omitempty"`

	// FileExtensionRestriction: pushes that add files with these
	// extensions are blocked. Push rulesets only.
	// +optional
	FileExtensionRestriction *FileExtensionRestrictionRule `json:"fileExtensionRestriction,omitempty"`

	// MaxFilePathLength: pushes with longer file paths are blocked. Push
	// rulesets only.
	// +optional
	MaxFilePathLength *MaxFilePathLengthRule `json:"maxFilePathLength,omitempty"`

	// MaxFileSize: pushes with larger files are blocked. Push rulesets
	// only.
	// +optional
	MaxFileSize *MaxFileSizeRule `json:"maxFileSize,omitempty"`
}

// PullRequestRule are the requirements of the pull_request rule.
type PullRequestRule struct {
	// RequiredApprovingReviewCount is how many approving reviews a pull
	// request needs, 0 to 10. Defaults to 0.
	// +optional
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=10
	RequiredApprovingReviewCount int32 `json:"requiredApprovingReviewCount,omitempty"`

	// DismissStaleReviewsOnPush dismisses approvals when new commits are
	// pushed. Defaults to false.
	// +optional
	DismissStaleReviewsOnPush bool `json:"dismissStaleReviewsOnPush,omitempty"`

	// RequireCodeOwnerReview requires an approving review from a code
	// owner of the files a pull request changes. Defaults to false.
	// +optional
	RequireCodeOwnerReview bool `json:"requireCodeOwnerReview,omitempty"`

	// RequireLastPushApproval requires the last push to be approved by
	// someone other than who pushed it. Defaults to false.
	// +optional
	RequireLastPushApproval bool `json:"requireLastPushApproval,omitempty"`

	// RequiredReviewThreadResolution requires every review conversation
	// to be resolved before merging. Defaults to false.
	// +optional
	RequiredReviewThreadResolution bool `json:"requiredReviewThreadResolution,omitempty"`

	// AllowedMergeMethods are the ways a pull request may be merged:
	// merge, squash and rebase, in any order. Left out, all three are
	// allowed (GitHub's default).
	// +optional
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=3
	// +kubebuilder:validation:items:Enum=merge;squash;rebase
	AllowedMergeMethods []string `json:"allowedMergeMethods,omitempty"`
}

// RequiredStatusChecksRule are the settings of the required_status_checks
// rule.
type RequiredStatusChecksRule struct {
	// RequiredStatusChecks are the checks that must pass, in any order.
	// +listType=atomic
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.exists_one(b, b.context == a.context && has(b.integrationId) == has(a.integrationId) && (!has(a.integrationId) || b.integrationId == a.integrationId)))",message="list each status check (context and integrationId) once"
	RequiredStatusChecks []RulesetStatusCheck `json:"requiredStatusChecks"`

	// StrictRequiredStatusChecksPolicy requires a pull request's branch to
	// be up to date with the base branch before merging. Defaults to
	// false.
	// +optional
	StrictRequiredStatusChecksPolicy bool `json:"strictRequiredStatusChecksPolicy,omitempty"`

	// DoNotEnforceOnCreate lets a branch be created even when its checks
	// would not pass. Defaults to false.
	// +optional
	DoNotEnforceOnCreate bool `json:"doNotEnforceOnCreate,omitempty"`
}

// RulesetStatusCheck is a status check a ruleset requires to pass.
type RulesetStatusCheck struct {
	// Context is the name of the check, as the commit status or check run
	// reports it (ci/build, test).
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=255
	Context string `json:"context"`

	// IntegrationID is the id of the GitHub App the check must come from.
	// Left out, the check may come from any app.
	// +optional
	// +kubebuilder:validation:Minimum=1
	IntegrationID *int64 `json:"integrationId,omitempty"`
}

// RequiredDeploymentsRule are the settings of the required_deployments rule.
type RequiredDeploymentsRule struct {
	// RequiredDeploymentEnvironments are the names of the environments,
	// compared without regard to case, as GitHub does.
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	RequiredDeploymentEnvironments []string `json:"requiredDeploymentEnvironments"`
}

// MergeQueueRule are the settings of the merge_queue rule; each defaults
// to the value GitHub proposes for a new merge queue.
type MergeQueueRule struct {
	// CheckResponseTimeoutMinutes is how long a required check may take to
	// report, 1 to 360 minutes; a check that has not reported by then
	// fails. Defaults to 60.
	// +optional
	// +kubebuilder:default=60
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=360
	CheckResponseTimeoutMinutes int32 `json:"checkResponseTimeoutMinutes,omitempty"`

	// GroupingStrategy is ALLGREEN (every merge group must pass the
	// required checks) or HEADGREEN (only the head of the group).
	// Defaults to ALLGREEN.
	// +optional
	// +kubebuilder:default=ALLGREEN
	// +kubebuilder:validation:Enum=ALLGREEN;HEADGREEN
	GroupingStrategy string `json:"groupingStrategy,omitempty"`

	// MaxEntriesToBuild is how many queued pull requests are built at the
	// same time, 0 to 100. Defaults to 5.
	// +optional
	// +kubebuilder:default=5
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	MaxEntriesToBuild *int32 `json:"maxEntriesToBuild,omitempty"`

	// MaxEntriesToMerge is how many pull requests are merged together at
	// most, 0 to 100. Defaults to 5.
	// +optional
	// +kubebuilder:default=5
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	MaxEntriesToMerge *int32 `json:"maxEntriesToMerge,omitempty"`

	// MergeMethod is how queued pull requests are merged: MERGE, SQUASH or
	// REBASE. Defaults to MERGE.
	// +optional
	// +kubebuilder:default=MERGE
	// +kubebuilder:validation:Enum=MERGE;SQUASH;REBASE
	MergeMethod string `json:"mergeMethod,omitempty"`

	// MinEntriesToMerge is how many pull requests are merged together at
	// least, 0 to 100. Defaults to 1.
	// +optional
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	MinEntriesToMerge *int32 `json:"minEntriesToMerge,omitempty"`

	// MinEntriesToMergeWaitMinutes is how long the queue waits for
	// minEntriesToMerge pull requests before merging fewer, 0 to 360
	// minutes. Defaults to 5.
	// +optional
	// +kubebuilder:default=5
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=360
	MinEntriesToMergeWaitMinutes *int32 `json:"minEntriesToMergeWaitMinutes,omitempty"`
}

// PatternRule is a pattern that commit messages, email addresses, branch
// names or tag names must match.
type PatternRule struct {
	// Operator is how pattern is matched: starts_with, ends_with, contains
	// or regex (a regular expression GitHub checks when it is applied).
	// +kubebuilder:validation:Enum=starts_with;ends_with;contains;regex
	Operator string `json:"operator"`

	// Pattern is the text or regular expression to match.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=1024
	Pattern string `json:"pattern"`

	// Negate inverts the rule: what matches the pattern is blocked.
	// Defaults to false.
	// +optional
	Negate bool `json:"negate,omitempty"`

	// Name is how the rule appears on GitHub. Left out, GitHub's is kept.
	// +optional
	// +kubebuilder:validation:MaxLength=255
	Name *string `json:"name,omitempty"`
}

// FilePathRestrictionRule are the settings of the file_path_restriction
// rule.
type FilePathRestrictionRule struct {
	// RestrictedFilePaths are the paths of files and folders that pushes
	// may not change, with fnmatch wildcards (secrets/**, *.pem).
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=1024
	RestrictedFilePaths []string `json:"restrictedFilePaths"`
}

// FileExtensionRestrictionRule are the settings of the
// file_extension_restriction rule.
type FileExtensionRestrictionRule struct {
	// RestrictedFileExtensions are the file extensions pushes may not add,
	// such as .exe or *.jar.
	// +listType=set
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=100
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=255
	RestrictedFileExtensions []string `json:"restrictedFileExtensions"`
}

// MaxFilePathLengthRule is the setting of the max_file_path_length rule.
type MaxFilePathLengthRule struct {
	// MaxFilePathLength is the longest file path allowed, 1 to 32767
	// characters.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=32767
	MaxFilePathLength int32 `json:"maxFilePathLength"`
}

// MaxFileSizeRule is the setting of the max_file_size rule.
type MaxFileSizeRule struct {
	// MaxFileSize is the largest file allowed, 1 to 100 megabytes (Git
	// LFS files are not counted).
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=100
	MaxFileSize int32 `json:"maxFileSize"`
}
