package github

// The parameters of the repository rule types the provider manages, as
// GitHub's REST API spells them. A RulesetRule carries them as raw JSON;
// these are what it decodes into.

// Rule types, in GitHub's words.
const (
	RuleCreation                 = "creation"
	RuleUpdate                   = "update"
	RuleDeletion                 = "deletion"
	RuleRequiredLinearHistory    = "required_linear_history"
	RuleRequiredSignatures       = "required_signatures"
	RuleNonFastForward           = "non_fast_forward"
	RulePullRequest              = "pull_request"
	RuleRequiredStatusChecks     = "required_status_checks"
	RuleRequiredDeployments      = "required_deployments"
	RuleMergeQueue               = "merge_queue"
	RuleCommitMessagePattern     = "commit_message_pattern"
	RuleCommitAuthorEmailPattern = "commit_author_email_pattern"
	RuleCommitterEmailPattern    = "committer_email_pattern"
	RuleBranchNamePattern        = "branch_name_pattern"
	RuleTagNamePattern           = "tag_name_pattern"
	RuleFilePathRestriction      = "file_path_restriction"
	RuleFileExtensionRestriction = "file_extension_restriction"
	RuleMaxFilePathLength        = "max_file_path_length"
	RuleMaxFileSize              = "max_file_size"
)

// NoParameters are the parameters of a rule that has none.
type NoParameters struct{}

// UpdateParameters are the parameters of an update rule.
type UpdateParameters struct {
	UpdateAllowsFetchAndMerge bool `json:"update_allows_fetch_and_merge"`
}

// PullRequestParameters are the parameters of a pull_request rule. GitHub
// fills in all three merge methods when none are sent.
type PullRequestParameters struct {
	AllowedMergeMethods            []string `json:"allowed_merge_methods,omitempty"`
	DismissStaleReviewsOnPush      bool     `json:"dismiss_stale_reviews_on_push"`
	RequireCodeOwnerReview         bool     `json:"require_code_owner_review"`
	RequireLastPushApproval        bool     `json:"require_last_push_approval"`
	RequiredApprovingReviewCount   int      `json:"required_approving_review_count"`
	RequiredReviewThreadResolution bool     `json:"required_review_thread_resolution"`
}

// RequiredStatusChecksParameters are the parameters of a
// required_status_checks rule.
type RequiredStatusChecksParameters struct {
	DoNotEnforceOnCreate             bool                 `json:"do_not_enforce_on_create"`
	RequiredStatusChecks             []RulesetStatusCheck `json:"required_status_checks"`
	StrictRequiredStatusChecksPolicy bool                 `json:"strict_required_status_checks_policy"`
}

// RulesetStatusCheck is a ruleset's required status check: its context, and the GitHub App
// it must come from (nil: any).
type RulesetStatusCheck struct {
	Context       string `json:"context"`
	IntegrationID *int64 `json:"integration_id,omitempty"`
}

// RequiredDeploymentsParameters are the parameters of a
// required_deployments rule.
type RequiredDeploymentsParameters struct {
	RequiredDeploymentEnvironments []string `json:"required_deployment_environments"`
}

// MergeQueueParameters are the parameters of a merge_queue rule; GitHub
// requires them all.
type MergeQueueParameters struct {
	CheckResponseTimeoutMinutes  int    `json:"check_response_timeout_minutes"`
	GroupingStrategy             string `json:"grouping_strategy"`
	MaxEntriesToBuild            int    `json:"max_entries_to_build"`
	MaxEntriesToMerge            int    `json:"max_entries_to_merge"`
	MergeMethod                  string `json:"merge_method"`
	MinEntriesToMerge            int    `json:"min_entries_to_merge"`
	MinEntriesToMergeWaitMinutes int    `json:"min_entries_to_merge_wait_minutes"`
}

// PatternParameters are the parameters of the commit message, author
// email, committer email, branch name and tag name pattern rules. Name is
// how the rule appears on GitHub.
type PatternParameters struct {
	Name     string `json:"name,omitempty"`
	Negate   bool   `json:"negate"`
	Operator string `json:"operator"`
	Pattern  string `json:"pattern"`
}

// FilePathRestrictionParameters are the parameters of a
// file_path_restriction rule.
type FilePathRestrictionParameters struct {
	RestrictedFilePaths []string `json:"restricted_file_paths"`
}

// FileExtensionRestrictionParameters are the parameters of a
// file_extension_restriction rule.
type FileExtensionRestrictionParameters struct {
	RestrictedFileExtensions []string `json:"restricted_file_extensions"`
}

// MaxFilePathLengthParameters are the parameters of a
// max_file_path_length rule.
type MaxFilePathLengthParameters struct {
	MaxFilePathLength int `json:"max_file_path_length"`
}

// MaxFileSizeParameters are the parameters of a max_file_size rule, in
// megabytes.
type MaxFileSizeParameters struct {
	MaxFileSize int `json:"max_file_size"`
}
