package organizationruleset

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// FuzzOrganizationRulesetConverges creates, in an organization of the
// emulator, the ruleset of any spec the API server admits (its defaults
// applied), with the mapping's request and what the spec names resolved
// as the controller resolves it (teams by slug, repositories by name),
// and requires the ruleset read back to show no drift, after the create or
// else after one update. GitHub refuses exactly the rulesets it should
// (see refusal), worded.
func FuzzOrganizationRulesetConverges(f *testing.F) {
	schema, err := admission.Load("org.github.crossplane.io_organizationrulesets.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: 7, Org: "demo-org", Name: "platform"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}},
		emulator.SeedRepo{Owner: "demo-org", Name: "other", Branches: []string{"main"}})
	emu := fuzzemu.New(f, seed)

	full, _ := json.Marshal(&orgcommon.OrganizationRulesetParameters{Name: "protect-main", Target: "branch", Enforcement: "evaluate",
		BypassActors: []orgcommon.OrganizationRulesetBypassActor{{ActorType: "OrganizationAdmin"}, {ActorType: "Team", TeamSlug: ptr.To("platform"), BypassMode: "pull_request"},
			{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "exempt"}, {ActorType: "RepositoryRole", ActorID: ptr.To[int64](5)}},
		Conditions: orgcommon.OrganizationRulesetConditions{
			RefName:        &repocommon.RulesetRefName{Include: []string{"~DEFAULT_BRANCH", "refs/heads/release/*"}, Exclude: []string{"refs/heads/release/old"}},
			RepositoryName: &orgcommon.RulesetRepositoryName{Include: []string{"~ALL"}, Exclude: []string{"*-archive"}, Protected: true}},
		Rules: &repocommon.RulesetRules{Deletion: true, NonFastForward: true, PullRequest: &repocommon.PullRequestRule{RequiredApprovingReviewCount: 1},
			RequiredStatusChecks: &repocommon.RequiredStatusChecksRule{RequiredStatusChecks: []repocommon.RulesetStatusCheck{{Context: "ci"}}}}})
	f.Add(string(full))
	f.Add(`{"name":"x","conditions":{"refName":{},"repositoryName":{}}}`)
	f.Add(`{"name":"by id","conditions":{"refName":{"include":["~ALL"]},"repositoryId":{"repositories":["seeded","other","seeded"]}},"rules":{"creation":true}}`)
	f.Add(`{"name":"unknown repo","conditions":{"refName":{"include":["~ALL"]},"repositoryId":{"repositories":["nope"]}}}`)
	f.Add(`{"name":"tags","target":"tag","conditions":{"refName":{"include":["~ALL"]},"repositoryProperty":{"include":[{"name":"tier","propertyValues":["production","Prod"]}],"exclude":[{"name":"fork","propertyValues":["true"],"source":"system"}]}},"rules":{"deletion":true,"tagNamePattern":{"operator":"regex","pattern":"^v[0-9]"}}}`)
	f.Add(`{"name":"push","target":"push","conditions":{"repositoryName":{"include":["seeded"]}},"rules":{"filePathRestriction":{"restrictedFilePaths":["secrets/**"]},"maxFileSize":{"maxFileSize":100}}}`)
	f.Add(`{"name":"teams","bypassActors":[{"actorType":"Team","teamSlug":"nobody"},{"actorType":"DeployKey"}],"conditions":{"refName":{"include":["~ALL"]},"repositoryName":{"include":["a","A"]}}}`)
	f.Fuzz(func(t *testing.T, spec string) {
		p := &orgcommon.OrganizationRulesetParameters{}
		if json.Unmarshal([]byte(spec), p) != nil {
			return
		}
		p.Organization = ptr.To("demo-org")
		if p = admission.As[orgcommon.OrganizationRulesetParameters](t, schema, p); p == nil {
			return
		}
		gh := emu.Begin(t)
		converge(t, github.NewOrgRulesetsClient(gh), github.NewReposClient(gh), p)
	})
}

