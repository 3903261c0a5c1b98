package importer

import (
	"context"
	"strconv"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// orgRulesetSeed is rulesetSeed with a second repository, lib, that the
// import leaves out.
const orgRulesetSeed = rulesetSeed + `  - {owner: acme, name: lib, branches: [main]}
`

// An organization's ruleset is imported with its repositories named by a
// reference where their Repository is imported, by name where not (an id
// the organization does not list is left out, with a note), and its bypass
// team by a reference to its Team; Drift then finds nothing.
func TestImportOrganizationRulesets(t *testing.T) {
	ctx := context.Background()
	s, emu := newTestSessionOn(t, orgRulesetSeed, "Repository", "Team", "OrganizationRuleset")
	api, lib := repoIDOf(t, emu, "api"), repoIDOf(t, emu, "lib")
	s.repoNames = map[int64]string{api: "api", lib: "lib"}
	created, err := gh.NewOrgRulesetsClient(s.GitHub).CreateOrgRuleset(ctx, "acme", &gh.RulesetRequest{Name: "baseline", Target: "branch", Enforcement: "active",
		BypassActors: []gh.RulesetBypassActor{{ActorType: "Team", ActorID: ptr.To[int64](42), BypassMode: "pull_request"}},
		Conditions: &gh.RulesetConditions{RefName: &gh.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}, Exclude: []string{}},
			RepositoryID: &gh.RulesetRepositoryID{RepositoryIDs: []int64{lib, api, 999}}},
		Rules: []gh.RulesetRule{{Type: gh.RuleDeletion}}})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := organizationRulesetKind.Import(ctx, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := strconv.FormatInt(created.ID, 10)
	want := []Resource{{Kind: "OrganizationRuleset", Group: "org", Key: id, ExternalName: id,
		Notes: []string{`Ruleset "baseline".`, "Left out of conditions.repositoryId: repository id 999, which organisation acme does not list (another owner's, or deleted); the first update removes it."},
		ForProvider: orgcommon.OrganizationRulesetParameters{OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To("acme")}, Name: "baseline",
			BypassActors: []orgcommon.OrganizationRulesetBypassActor{{ActorType: "Team", TeamRef: s.TeamReference("platform"), BypassMode: "pull_request"}},
			Conditions: orgcommon.OrganizationRulesetConditions{RefName: &common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}},
				RepositoryID: &orgcommon.RulesetRepositoryID{Repositories: []string{"lib"}, RepositoryRefs: []xpv2.Reference{xpv2Ref("api")}}},
			Rules: &common.RulesetRules{Deletion: true}}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported rulesets: -want, +got:\n%s", diff)
	}
}

// repoIDOf is the id of the emulator's repository acme/name.
func repoIDOf(t *testing.T, emu *emulator.Server, name string) int64 {
	t.Helper()
	r, ok := emu.State().RepoByName("acme", name)
	if !ok {
		t.Fatalf("no repository acme/%s", name)
	}
	return r.ID
}
