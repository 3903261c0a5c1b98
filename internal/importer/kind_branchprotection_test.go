package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// protectionSeed is an organisation acme with a team platform, and a
// repository api with branches main, release and feature/login.
const protectionSeed = `
users:
  - {login: admin, tokens: [admin-token]}
  - {login: alice}
orgs:
  - login: acme
    members: [{login: admin, role: admin}, {login: alice}]
teams:
  - {org: acme, name: platform, members: [alice]}
repos:
  - {owner: acme, name: api, branches: [main, release, feature/login]}
`

func TestImportBranchProtections(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, protectionSeed, "Repository", "Branch")
	if err := gh.NewTeamReposClient(s.GitHub).AddTeamRepo(ctx, "acme", "platform", "acme", "api", "push"); err != nil {
		t.Fatal(err)
	}
	api := gh.NewBranchProtectionClient(s.GitHub)
	main := &gh.ProtectionRequest{
		RequiredStatusChecks: &gh.StatusChecksRequest{Strict: true, Contexts: []string{"ci/build"}},
		EnforceAdmins:        true,
		RequiredPullRequestReviews: &gh.ReviewsRequest{RequiredApprovingReviewCount: 2, DismissStaleReviews: true,
			DismissalRestrictions: &gh.ActorsRequest{Users: []string{"alice"}, Teams: []string{}}},
		Restrictions:          &gh.ActorsRequest{Users: []string{"admin"}, Teams: []string{"platform"}, Apps: []string{}},
		RequiredLinearHistory: true,
	}
	if _, err := api.UpdateProtection(ctx, "acme", "api", "main", main); err != nil {
		t.Fatal(err)
	}
	if err := api.SetRequiredSignatures(ctx, "acme", "api", "main", true); err != nil {
		t.Fatal(err)
	}
	protect(t, s, "release")
	// feature/login is protected by a ruleset alone: no protection to import.
	if _, err := gh.NewRulesetsClient(s.GitHub).CreateRuleset(ctx, "acme", "api", &gh.RulesetRequest{Name: "features", Target: "branch", Enforcement: "active",
		Conditions: &gh.RulesetConditions{RefName: &gh.RulesetRefName{Include: []string{"refs/heads/feature/*"}}},
		Rules:      []gh.RulesetRule{{Type: gh.RuleDeletion}}}); err != nil {
		t.Fatal(err)
	}

	rs, err := branchProtectionKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	repo := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
	want := []Resource{
		{Kind: "BranchProtection", Group: "repo", Repository: "api", Key: "main", ExternalName: "main",
			ForProvider: common.BranchProtectionParameters{RepositoryTarget: repo,
				// The default branch has no Branch resource.
				BranchTarget:         common.BranchTarget{Branch: ptr.To[common.BranchName]("main")},
				RequiredStatusChecks: &common.RequiredStatusChecks{Strict: ptr.To(true), Contexts: []string{"ci/build"}},
				EnforceAdmins:        ptr.To(true),
				RequiredPullRequestReviews: &common.RequiredPullRequestReviews{DismissStaleReviews: ptr.To(true), RequiredApprovingReviewCount: ptr.To[int64](2),
					DismissalRestrictions: &common.BranchActors{Users: []string{"alice"}}},
				Restrictions:          &common.BranchActors{Users: []string{"admin"}, Teams: []string{"platform"}},
				RequiredLinearHistory: ptr.To(true),
				RequiredSignatures:    ptr.To(true),
			}},
		{Kind: "BranchProtection", Group: "repo", Repository: "api", Key: "release", ExternalName: "release",
			ForProvider: common.BranchProtectionParameters{RepositoryTarget: repo,
				BranchTarget: common.BranchTarget{BranchRef: ptr.To(xpv2Ref("api.branch.release"))}}},
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported protections: -want, +got:\n%s", diff)
	}
}
