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

// FuzzOrganizationRulesetConditionsConverge fills the organization's own
// parts of a ruleset with fuzzed values (the bits choose the target, the
// repository condition, protected, the property sources, the bypass actors
// and how a team is named; text fills patterns, names and values, split
// at commas) on top of rules of every target, keeps those the API server
// admits, and requires them to converge as FuzzOrganizationRulesetConverges
// does. It reaches far more admissible conditions than mutating JSON does.
func FuzzOrganizationRulesetConditionsConverge(f *testing.F) {
	schema, err := admission.Load("org.github.crossplane.io_organizationrulesets.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: 7, Org: "demo-org", Name: "platform"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}},
		emulator.SeedRepo{Owner: "demo-org", Name: "other", Branches: []string{"main"}})
	emu := fuzzemu.New(f, seed)
	f.Add(uint32(0), "x", "seeded")
	f.Add(uint32(1), "by id", "seeded,other,seeded")
	f.Add(uint32(2), "by property", "production,Staging,production")
	f.Add(uint32(0xffff_fff0), "every actor", "svc-*,~ALL")
	f.Add(uint32(0x5555_5555), "alternate", "a,A,b")
	f.Add(uint32(0xaaaa_aaaa), "others", "nope,seeded")
	f.Fuzz(func(t *testing.T, bits uint32, name, text string) {
		bit := func(i int) bool { return bits&(1<<i) != 0 }
		list := strings.Split(text, ",")
		target := []string{"branch", "tag", "push", "branch"}[(bits>>2)%4]
		conditions := map[string]any{}
		switch bits % 3 {
		case 0:
			conditions["repositoryName"] = map[string]any{"include": list, "exclude": list[len(list)-1:], "protected": bit(4)}
		case 1:
			conditions["repositoryId"] = map[string]any{"repositories": list}
		case 2:
			source := map[bool]string{false: "custom", true: "system"}[bit(5)]
			prop := map[string]any{"include": []any{map[string]any{"name": "tier", "propertyValues": list, "source": source}}}
			if bit(6) {
				prop["exclude"] = []any{map[string]any{"name": "fork", "propertyValues": []string{"true"}, "source": "system"}}
			}
			conditions["repositoryProperty"] = prop
		}
		rules := map[string]any{"deletion": true}
		switch target {
		case "branch":
			conditions["refName"] = map[string]any{"include": []string{"~DEFAULT_BRANCH"}}
			if bit(7) {
				rules["pullRequest"] = map[string]any{"requiredApprovingReviewCount": (bits >> 8) % 11}
			}
		case "tag":
			conditions["refName"] = map[string]any{"include": []string{"refs/tags/v*"}}
		case "push":
			rules = map[string]any{"maxFileSize": map[string]any{"maxFileSize": 1 + (bits>>8)%100}}
		}
		var actors []any
		for i, a := range []map[string]any{
			{"actorType": "OrganizationAdmin"}, {"actorType": "Team", "teamSlug": "platform"}, {"actorType": "Team", "actorId": 7},
			{"actorType": "RepositoryRole", "actorId": 4}, {"actorType": "DeployKey"}, {"actorType": "Team", "teamSlug": "nobody"},
		} {
			if bit(12 + i) {
				if bit(20) {
					a["bypassMode"] = []string{"always", "exempt", "pull_request"}[(bits>>21)%3]
				}
				actors = append(actors, a)
			}
		}
		spec := map[string]any{"organization": "demo-org", "name": name, "target": target,
			"enforcement": []string{"active", "evaluate", "disabled", "active"}[(bits>>24)%4], "conditions": conditions, "rules": rules}
		if len(actors) > 0 {
			spec["bypassActors"] = actors
		}
		p := admission.As[orgcommon.OrganizationRulesetParameters](t, schema, spec)
		if p == nil {
			return
		}
		gh := emu.Begin(t)
		converge(t, github.NewOrgRulesetsClient(gh), github.NewReposClient(gh), p)
	})
}
