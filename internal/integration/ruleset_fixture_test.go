package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// rulesetObject is a Ruleset of either scope.
type rulesetObject = twins.RulesetObject

var rulesets = twins.Ruleset

// rulesetRepo is the seeded private repository the rulesets of these tests
// belong to, and platformTeam the id of a team of demo-org.
const (
	rulesetRepo  = "app"
	appFullName  = owner + "/" + rulesetRepo
	platformTeam = 11
)

// newRulesetFixture is a fixture whose emulator also has demo-org's
// private repository app (default branch main) and team platform.
func newRulesetFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: platformTeam, Org: owner, Name: "platform"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: rulesetRepo, Visibility: "private", Branches: []string{"main"}})
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// ruleset builds, without creating it, a Ruleset of scope s called name,
// with the parameters p.
func (f *fixture) ruleset(s scope, name string, p common.RulesetParameters) rulesetObject {
	f.t.Helper()
	r := rulesets.In(s.of)
	*r.Parameters() = p
	return place(f, s, r, name, "github")
}

// protectMain is a branch ruleset of demo-org/app on the default branch
// and the release branches, with several rule types and bypass actors.
func protectMain() common.RulesetParameters {
	return common.RulesetParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(rulesetRepo)},
		Name:             "protect-main",
		Enforcement:      "active",
		BypassActors: []common.RulesetBypassActor{
			{ActorType: "OrganizationAdmin"},
			{ActorType: "Team", ActorID: ptr.To[int64](platformTeam), BypassMode: "pull_request"},
			{ActorType: "RepositoryRole", ActorID: ptr.To[int64](5)},
		},
		Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH", "refs/heads/release/*"}}},
		Rules: &common.RulesetRules{
			Deletion:       true,
			NonFastForward: true,
			Update:         true,
			PullRequest:    &common.PullRequestRule{RequiredApprovingReviewCount: 1, DismissStaleReviewsOnPush: true},
			RequiredStatusChecks: &common.RequiredStatusChecksRule{StrictRequiredStatusChecksPolicy: true,
				RequiredStatusChecks: []common.RulesetStatusCheck{{Context: "test", IntegrationID: ptr.To[int64](42)}, {Context: "ci/build"}}},
			CommitMessagePattern: &common.PatternRule{Operator: "starts_with", Pattern: "JIRA-"},
		},
	}
}

// ghRuleset is a ruleset as the emulator answers it.
type ghRuleset struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Target       string `json:"target"`
	Enforcement  string `json:"enforcement"`
	BypassActors []struct {
		ActorID    *int64 `json:"actor_id"`
		ActorType  string `json:"actor_type"`
		BypassMode string `json:"bypass_mode"`
	} `json:"bypass_actors"`
	Conditions *struct {
		RefName struct {
			Include []string `json:"include"`
			Exclude []string `json:"exclude"`
		} `json:"ref_name"`
	} `json:"conditions"`
	Rules []struct {
		Type       string         `json:"type"`
		Parameters map[string]any `json:"parameters"`
	} `json:"rules"`
	CreatedAt time.Time `json:"created_at"`
}

// ruleTypes are the types of r's rules, sorted.
func (r ghRuleset) ruleTypes() []string {
	out := []string{}
	for _, x := range r.Rules {
		out = append(out, x.Type)
	}
	slices.Sort(out)
	return out
}

// actors are r's bypass actors as type/id/mode, sorted.
func (r ghRuleset) actors() []string {
	out := []string{}
	for _, a := range r.BypassActors {
		id := "-"
		if a.ActorID != nil {
			id = fmt.Sprint(*a.ActorID)
		}
		out = append(out, a.ActorType+"/"+id+"/"+a.BypassMode)
	}
	slices.Sort(out)
	return out
}

// include is r's include patterns, sorted.
func (r ghRuleset) include() []string {
	if r.Conditions == nil {
		return nil
	}
	return slices.Sorted(slices.Values(r.Conditions.RefName.Include))
}

// ghRulesets lists demo-org/app's rulesets (summaries), as its admin sees
// them.
func (f *fixture) ghRulesets() []ghRuleset {
	f.t.Helper()
	var out []ghRuleset
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+rulesetRepo+"/rulesets", ""), &out))
	return out
}

// ghRulesetByID reads one of demo-org/app's rulesets; ok is false when
// there is none with that id.
func (f *fixture) ghRulesetByID(id string) (ghRuleset, bool) {
	f.t.Helper()
	var out ghRuleset
	status, b := f.gh(goodToken, http.MethodGet, "/repos/"+owner+"/"+rulesetRepo+"/rulesets/"+id, "")
	if status == http.StatusNotFound {
		return out, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET ruleset %s: %d %s", id, status, b)
	}
	f.must(json.Unmarshal(b, &out))
	return out, true
}

// ghCreateRuleset creates a ruleset in demo-org/app as another tool would,
// and returns its id.
func (f *fixture) ghCreateRuleset(body string) int64 {
	f.t.Helper()
	var out ghRuleset
	f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+owner+"/"+rulesetRepo+"/rulesets", body), &out))
	return out.ID
}

// rulesetWrites counts the emulator's answered writes (POST, PUT, DELETE)
// to the rulesets of the repository full (owner/name), whoever sent them.
func (f *fixture) rulesetWrites(full string) int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/"+full+"/rulesets") {
			n++
		}
	}
	return n
}

// rulesetsQuiet waits a few poll intervals and fails when anyone wrote to
// the rulesets of the repository full meanwhile: a ruleset GitHub accepted
// must not be written again.
func rulesetsQuiet(f *fixture, full, what string) {
	f.t.Helper()
	before := f.rulesetWrites(full)
	time.Sleep(3 * pollInterval)
	if n := f.rulesetWrites(full) - before; n != 0 {
		f.t.Errorf("%s: %d writes to the rulesets of %s in 3 polls, want none (an update loop)", what, n, full)
	}
}
