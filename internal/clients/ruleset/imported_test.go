package ruleset

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	hidden := answered()
	hidden.BypassActors = nil
	push := &github.Ruleset{ID: 9, Name: "no binaries", Target: "push", Enforcement: "evaluate", BypassActors: []github.RulesetBypassActor{},
		Rules: []github.RulesetRule{
			{Type: "file_path_restriction", Parameters: raw(`{"restricted_file_paths":["secrets/**"]}`)},
			{Type: "file_extension_restriction", Parameters: raw(`{"restricted_file_extensions":[".exe","*.jar"]}`)},
			{Type: "max_file_path_length", Parameters: raw(`{"max_file_path_length":200}`)},
			{Type: "max_file_size", Parameters: raw(`{"max_file_size":10}`)},
		}}
	defaults := &github.Ruleset{ID: 10, Name: "defaults", Target: "branch", Enforcement: "active", BypassActors: []github.RulesetBypassActor{{ActorType: "DeployKey", BypassMode: "always"}},
		Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{}, Exclude: []string{}}},
		Rules: []github.RulesetRule{
			{Type: "update", Parameters: raw(`{"update_allows_fetch_and_merge":false}`)},
			{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["rebase","merge","squash"],"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":0,"required_review_thread_resolution":false}`)},
			{Type: "merge_queue", Parameters: raw(`{"check_response_timeout_minutes":60,"grouping_strategy":"ALLGREEN","max_entries_to_build":5,"max_entries_to_merge":5,"merge_method":"MERGE","min_entries_to_merge":1,"min_entries_to_merge_wait_minutes":5}`)},
		}}
	tags := &github.Ruleset{ID: 11, Name: "tags", Target: "tag", Enforcement: "disabled",
		Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{"refs/tags/v*"}, Exclude: []string{}}},
		Rules:      []github.RulesetRule{{Type: "tag_name_pattern", Parameters: raw(`{"negate":false,"operator":"regex","pattern":"^v[0-9]"}`)}, {Type: "deletion"}}}

	cases := map[string]struct {
		r    *github.Ruleset
		want common.RulesetParameters
	}{
		"every branch rule, with a rule the spec does not model": {
			r: answered(),
			want: common.RulesetParameters{Name: "protect-main",
				BypassActors: []common.RulesetBypassActor{
					{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
					{ActorType: "OrganizationAdmin"},
				},
				Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"refs/heads/release/*", "~DEFAULT_BRANCH"}}},
				Rules:      importedEveryBranchRule(),
			},
		},
		"bypass actors hidden from the credentials": {
			r: hidden,
			want: common.RulesetParameters{Name: "protect-main",
				Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"refs/heads/release/*", "~DEFAULT_BRANCH"}}},
				Rules:      importedEveryBranchRule(),
			},
		},
		"a push ruleset": {
			r: push,
			want: common.RulesetParameters{Name: "no binaries", Target: "push", Enforcement: "evaluate", Rules: &common.RulesetRules{
				FilePathRestriction:      &common.FilePathRestrictionRule{RestrictedFilePaths: []string{"secrets/**"}},
				FileExtensionRestriction: &common.FileExtensionRestrictionRule{RestrictedFileExtensions: []string{".exe", "*.jar"}},
				MaxFilePathLength:        &common.MaxFilePathLengthRule{MaxFilePathLength: 200},
				MaxFileSize:              &common.MaxFileSizeRule{MaxFileSize: 10},
			}},
		},
		"GitHub's defaults left out": {
			r: defaults,
			want: common.RulesetParameters{Name: "defaults", BypassActors: []common.RulesetBypassActor{{ActorType: "DeployKey"}},
				Rules: &common.RulesetRules{Update: true, PullRequest: &common.PullRequestRule{}, MergeQueue: &common.MergeQueueRule{}}},
		},
		"a disabled tag ruleset": {
			r: tags,
			want: common.RulesetParameters{Name: "tags", Target: "tag", Enforcement: "disabled",
				Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"refs/tags/v*"}}},
				Rules:      &common.RulesetRules{Deletion: true, TagNamePattern: &common.PatternRule{Operator: "regex", Pattern: "^v[0-9]"}}},
		},
		"no rules, no conditions": {
			r:    &github.Ruleset{ID: 12, Name: "empty", Target: "branch", Enforcement: "active"},
			want: common.RulesetParameters{Name: "empty"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := Imported(tc.r)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// Applied as it is, the spec finds nothing to change.
			if d := Drift(&got, tc.r); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
		})
	}
}

func TestImportedParametersInAnotherShape(t *testing.T) {
	r := &github.Ruleset{Name: "odd", Target: "branch", Enforcement: "active",
		Rules: []github.RulesetRule{{Type: "commit_message_pattern", Parameters: raw(`{"operator":"starts_with","pattern":["JIRA-"]}`)}}}
	if _, err := Imported(r); err == nil {
		t.Error("Imported() of parameters the spec cannot hold: no error")
	}
}

// importedEveryBranchRule is everyBranchRule as answered() has it: in
// GitHub's order and spelling, with the pattern name GitHub has.
func importedEveryBranchRule() *common.RulesetRules {
	r := everyBranchRule()
	r.BranchNamePattern.Name = ptr.To("set on GitHub")
	r.RequiredDeployments.RequiredDeploymentEnvironments = []string{"Staging"}
	r.RequiredStatusChecks.RequiredStatusChecks = []common.RulesetStatusCheck{{Context: "test", IntegrationID: ptr.To[int64](42)}, {Context: "ci/build"}}
	return r
}
