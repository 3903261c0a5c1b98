package ruleset

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// asJSON compares raw JSON parameters by value, whatever their key order.
var asJSON = cmp.Transformer("json", func(m json.RawMessage) any {
	if len(m) == 0 {
		return nil
	}
	var v any
	if err := json.Unmarshal(m, &v); err != nil {
		return "invalid JSON: " + string(m)
	}
	return v
})

func raw(s string) json.RawMessage { return json.RawMessage(s) }

// everyBranchRule is a branch ruleset's spec with every rule a branch
// ruleset takes.
func everyBranchRule() *common.RulesetRules {
	return &common.RulesetRules{
		Creation: true, Update: true, UpdateAllowsFetchAndMerge: true, Deletion: true,
		RequiredLinearHistory: true, RequiredSignatures: true, NonFastForward: true,
		PullRequest: &common.PullRequestRule{RequiredApprovingReviewCount: 2, DismissStaleReviewsOnPush: true, RequireCodeOwnerReview: true,
			RequireLastPushApproval: true, RequiredReviewThreadResolution: true, AllowedMergeMethods: []string{"squash"}},
		RequiredStatusChecks: &common.RequiredStatusChecksRule{StrictRequiredStatusChecksPolicy: true, DoNotEnforceOnCreate: true,
			RequiredStatusChecks: []common.RulesetStatusCheck{{Context: "ci/build"}, {Context: "test", IntegrationID: ptr.To[int64](42)}}},
		RequiredDeployments:      &common.RequiredDeploymentsRule{RequiredDeploymentEnvironments: []string{"staging"}},
		MergeQueue:               &common.MergeQueueRule{MaxEntriesToBuild: ptr.To[int32](0), MergeMethod: "SQUASH"},
		CommitMessagePattern:     &common.PatternRule{Operator: "starts_with", Pattern: "JIRA-", Name: ptr.To("ticket first")},
		CommitAuthorEmailPattern: &common.PatternRule{Operator: "ends_with", Pattern: "@example.com"},
		CommitterEmailPattern:    &common.PatternRule{Operator: "contains", Pattern: "@", Negate: true},
		BranchNamePattern:        &common.PatternRule{Operator: "regex", Pattern: "^(feat|fix)/"},
	}
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason   string
		p        common.RulesetParameters
		observed *github.Ruleset
		want     *github.RulesetRequest
	}{
		"Minimal": {
			reason: "Target and enforcement have defaults; empty lists and empty conditions are sent, so that GitHub's are cleared.",
			p:      common.RulesetParameters{Name: "main"},
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "active", BypassActors: []github.RulesetBypassActor{},
				Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{}, Exclude: []string{}}}, Rules: []github.RulesetRule{}},
		},
		"EveryBranchRule": {
			reason: "Every rule is sent with all of GitHub's required parameters; left-out merge queue settings get GitHub's proposals, a left-out pattern name is not sent.",
			p: common.RulesetParameters{Name: "main", Target: "branch", Enforcement: "evaluate",
				Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{"refs/heads/tmp/**"}}},
				Rules:      everyBranchRule()},
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "evaluate", BypassActors: []github.RulesetBypassActor{},
				Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{"refs/heads/tmp/**"}}},
				Rules: []github.RulesetRule{
					{Type: "creation"},
					{Type: "update", Parameters: raw(`{"update_allows_fetch_and_merge":true}`)},
					{Type: "deletion"},
					{Type: "required_linear_history"},
					{Type: "required_signatures"},
					{Type: "non_fast_forward"},
					{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["squash"],"dismiss_stale_reviews_on_push":true,"require_code_owner_review":true,"require_last_push_approval":true,"required_approving_review_count":2,"required_review_thread_resolution":true}`)},
					{Type: "required_status_checks", Parameters: raw(`{"do_not_enforce_on_create":true,"required_status_checks":[{"context":"ci/build"},{"context":"test","integration_id":42}],"strict_required_status_checks_policy":true}`)},
					{Type: "required_deployments", Parameters: raw(`{"required_deployment_environments":["staging"]}`)},
					{Type: "merge_queue", Parameters: raw(`{"check_response_timeout_minutes":60,"grouping_strategy":"ALLGREEN","max_entries_to_build":0,"max_entries_to_merge":5,"merge_method":"SQUASH","min_entries_to_merge":1,"min_entries_to_merge_wait_minutes":5}`)},
					{Type: "commit_message_pattern", Parameters: raw(`{"name":"ticket first","negate":false,"operator":"starts_with","pattern":"JIRA-"}`)},
					{Type: "commit_author_email_pattern", Parameters: raw(`{"negate":false,"operator":"ends_with","pattern":"@example.com"}`)},
					{Type: "committer_email_pattern", Parameters: raw(`{"negate":true,"operator":"contains","pattern":"@"}`)},
					{Type: "branch_name_pattern", Parameters: raw(`{"negate":false,"operator":"regex","pattern":"^(feat|fix)/"}`)},
				}},
		},
		"PullRequestDefaults": {
			reason: "A pull_request rule without merge methods sends GitHub's default, all three, so that a narrower list set on GitHub is undone.",
			p:      common.RulesetParameters{Name: "main", Rules: &common.RulesetRules{PullRequest: &common.PullRequestRule{}}},
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "active", BypassActors: []github.RulesetBypassActor{},
				Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{}, Exclude: []string{}}},
				Rules:      []github.RulesetRule{{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["merge","squash","rebase"],"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":0,"required_review_thread_resolution":false}`)}}},
		},
		"Push": {
			reason: "A push ruleset sends no conditions, and its file rules.",
			p: common.RulesetParameters{Name: "files", Target: "push", Enforcement: "active", Rules: &common.RulesetRules{
				FilePathRestriction:      &common.FilePathRestrictionRule{RestrictedFilePaths: []string{"secrets/**"}},
				FileExtensionRestriction: &common.FileExtensionRestrictionRule{RestrictedFileExtensions: []string{".exe"}},
				MaxFilePathLength:        &common.MaxFilePathLengthRule{MaxFilePathLength: 255},
				MaxFileSize:              &common.MaxFileSizeRule{MaxFileSize: 10},
			}},
			want: &github.RulesetRequest{Name: "files", Target: "push", Enforcement: "active", BypassActors: []github.RulesetBypassActor{},
				Rules: []github.RulesetRule{
					{Type: "file_path_restriction", Parameters: raw(`{"restricted_file_paths":["secrets/**"]}`)},
					{Type: "file_extension_restriction", Parameters: raw(`{"restricted_file_extensions":[".exe"]}`)},
					{Type: "max_file_path_length", Parameters: raw(`{"max_file_path_length":255}`)},
					{Type: "max_file_size", Parameters: raw(`{"max_file_size":10}`)},
				}},
		},
		"BypassActors": {
			reason: "The bypass mode defaults to always; OrganizationAdmin and DeployKey are sent without an id.",
			p: common.RulesetParameters{Name: "main", BypassActors: []common.RulesetBypassActor{
				{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
				{ActorType: "OrganizationAdmin", ActorID: ptr.To[int64](1)},
				{ActorType: "DeployKey", BypassMode: "always"},
			}},
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "active",
				BypassActors: []github.RulesetBypassActor{
					{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
					{ActorType: "OrganizationAdmin", BypassMode: "always"},
					{ActorType: "DeployKey", BypassMode: "always"},
				},
				Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{}, Exclude: []string{}}}, Rules: []github.RulesetRule{}},
		},
		"KeepsWhatTheSpecDoesNotModel": {
			reason: "Rules of types the spec does not model, parameters it does not model and a pattern name it leaves out are sent back as GitHub has them; a modelled rule the spec does not have is dropped.",
			p: common.RulesetParameters{Name: "main", Rules: &common.RulesetRules{
				PullRequest:          &common.PullRequestRule{RequiredApprovingReviewCount: 1},
				CommitMessagePattern: &common.PatternRule{Operator: "contains", Pattern: "x"},
			}},
			observed: &github.Ruleset{Rules: []github.RulesetRule{
				{Type: "workflows", Parameters: raw(`{"workflows":[{"path":".github/workflows/ci.yml","repository_id":1}]}`)},
				{Type: "deletion"},
				{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["squash"],"required_approving_review_count":3,"required_reviewers":[{"file_patterns":["*"],"minimum_approvals":1,"reviewer":{"id":3,"type":"Team"}}]}`)},
				{Type: "commit_message_pattern", Parameters: raw(`{"name":"From the UI","negate":true,"operator":"contains","pattern":"y"}`)},
				{Type: "copilot_code_review"},
			}},
			want: &github.RulesetRequest{Name: "main", Target: "branch", Enforcement: "active", BypassActors: []github.RulesetBypassActor{},
				Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{}, Exclude: []string{}}},
				Rules: []github.RulesetRule{
					{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["merge","squash","rebase"],"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":1,"required_review_thread_resolution":false,"required_reviewers":[{"file_patterns":["*"],"minimum_approvals":1,"reviewer":{"id":3,"type":"Team"}}]}`)},
					{Type: "commit_message_pattern", Parameters: raw(`{"name":"From the UI","negate":false,"operator":"contains","pattern":"x"}`)},
					{Type: "workflows", Parameters: raw(`{"workflows":[{"path":".github/workflows/ci.yml","repository_id":1}]}`)},
					{Type: "copilot_code_review"},
				}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Request(&tc.p, tc.observed)
			if diff := cmp.Diff(tc.want, got, asJSON); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
