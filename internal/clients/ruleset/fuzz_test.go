package ruleset

import (
	"context"
	"encoding/json"
	"regexp"
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
// made. GitHub refuses exactly the rulesets it should (see refusal),
// worded.
func FuzzRulesetConverges(f *testing.F) {
	schema, emu := setUp(f)

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
		if p = admit(t, schema, p); p == nil {
			return
		}
		converge(t, emu, nil, p)
	})
}

// setUp loads the Ruleset schema and starts an emulator with demo-org's
// team 7 and repository seeded.
func setUp(f *testing.F) (*admission.Schema, *fuzzemu.Emulator) {
	schema, err := admission.Load("repo.github.crossplane.io_rulesets.yaml")
	if err != nil {
		f.Fatal(err)
	}
	seed := emulator.DefaultSeed()
	seed.Teams = append(seed.Teams, emulator.SeedTeam{ID: 7, Org: "demo-org", Name: "platform"})
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Branches: []string{"main"}})
	return schema, fuzzemu.New(f, seed)
}

// admit is spec as the API server keeps it, its defaults applied, or nil
// when the API server refuses it.
func admit(t *testing.T, schema *admission.Schema, spec any) *common.RulesetParameters {
	t.Helper()
	return admission.As[common.RulesetParameters](t, schema, spec)
}

// refusal tells whether GitHub refuses the ruleset of p, in the fuzz
// seed's repository: a bypass actor it does not have (a repository role
// other than 2, 4 and 5, a team other than 7, any app), a pattern rule's
// invalid regular expression. sure is false when p names a user, whose id
// the test does not know.
func refusal(p *common.RulesetParameters) (refused, sure bool) {
	sure = true
	for _, a := range p.BypassActors {
		id := ptr.Deref(a.ActorID, 0)
		switch a.ActorType {
		case "RepositoryRole":
			refused = refused || id != 2 && id != 4 && id != 5
		case "Team":
			refused = refused || id != 7
		case "Integration":
			refused = true
		case "User":
			sure = false
		}
	}
	if r := p.Rules; r != nil {
		for _, pat := range []*common.PatternRule{r.CommitMessagePattern, r.CommitAuthorEmailPattern, r.CommitterEmailPattern, r.BranchNamePattern, r.TagNamePattern} {
			if pat != nil && pat.Operator == "regex" {
				_, err := regexp.Compile(pat.Pattern)
				refused = refused || err != nil
			}
		}
	}
	return refused, sure
}

// converge creates the ruleset of p in demo-org/seeded, or updates the
// ruleset of prior to p when prior is not nil, and requires it to converge
// (see FuzzRulesetConverges).
func converge(t *testing.T, emu *fuzzemu.Emulator, prior, p *common.RulesetParameters) {
	t.Helper()
	ctx := context.Background()
	api := github.NewRulesetsClient(emu.Begin(t))

	var created *github.Ruleset
	var err error
	if prior != nil {
		if created, err = api.CreateRuleset(ctx, "demo-org", "seeded", Request(prior, nil)); err != nil {
			t.Fatalf("CreateRuleset(prior): %v", err)
		}
		old, rerr := api.GetRuleset(ctx, "demo-org", "seeded", created.ID)
		if rerr != nil {
			t.Fatalf("GetRuleset(prior): %v", rerr)
		}
		_, err = api.UpdateRuleset(ctx, "demo-org", "seeded", created.ID, Request(p, old))
	} else {
		created, err = api.CreateRuleset(ctx, "demo-org", "seeded", Request(p, nil))
	}
	switch refused, sure := refusal(p); {
	case err != nil && (refused || !sure):
		fuzzemu.RequireRefusal(t, "creating or updating the ruleset", err)
		return
	case err != nil:
		t.Fatalf("creating or updating the ruleset: %v", err)
	case refused && sure:
		t.Fatal("creating or updating the ruleset: GitHub took a ruleset it refuses (an unknown actor, an invalid regular expression)")
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
			t.Fatalf("drift after the create (or the update from a prior ruleset) and an update: %s\nGitHub has %s", strings.Join(d, ", "), got)
		}
	}

	o := Observation("demo-org/seeded", r, p)
	if o.ID == nil || *o.ID != created.ID || ptr.Deref(o.Repository, "") != "demo-org/seeded" {
		t.Errorf("Observation(...): want id %d of demo-org/seeded, got %v of %v", created.ID, o.ID, o.Repository)
	}
	if len(o.KeptRules) > 0 {
		t.Errorf("Observation(...).KeptRules: a ruleset made from specs alone has no rules beside them, got %v", o.KeptRules)
	}
	if want := len(Request(p, nil).Rules); len(o.RuleTypes) != want {
		t.Errorf("Observation(...).RuleTypes: want the %d rules sent, got %v", want, o.RuleTypes)
	}
}

