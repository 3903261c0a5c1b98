package ruleset

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// declared is a branch ruleset with every branch rule, two bypass actors
// and conditions.
func declared() *common.RulesetParameters {
	return &common.RulesetParameters{
		Name: "protect-main", Target: "branch", Enforcement: "active",
		BypassActors: []common.RulesetBypassActor{
			{ActorType: "OrganizationAdmin", BypassMode: "always"},
			{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
		},
		Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH", "refs/heads/release/*"}}},
		Rules:      everyBranchRule(),
	}
}

// answered is declared as GitHub answers it: its defaults filled in, lists
// in its own order, enumerations in its own case, OrganizationAdmin with
// an id of 1 (as GitHub has answered it), and a rule of a type the spec
// does not model.
func answered() *github.Ruleset {
	return &github.Ruleset{
		ID: 4100001, Name: "protect-main", Target: "branch", Enforcement: "active",
		BypassActors: []github.RulesetBypassActor{
			{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"},
			{ActorType: "OrganizationAdmin", ActorID: ptr.To[int64](1), BypassMode: "always"},
		},
		Conditions: &github.RulesetConditions{RefName: &github.RulesetRefName{Include: []string{"refs/heads/release/*", "~DEFAULT_BRANCH"}, Exclude: []string{}}},
		Rules: []github.RulesetRule{
			{Type: "workflows", Parameters: raw(`{"workflows":[]}`)},
			{Type: "branch_name_pattern", Parameters: raw(`{"negate":false,"operator":"regex","pattern":"^(feat|fix)/","name":"set on GitHub"}`)},
			{Type: "creation"},
			{Type: "update", Parameters: raw(`{"update_allows_fetch_and_merge":true}`)},
			{Type: "deletion", Parameters: raw(`{}`)},
			{Type: "required_linear_history"},
			{Type: "required_signatures"},
			{Type: "non_fast_forward"},
			{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["squash"],"dismiss_stale_reviews_on_push":true,"require_code_owner_review":true,"require_last_push_approval":true,"required_approving_review_count":2,"required_review_thread_resolution":true,"required_reviewers":[]}`)},
			{Type: "required_status_checks", Parameters: raw(`{"do_not_enforce_on_create":true,"required_status_checks":[{"context":"test","integration_id":42},{"context":"ci/build","integration_id":null}],"strict_required_status_checks_policy":true}`)},
			{Type: "required_deployments", Parameters: raw(`{"required_deployment_environments":["Staging"]}`)},
			{Type: "merge_queue", Parameters: raw(`{"check_response_timeout_minutes":60,"grouping_strategy":"allgreen","max_entries_to_build":0,"max_entries_to_merge":5,"merge_method":"squash","min_entries_to_merge":1,"min_entries_to_merge_wait_minutes":5}`)},
			{Type: "commit_message_pattern", Parameters: raw(`{"name":"ticket first","negate":false,"operator":"STARTS_WITH","pattern":"JIRA-"}`)},
			{Type: "commit_author_email_pattern", Parameters: raw(`{"negate":false,"operator":"ends_with","pattern":"@example.com"}`)},
			{Type: "committer_email_pattern", Parameters: raw(`{"negate":true,"operator":"contains","pattern":"@"}`)},
		},
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      func(p *common.RulesetParameters)
		r      func(r *github.Ruleset)
		want   []string
	}{
		"UpToDate": {
			reason: "GitHub's order, case, defaults and ids it keeps for OrganizationAdmin do not count; neither do what the spec does not model or leaves to GitHub.",
		},
		"GitHubDefaults": {
			reason: "GitHub fills in the merge methods, the fetch-and-merge setting and do_not_enforce_on_create: equal to leaving them out.",
			p: func(p *common.RulesetParameters) {
				p.Rules = &common.RulesetRules{Update: true, PullRequest: &common.PullRequestRule{RequiredApprovingReviewCount: 1},
					RequiredStatusChecks: &common.RequiredStatusChecksRule{RequiredStatusChecks: []common.RulesetStatusCheck{{Context: "ci"}}}}
			},
			r: func(r *github.Ruleset) {
				r.Rules = []github.RulesetRule{
					{Type: "update", Parameters: raw(`{"update_allows_fetch_and_merge":false}`)},
					{Type: "pull_request", Parameters: raw(`{"allowed_merge_methods":["merge","squash","rebase"],"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":1,"required_review_thread_resolution":false}`)},
					{Type: "required_status_checks", Parameters: raw(`{"do_not_enforce_on_create":false,"required_status_checks":[{"context":"ci"}],"strict_required_status_checks_policy":false}`)},
				}
			},
		},
		"HiddenBypassActors": {
			reason: "GitHub shows bypass actors to admins only: without them, they are not compared.",
			r:      func(r *github.Ruleset) { r.BypassActors = nil },
		},
		"PushConditionsNotCompared": {
			reason: "A push ruleset has no conditions to compare.",
			p: func(p *common.RulesetParameters) {
				p.Target, p.Conditions, p.BypassActors = "push", nil, nil
				p.Rules = &common.RulesetRules{MaxFileSize: &common.MaxFileSizeRule{MaxFileSize: 5}}
			},
			r: func(r *github.Ruleset) {
				r.Target, r.BypassActors = "push", []github.RulesetBypassActor{}
				r.Rules = []github.RulesetRule{{Type: "max_file_size", Parameters: raw(`{"max_file_size":5}`)}}
			},
		},
		"NoConditionsIsEmptyConditions": {
			reason: "A branch ruleset without conditions is equal to GitHub's empty ones, or none.",
			p:      func(p *common.RulesetParameters) { p.Conditions = nil },
			r:      func(r *github.Ruleset) { r.Conditions = nil },
		},
		"Renamed": {
			reason: "A name changed on GitHub, even in case only, is drift.",
			r:      func(r *github.Ruleset) { r.Name = "Protect-Main" },
			want:   []string{"name"},
		},
		"EnforcementAndTarget": {
			r:    func(r *github.Ruleset) { r.Enforcement, r.Target = "disabled", "tag" },
			want: []string{"target", "enforcement"},
		},
		"BypassModeChanged": {
			r: func(r *github.Ruleset) {
				r.BypassActors[0].BypassMode = "always"
			},
			want: []string{"bypassActors"},
		},
		"BypassActorAdded": {
			r: func(r *github.Ruleset) {
				r.BypassActors = append(r.BypassActors, github.RulesetBypassActor{ActorType: "DeployKey", BypassMode: "always"})
			},
			want: []string{"bypassActors"},
		},
		"ConditionsChanged": {
			r:    func(r *github.Ruleset) { r.Conditions.RefName.Exclude = []string{"refs/heads/release/old"} },
			want: []string{"conditions.refName"},
		},
		"RuleAddedOnGitHub": {
			reason: "A rule of a modelled type that the spec does not have is drift.",
			p:      func(p *common.RulesetParameters) { p.Rules.Deletion = false },
			want:   []string{"rules.deletion"},
		},
		"RuleRemovedOnGitHub": {
			r: func(r *github.Ruleset) {
				r.Rules = r.Rules[:len(r.Rules)-1]
			},
			want: []string{"rules.committerEmailPattern"},
		},
		"ParametersChanged": {
			r: func(r *github.Ruleset) {
				r.Rules[8].Parameters = raw(`{"allowed_merge_methods":["squash"],"dismiss_stale_reviews_on_push":true,"require_code_owner_review":true,"require_last_push_approval":true,"required_approving_review_count":1,"required_review_thread_resolution":true}`)
				r.Rules[9].Parameters = raw(`{"do_not_enforce_on_create":true,"required_status_checks":[{"context":"test"},{"context":"ci/build"}],"strict_required_status_checks_policy":true}`)
				r.Rules[3].Parameters = raw(`{"update_allows_fetch_and_merge":false}`)
			},
			want: []string{"rules.update", "rules.pullRequest", "rules.requiredStatusChecks"},
		},
		"MergeMethodsNarrowedOnGitHub": {
			reason: "Leaving the merge methods out means GitHub's default, all three: a narrower list set on GitHub is drift.",
			p:      func(p *common.RulesetParameters) { p.Rules.PullRequest.AllowedMergeMethods = nil },
			want:   []string{"rules.pullRequest"},
		},
		"PatternNameDeclared": {
			reason: "A pattern name the spec sets is compared.",
			p:      func(p *common.RulesetParameters) { p.Rules.BranchNamePattern.Name = ptr.To("mine") },
			want:   []string{"rules.branchNamePattern"},
		},
		"DuplicateRule": {
			reason: "Two rules of one type, which the spec cannot declare, are drift.",
			r:      func(r *github.Ruleset) { r.Rules = append(r.Rules, github.RulesetRule{Type: "creation"}) },
			want:   []string{"rules.creation"},
		},
		"ParametersInAnotherShape": {
			r: func(r *github.Ruleset) {
				r.Rules[12].Parameters = raw(`{"operator":"starts_with","pattern":["JIRA-"]}`)
			},
			want: []string{"rules.commitMessagePattern"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p, r := declared(), answered()
			if tc.p != nil {
				tc.p(p)
			}
			if tc.r != nil {
				tc.r(r)
			}
			if diff := cmp.Diff(tc.want, Drift(p, r)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// What a replace sends is what the next read compares equal: a ruleset
// GitHub answers as it was sent has no drift.
func TestRequestRoundTrip(t *testing.T) {
	p := declared()
	q := Request(p, answered())
	r := &github.Ruleset{Name: q.Name, Target: q.Target, Enforcement: q.Enforcement, BypassActors: q.BypassActors, Conditions: q.Conditions, Rules: q.Rules}
	if d := Drift(p, r); len(d) != 0 {
		t.Errorf("Drift(p, Request(p) as answered): %v, want none", d)
	}
}

func TestObservation(t *testing.T) {
	created := time.Date(2026, 5, 1, 12, 0, 0, 123e6, time.FixedZone("", -7*3600))
	r := answered()
	r.NodeID, r.CurrentUserCanBypass, r.CreatedAt, r.UpdatedAt = "RRS_x", "always", &created, &created
	r.Links.HTML.Href = "https://github.com/demo-org/app/rules/4100001"
	got := Observation("demo-org/app", r, declared())
	want := common.RulesetObservation{
		ID: ptr.To[int64](4100001), NodeID: ptr.To("RRS_x"), Repository: ptr.To("demo-org/app"),
		HTMLURL: ptr.To("https://github.com/demo-org/app/rules/4100001"), CurrentUserCanBypass: ptr.To("always"),
		CreatedAt: ptr.To(metav1.NewTime(created)), UpdatedAt: ptr.To(metav1.NewTime(created)),
		RuleTypes: []string{"workflows", "branch_name_pattern", "creation", "update", "deletion", "required_linear_history", "required_signatures",
			"non_fast_forward", "pull_request", "required_status_checks", "required_deployments", "merge_queue", "commit_message_pattern",
			"commit_author_email_pattern", "committer_email_pattern"},
		KeptRules:      []string{"workflows"},
		KeptParameters: []string{"branch_name_pattern.name"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

func TestFindByName(t *testing.T) {
	list := []github.Ruleset{{ID: 1, Name: "tags"}, {ID: 2, Name: "Protect-Main"}}
	if got := FindByName(list, "protect-main"); got == nil || got.ID != 2 {
		t.Errorf("FindByName(protect-main): %+v, want id 2 (names compare without regard to case)", got)
	}
	if got := FindByName(list, "other"); got != nil {
		t.Errorf("FindByName(other): %+v, want none", got)
	}
}
