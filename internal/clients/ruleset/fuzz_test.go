package ruleset

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/internal/fuzzemu"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// FuzzRulesetConverges creates, in a repository of the emulator, the
// ruleset of any spec the API server admits (its defaults applied), with
// the mapping's request, and requires the ruleset read back to show no
// drift, after the create or else after one update; and that nothing
// GitHub keeps beside the spec is reported on a ruleset the spec alone
// made. GitHub's refusal (an unknown actor, a rule it does not take) is an
// end, worded.
func FuzzRulesetConverges(f *testing.F) {
	schema, err := admission.Load("repo.github.crossplane.io_rulesets.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: 7, Org: "demo-org", Name: "platform"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	emu := fuzzemu.New(f, seed)

	full, _ := json.Marshal(&common.RulesetParameters{Name: "protect-main", Target: "branch", Enforcement: "evaluate",
		BypassActors: []common.RulesetBypassActor{{ActorType: "OrganizationAdmin"}, {ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"}, {ActorType: "RepositoryRole", ActorID: ptr.To[int64](5)}},
		Conditions:   &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH", "refs/heads/release/*"}, Exclude: []string{"refs/heads/release/old"}}},
		Rules:        everyBranchRule()})
	f.Add(string(full))
	f.Add(`{"name":"x"}`)
	f.Add(`{"name":"tags","target":"tag","conditions":{"refName":{"include":["~ALL"]}},"rules":{"deletion":true,"tagNamePattern":{"operator":"regex","pattern":"^v[0-9]"}}}`)
	f.Add(`{"name":"push","target":"push","rules":{"filePathRestriction":{"restrictedFilePaths":["secrets/**"]},"fileExtensionRestriction":{"restrictedFileExtensions":[".exe"]},"maxFilePathLength":{"maxFilePathLength":255},"maxFileSize":{"maxFileSize":100}}}`)
	f.Add(`{"name":"Ünïcode name","enforcement":"disabled","rules":{"pullRequest":{},"requiredStatusChecks":{"requiredStatusChecks":[{"context":"ci"}]},"mergeQueue":{}}}`)
	f.Add(`{"name":"checks","rules":{"requiredStatusChecks":{"requiredStatusChecks":[{"context":"a"},{"context":"a","integrationId":1}]},"requiredDeployments":{"requiredDeploymentEnvironments":["Staging","staging"]}}}`)
	f.Add(`{"name":"actors","bypassActors":[{"actorType":"DeployKey","bypassMode":"exempt"},{"actorType":"RepositoryRole","actorId":2},{"actorType":"Integration","actorId":99}]}`)
	f.Add(`{"name":"update only","rules":{"update":true,"updateAllowsFetchAndMerge":true}}`)
	f.Add(`{"name":"patterns","rules":{"commitMessagePattern":{"operator":"contains","pattern":" ","negate":true,"name":""},"branchNamePattern":{"operator":"regex","pattern":"("}}}`)
	f.Fuzz(func(t *testing.T, spec string) {
		p := &common.RulesetParameters{}
		if json.Unmarshal([]byte(spec), p) != nil {
			return
		}
		p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To("seeded")}
		admitted, errs := schema.Admit(p)
		if len(errs) > 0 {
			return
		}
		p = &common.RulesetParameters{}
		if err := json.Unmarshal(admitted, p); err != nil {
			t.Fatalf("json.Unmarshal(admitted spec): %v", err)
		}
		ctx := context.Background()
		api := github.NewRulesetsClient(emu.Begin(t))

		created, err := api.CreateRuleset(ctx, "demo-org", "seeded", Request(p, nil))
		if err != nil {
			fuzzemu.RequireRefusal(t, "CreateRuleset", err)
			return
		}
		r, err := api.GetRuleset(ctx, "demo-org", "seeded", created.ID)
		if err != nil {
			t.Fatalf("GetRuleset(%d) after creating it: %v", created.ID, err)
		}
		if d := Drift(p, r); len(d) > 0 {
			t.Logf("drift after the create: %v", d)
			if _, err := api.UpdateRuleset(ctx, "demo-org", "seeded", r.ID, Request(p, r)); err != nil {
				t.Fatalf("UpdateRuleset(...) of a ruleset just created from the same spec: %v", err)
			}
			if r, err = api.GetRuleset(ctx, "demo-org", "seeded", created.ID); err != nil {
				t.Fatalf("GetRuleset(%d) after updating it: %v", created.ID, err)
			}
			if d := Drift(p, r); len(d) > 0 {
				got, _ := json.Marshal(r)
				t.Fatalf("drift after the create and an update: %s\nGitHub has %s", strings.Join(d, ", "), got)
			}
		}

		o := Observation("demo-org/seeded", r, p)
		if o.ID == nil || *o.ID != created.ID || ptr.Deref(o.Repository, "") != "demo-org/seeded" {
			t.Errorf("Observation(...): want id %d of demo-org/seeded, got %v of %v", created.ID, o.ID, o.Repository)
		}
		if len(o.KeptRules) > 0 {
			t.Errorf("Observation(...).KeptRules: a ruleset made from the spec alone has no rules beside it, got %v", o.KeptRules)
		}
		if want := len(Request(p, nil).Rules); len(o.RuleTypes) != want {
			t.Errorf("Observation(...).RuleTypes: want the %d rules sent, got %v", want, o.RuleTypes)
		}
	})
}