// priors are rulesets of each target that FuzzRulesetFieldsConverge
// updates to the fuzzed one, when the target's top bit says so: each rule
// of its target, with parameters GitHub has that the spec may leave out.
func priors() map[string]*common.RulesetParameters {
	rules := everyBranchRule()
	rules.CommitMessagePattern.Name = ptr.To("set before")
	return map[string]*common.RulesetParameters{
		"branch": {Name: "prior", Target: "branch", Enforcement: "evaluate", Rules: rules,
			BypassActors: []common.RulesetBypassActor{{ActorType: "Team", ActorID: ptr.To[int64](7), BypassMode: "pull_request"}},
			Conditions:   &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~ALL"}, Exclude: []string{"refs/heads/x"}}}},
		"tag": {Name: "prior", Target: "tag", Enforcement: "active",
			BypassActors: []common.RulesetBypassActor{{ActorType: "OrganizationAdmin", BypassMode: "exempt"}},
			Rules:        &common.RulesetRules{Deletion: true, Update: true, TagNamePattern: &common.PatternRule{Operator: "regex", Pattern: "^v", Name: ptr.To("versions")}}},
		"push": {Name: "prior", Target: "push", Enforcement: "active",
			Rules: &common.RulesetRules{FilePathRestriction: &common.FilePathRestrictionRule{RestrictedFilePaths: []string{"a", "b"}}, MaxFileSize: &common.MaxFileSizeRule{MaxFileSize: 10}}},
	}
}

// FuzzRulesetFieldsConverge fills a ruleset of each target with fuzzed
// values (the top bit of target makes it an update of the target's prior
// ruleset instead of a create; the bits choose the enforcement, the rules, their switches and
// the bypass actors; text fills names, patterns and lists, split at
// commas; the numbers fill counts and limits), keeps those the API server
// admits, and requires them to converge as FuzzRulesetConverges does. It
// reaches far more admissible rulesets than mutating JSON does.
func FuzzRulesetFieldsConverge(f *testing.F) {
	schema, emu := setUp(f)
	f.Add(uint8(0), uint32(0), "x", "", int32(0), int32(0))
	const all = ^uint32(0) &^ (1 << 6) // every rule and actor but a role by n1
	f.Add(uint8(0), all, "all branch rules", "ci/build,test", int32(2), int32(100))
	f.Add(uint8(1), all, "all tag rules", "v*", int32(10), int32(0))
	f.Add(uint8(2), all, "all push rules", "*.exe,secrets/**", int32(255), int32(100))
	f.Add(uint8(0), uint32(0x5555_5555), "alternate", "Staging,staging,ß", int32(6), int32(360))
	f.Add(uint8(0), uint32(0xaaaa_aaaa), "others", " a , b ", int32(1), int32(-1))
	f.Add(uint8(0), uint32(1<<6|1<<4), "a custom role", "", int32(99), int32(0)) // no such role
	f.Add(uint8(0x80), uint32(0), "from prior, minimal", "", int32(0), int32(0))
	f.Add(uint8(0x80), all, "from prior, all branch rules", "ci/build,test", int32(2), int32(100))
	f.Add(uint8(0x81), all, "from prior, all tag rules", "v*", int32(10), int32(0))
	f.Add(uint8(0x82), uint32(1<<12), "from prior, push", "", int32(100), int32(0))
	f.Add(uint8(0x80), uint32(1<<31|1<<3), "from prior, bad regex", "(", int32(0), int32(0)) // refused
	f.Fuzz(func(t *testing.T, target uint8, bits uint32, name, text string, n1, n2 int32) {
		bit := func(i int) bool { return bits&(1<<i) != 0 }
		list := strings.Split(text, ",")
		rules := map[string]any{}
		spec := map[string]any{"repository": "seeded", "name": name, "rules": rules,
			"target": []string{"branch", "tag", "push"}[(target&0x7f)%3], "enforcement": []string{"active", "evaluate", "disabled", "active"}[bits%4]}

		var actors []any
		for i, a := range []map[string]any{
			{"actorType": "OrganizationAdmin"}, {"actorType": "RepositoryRole", "actorId": 5}, {"actorType": "Team", "actorId": 7},
			{"actorType": "DeployKey"}, {"actorType": "RepositoryRole", "actorId": int64(n1)},
		} {
			if bit(2 + i) {
				if bit(7) {
					a["bypassMode"] = []string{"always", "exempt", "pull_request"}[(int(n2)&0xff)%3]
				}
				actors = append(actors, a)
			}
		}
		if len(actors) > 0 {
			spec["bypassActors"] = actors
		}
		ref := map[string]any{}
		switch spec["target"] {
		case "branch":
			ref["include"] = []string{"~DEFAULT_BRANCH", "refs/heads/" + list[0]}
			if bit(8) {
				ref["exclude"] = []string{"refs/heads/" + text}
			}
		case "tag":
			ref["include"] = []string{"refs/tags/" + list[0]}
		}
		if len(ref) > 0 && bit(9) {
			spec["conditions"] = map[string]any{"refName": ref}
		}

		for i, flag := range []string{"creation", "update", "deletion", "requiredLinearHistory", "requiredSignatures", "nonFastForward", "updateAllowsFetchAndMerge"} {
			if bit(10 + i) {
				rules[flag] = true
			}
		}
		branch := spec["target"] == "branch"
		if branch && bit(17) {
			methods := []string{}
			for i, m := range []string{"merge", "squash", "rebase"} {
				if bit(18 + i) {
					methods = append(methods, m)
				}
			}
			pr := map[string]any{"requiredApprovingReviewCount": uint32(n1) % 11, "dismissStaleReviewsOnPush": bit(21), "requireCodeOwnerReview": bit(22),
				"requireLastPushApproval": bit(23), "requiredReviewThreadResolution": bit(24)}
			if len(methods) > 0 {
				pr["allowedMergeMethods"] = methods
			}
			rules["pullRequest"] = pr
		}
		if branch && bit(25) {
			var checks []any
			for i, c := range list {
				check := map[string]any{"context": c}
				if bit(26) && i == 0 && n2 > 0 {
					check["integrationId"] = int64(n2)
				}
				checks = append(checks, check)
			}
			rules["requiredStatusChecks"] = map[string]any{"requiredStatusChecks": checks, "strictRequiredStatusChecksPolicy": bit(27), "doNotEnforceOnCreate": bit(28)}
		}
		if bit(29) {
			rules["requiredDeployments"] = map[string]any{"requiredDeploymentEnvironments": list}
		}
		if branch && bit(30) {
			rules["mergeQueue"] = map[string]any{"checkResponseTimeoutMinutes": 1 + uint32(n1)%360, "maxEntriesToBuild": uint32(n2) % 101, "minEntriesToMerge": uint32(n1) % 7,
				"groupingStrategy": []string{"ALLGREEN", "HEADGREEN"}[bits%2], "mergeMethod": []string{"MERGE", "SQUASH", "REBASE"}[(bits>>1)%3]}
		}
		operators := []string{"starts_with", "ends_with", "contains", "regex"}
		for i, pat := range []string{"commitMessagePattern", "commitAuthorEmailPattern", "committerEmailPattern", "branchNamePattern", "tagNamePattern"} {
			switch {
			case !bit(31) || (bits>>uint(i))%2 == 0:
				continue
			case pat == "branchNamePattern" && !branch, pat == "tagNamePattern" && spec["target"] != "tag":
				continue
			}
			r := map[string]any{"operator": operators[(int(n1)+i)&3], "pattern": text, "negate": bit(i + 10)}
			if bit(i + 20) {
				r["name"] = name
			}
			rules[pat] = r
		}
		if spec["target"] == "push" {
			rules = map[string]any{}
			spec["rules"] = rules
			if bit(10) {
				rules["filePathRestriction"] = map[string]any{"restrictedFilePaths": list}
			}
			if bit(11) {
				rules["fileExtensionRestriction"] = map[string]any{"restrictedFileExtensions": list}
			}
			if bit(12) {
				rules["maxFilePathLength"] = map[string]any{"maxFilePathLength": uint32(n1) % 300}
			}
			if bit(13) {
				rules["maxFileSize"] = map[string]any{"maxFileSize": uint32(n2) % 200}
			}
		}
		p := admit(t, schema, spec)
		if p == nil {
			return
		}
		var prior *common.RulesetParameters
		if target&0x80 != 0 {
			prior = priors()[p.Target]
		}
		converge(t, emu, prior, p)
	})
}
