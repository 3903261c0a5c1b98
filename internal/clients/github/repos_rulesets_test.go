package github

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// rulesetsFor starts a contract-checked emulator with repoSeed and returns
// our rulesets API on it for demo-token.
func rulesetsFor(t *testing.T) *RulesetsClient {
	t.Helper()
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL}, testOptionsURL(srv.Client().Transport))
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return NewRulesetsClient(gh)
}

func rawJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The client's requests and answers are GitHub's: a ruleset is created
// with its id assigned, read back with GitHub's defaults filled in, replaced
// with every field (empty lists clear), listed as a summary and deleted.
func TestRulesetsLifecycle(t *testing.T) {
	ctx := context.Background()
	c := rulesetsFor(t)
	before := time.Now().Add(-time.Minute)

	created, err := c.CreateRuleset(ctx, "demo-org", "seeded", &RulesetRequest{
		Name: "protect-main", Target: "branch", Enforcement: "active",
		BypassActors: []RulesetBypassActor{{ActorType: "OrganizationAdmin", BypassMode: "always"}},
		Conditions:   &RulesetConditions{RefName: &RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}}},
		Rules: []RulesetRule{
			{Type: RuleDeletion},
			{Type: RuleUpdate},
			{Type: RulePullRequest, Parameters: rawJSON(t, PullRequestParameters{RequiredApprovingReviewCount: 1})},
		},
	})
	if err != nil {
		t.Fatalf("CreateRuleset(...): %v", err)
	}
	if created.ID == 0 || created.CreatedAt == nil || created.CreatedAt.Before(before) {
		t.Errorf("CreateRuleset(...): id %d, created_at %v: want an id and a parsed creation time", created.ID, created.CreatedAt)
	}

	got, err := c.GetRuleset(ctx, "demo-org", "seeded", created.ID)
	if err != nil {
		t.Fatalf("GetRuleset(...): %v", err)
	}
	wantActors := []RulesetBypassActor{{ActorType: "OrganizationAdmin", BypassMode: "always"}}
	if diff := cmp.Diff(wantActors, got.BypassActors); diff != "" {
		t.Errorf("bypass actors: -want, +got:\n%s", diff)
	}
	var pr PullRequestParameters
	for _, r := range got.Rules {
		if r.Type == RulePullRequest {
			if err := json.Unmarshal(r.Parameters, &pr); err != nil {
				t.Fatal(err)
			}
		}
		if r.Type == RuleUpdate && string(r.Parameters) != `{"update_allows_fetch_and_merge":false}` {
			t.Errorf("update rule parameters %s: want GitHub's default filled in", r.Parameters)
		}
	}
	if diff := cmp.Diff([]string{"merge", "squash", "rebase"}, pr.AllowedMergeMethods); diff != "" {
		t.Errorf("allowed merge methods GitHub fills in: -want, +got:\n%s", diff)
	}

	updated, err := c.UpdateRuleset(ctx, "demo-org", "seeded", created.ID, &RulesetRequest{
		Name: "protect-main", Target: "branch", Enforcement: "evaluate",
		Conditions: &RulesetConditions{RefName: &RulesetRefName{Include: []string{"refs/heads/release/*"}}},
	})
	if err != nil {
		t.Fatalf("UpdateRuleset(...): %v", err)
	}
	if updated.Enforcement != "evaluate" || len(updated.Rules) != 0 || len(updated.BypassActors) != 0 {
		t.Errorf("UpdateRuleset(...): %+v: want evaluate, and no rules nor bypass actors left", updated)
	}
	if updated.Conditions == nil || updated.Conditions.RefName == nil || len(updated.Conditions.RefName.Exclude) != 0 {
		t.Errorf("UpdateRuleset(...) conditions: %+v", updated.Conditions)
	}

	list, err := c.ListRulesets(ctx, "demo-org", "seeded")
	if err != nil {
		t.Fatalf("ListRulesets(...): %v", err)
	}
	if len(list) != 1 || list[0].ID != created.ID || list[0].Name != "protect-main" || list[0].CreatedAt == nil {
		t.Errorf("ListRulesets(...): %+v", list)
	}

	if err := c.DeleteRuleset(ctx, "demo-org", "seeded", created.ID); err != nil {
		t.Fatalf("DeleteRuleset(...): %v", err)
	}
	_, err = c.GetRuleset(ctx, "demo-org", "seeded", created.ID)
	if diff := cmp.Diff(notFound404, err, test.EquateErrors()); diff != "" {
		t.Errorf("GetRuleset(...) after delete: -want, +got:\n%s", diff)
	}
}

// GitHub's ruleset 422s carry sentences; the error says them.
func TestRulesetsRefusals(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		reason string
		req    RulesetRequest
		want   error
	}{
		"NameTaken": {
			reason: "Names are unique per repository without regard to case.",
			req:    RulesetRequest{Name: "TAKEN", Target: "branch", Enforcement: "active"},
			want:   &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): Name must be unique"},
		},
		"RuleForAnotherTarget": {
			reason: "A tag ruleset has no pull_request rule.",
			req: RulesetRequest{Name: "tags", Target: "tag", Enforcement: "active",
				Rules: []RulesetRule{{Type: RulePullRequest, Parameters: json.RawMessage(`{"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":1,"required_review_thread_resolution":false}`)}}},
			want: &Error{msg: "GitHub refused the request as invalid (422 Validation Failed): Invalid rule 'pull_request': "},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := rulesetsFor(t)
			if _, err := c.CreateRuleset(ctx, "demo-org", "seeded", &RulesetRequest{Name: "taken", Target: "branch", Enforcement: "disabled"}); err != nil {
				t.Fatal(err)
			}
			_, err := c.CreateRuleset(ctx, "demo-org", "seeded", &tc.req)
			if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nCreateRuleset(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}
