package importer

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// rulesetSeed is testSeed with a team platform of id 42.
const rulesetSeed = `
users:
  - {login: admin, tokens: [admin-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
teams:
  - {id: 42, org: acme, name: platform}
repos:
  - {owner: acme, name: api, branches: [main, release]}
`

func TestImportRulesets(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, rulesetSeed, "Repository", "Ruleset")
	api := gh.NewRulesetsClient(s.GitHub)
	created, err := api.CreateRuleset(ctx, "acme", "api", &gh.RulesetRequest{Name: "protect main", Target: "branch", Enforcement: "evaluate",
		BypassActors: []gh.RulesetBypassActor{{ActorType: "OrganizationAdmin", BypassMode: "always"}, {ActorType: "Team", ActorID: ptr.To[int64](42), BypassMode: "pull_request"}},
		Conditions:   &gh.RulesetConditions{RefName: &gh.RulesetRefName{Include: []string{"~DEFAULT_BRANCH", "refs/heads/release"}, Exclude: []string{}}},
		Rules: []gh.RulesetRule{{Type: gh.RuleDeletion}, {Type: gh.RuleNonFastForward},
			{Type: gh.RulePullRequest, Parameters: json.RawMessage(`{"allowed_merge_methods":["squash"],"dismiss_stale_reviews_on_push":true,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":1,"required_review_thread_resolution":false}`)},
			{Type: gh.RuleCommitMessagePattern, Parameters: json.RawMessage(`{"name":"ticket first","negate":false,"operator":"starts_with","pattern":"JIRA-"}`)}}})
	if err != nil {
		t.Fatal(err)
	}
	tags, err := api.CreateRuleset(ctx, "acme", "api", &gh.RulesetRequest{Name: "tags", Target: "tag", Enforcement: "active",
		Conditions: &gh.RulesetConditions{RefName: &gh.RulesetRefName{Include: []string{"~ALL"}, Exclude: []string{}}},
		Rules:      []gh.RulesetRule{{Type: gh.RuleDeletion}, {Type: gh.RuleUpdate, Parameters: json.RawMessage(`{"update_allows_fetch_and_merge":false}`)}}})
	if err != nil {
		t.Fatal(err)
	}

	rs, err := rulesetKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	repo := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
	id, tagsID := strconv.FormatInt(created.ID, 10), strconv.FormatInt(tags.ID, 10)
	want := []Resource{
		{Kind: "Ruleset", Group: "repo", Repository: "api", Key: id, ExternalName: id, Notes: []string{`Ruleset "protect main".`},
			ForProvider: common.RulesetParameters{RepositoryTarget: repo, Name: "protect main", Enforcement: "evaluate",
				BypassActors: []common.RulesetBypassActor{{ActorType: "OrganizationAdmin"}, {ActorType: "Team", ActorID: ptr.To[int64](42), BypassMode: "pull_request"}},
				Conditions:   &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH", "refs/heads/release"}}},
				Rules: &common.RulesetRules{Deletion: true, NonFastForward: true,
					PullRequest:          &common.PullRequestRule{RequiredApprovingReviewCount: 1, DismissStaleReviewsOnPush: true, AllowedMergeMethods: []string{"squash"}},
					CommitMessagePattern: &common.PatternRule{Operator: "starts_with", Pattern: "JIRA-", Name: ptr.To("ticket first")}}}},
		{Kind: "Ruleset", Group: "repo", Repository: "api", Key: tagsID, ExternalName: tagsID, Notes: []string{`Ruleset "tags".`},
			ForProvider: common.RulesetParameters{RepositoryTarget: repo, Name: "tags", Target: "tag",
				Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~ALL"}}},
				Rules:      &common.RulesetRules{Deletion: true, Update: true}}},
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported rulesets: -want, +got:\n%s", diff)
	}
}