// resolved is what the controller resolves of p (teams by slug, and
// repositories by name), in the fuzz seed: team platform is 7, the
// repositories are looked up. ok is false when p names what the seed does
// not have, which the controller reports instead of writing.
func resolved(ctx context.Context, t *testing.T, repos *github.ReposClient, p *orgcommon.OrganizationRulesetParameters) (Resolved, bool) {
	t.Helper()
	res := Resolved{Teams: map[int]int64{}}
	for i, a := range p.BypassActors {
		if a.TeamSlug != nil {
			if *a.TeamSlug != "platform" {
				return res, false
			}
			res.Teams[i] = 7
		}
	}
	if c := p.Conditions.RepositoryID; c != nil {
		for _, name := range c.Repositories {
			r, err := repos.Get(ctx, "demo-org", name)
			if github.IsNotFound(err) {
				return res, false
			}
			if err != nil {
				t.Fatalf("looking up repository %s: %v", name, err)
			}
			res.RepositoryIDs = append(res.RepositoryIDs, r.ID)
		}
	}
	return res, true
}

// refusal tells whether GitHub refuses the ruleset of p: a bypass actor the
// organization does not have (a repository role other than 2, 4 and 5, a
// team other than 7, any app), a pattern rule's invalid regular
// expression. sure is false when p names a user, whose id the test does
// not know.
func refusal(p *orgcommon.OrganizationRulesetParameters) (refused, sure bool) {
	sure = true
	for _, a := range p.BypassActors {
		id := ptr.Deref(a.ActorID, 0)
		switch {
		case a.ActorType == "RepositoryRole":
			refused = refused || id != 2 && id != 4 && id != 5
		case a.ActorType == "Team" && a.ActorID != nil:
			refused = refused || id != 7
		case a.ActorType == "Integration":
			refused = true
		case a.ActorType == "User":
			sure = false
		}
	}
	if r := p.Rules; r != nil {
		for _, pat := range []*repocommon.PatternRule{r.CommitMessagePattern, r.CommitAuthorEmailPattern, r.CommitterEmailPattern, r.BranchNamePattern, r.TagNamePattern} {
			if pat != nil && pat.Operator == "regex" {
				_, err := regexp.Compile(pat.Pattern)
				refused = refused || err != nil
			}
		}
	}
	return refused, sure
}

// converge creates the ruleset of p in demo-org and requires it to
// converge (see FuzzOrganizationRulesetConverges).
func converge(t *testing.T, api *github.OrgRulesetsClient, repos *github.ReposClient, p *orgcommon.OrganizationRulesetParameters) {
	t.Helper()
	ctx := context.Background()
	res, ok := resolved(ctx, t, repos, p)
	if !ok {
		return
	}
	created, err := api.CreateOrgRuleset(ctx, "demo-org", Request(p, res, nil))
	switch refused, sure := refusal(p); {
	case err != nil && (refused || !sure):
		fuzzemu.RequireRefusal(t, "creating the ruleset", err)
		return
	case err != nil:
		t.Fatalf("creating the ruleset: %v", err)
	case refused && sure:
		t.Fatal("creating the ruleset: GitHub took a ruleset it refuses (an unknown actor, an invalid regular expression)")
	}
	defer func() {
		if err := api.DeleteOrgRuleset(ctx, "demo-org", created.ID); err != nil {
			t.Errorf("deleting ruleset %d: %v", created.ID, err)
		}
	}()
	r, err := api.GetOrgRuleset(ctx, "demo-org", created.ID)
	if err != nil {
		t.Fatalf("GetOrgRuleset(%d) after creating it: %v", created.ID, err)
	}
	if d := Drift(p, res, r); len(d) > 0 {
		t.Logf("drift after the create: %v", d)
		if _, err := api.UpdateOrgRuleset(ctx, "demo-org", r.ID, Request(p, res, r)); err != nil {
			t.Fatalf("UpdateOrgRuleset(...) of a ruleset just created from the same spec: %v", err)
		}
		if r, err = api.GetOrgRuleset(ctx, "demo-org", created.ID); err != nil {
			t.Fatalf("GetOrgRuleset(%d) after updating it: %v", created.ID, err)
		}
		if d := Drift(p, res, r); len(d) > 0 {
			got, _ := json.Marshal(r)
			t.Fatalf("drift after the create and an update: %s\nGitHub has %s", strings.Join(d, ", "), got)
		}
	}
	o := Observation("demo-org", r, Declared(p, res))
	if o.ID == nil || *o.ID != created.ID || ptr.Deref(o.Organization, "") != "demo-org" {
		t.Errorf("Observation(...): want id %d of demo-org, got %v of %v", created.ID, o.ID, o.Organization)
	}
	if len(o.KeptRules) > 0 {
		t.Errorf("Observation(...).KeptRules: a ruleset made from specs alone has no rules beside them, got %v", o.KeptRules)
	}
}
