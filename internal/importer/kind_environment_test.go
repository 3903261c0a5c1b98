package importer

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// environmentSeed is testSeed with a team sre of acme, whose members may
// review deployments.
const environmentSeed = `
users:
  - {login: admin, id: 7, tokens: [admin-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
teams:
  - {org: acme, id: 42, name: SRE, slug: sre, members: [admin]}
repos:
  - {owner: acme, name: api, branches: [main, release]}
`

func TestImportEnvironments(t *testing.T) {
	s := newTestSession(t, environmentSeed, "Repository", "Team", "Environment")
	ctx := context.Background()
	if err := gh.NewTeamReposClient(s.GitHub).AddTeamRepo(ctx, "acme", "sre", "acme", "api", "pull"); err != nil {
		t.Fatal(err)
	}
	envs := gh.NewEnvironmentsClient(s.GitHub)
	put := func(name string, r *gh.EnvironmentRequest) {
		t.Helper()
		if _, err := envs.PutEnvironment(ctx, "acme", "api", name, r); err != nil {
			t.Fatal(err)
		}
	}
	put("production", &gh.EnvironmentRequest{WaitTimer: 30, PreventSelfReview: true,
		Reviewers:              []gh.ReviewerRequest{{Type: "User", ID: 7}, {Type: "Team", ID: 42}},
		DeploymentBranchPolicy: &gh.DeploymentBranchPolicy{CustomBranchPolicies: true}})
	for _, p := range []gh.BranchPolicy{{Name: "main", Type: "branch"}, {Name: "v*", Type: "tag"}} {
		if _, err := envs.CreateBranchPolicy(ctx, "acme", "api", "production", p); err != nil {
			t.Fatal(err)
		}
	}
	put("staging", &gh.EnvironmentRequest{DeploymentBranchPolicy: &gh.DeploymentBranchPolicy{ProtectedBranches: true}})
	put("preview", &gh.EnvironmentRequest{})
	put("locked", &gh.EnvironmentRequest{DeploymentBranchPolicy: &gh.DeploymentBranchPolicy{CustomBranchPolicies: true}})

	rs, err := environmentKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Key < rs[j].Key })
	repo := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
	resource := func(name string, p common.EnvironmentParameters, notes ...string) Resource {
		p.RepositoryTarget, p.Name = repo, name
		return Resource{Kind: "Environment", Group: "repo", Repository: "api", Key: name, ExternalName: name, ForProvider: p, Notes: notes}
	}
	want := []Resource{
		resource("locked", common.EnvironmentParameters{},
			"On GitHub no branch may deploy: the environment is limited to custom branch and tag patterns, and has none.",
			"A spec cannot say so (customBranchPolicies needs a pattern), so deploymentBranchPolicy is left out, which lets every branch deploy:",
			"managed, the provider would open the environment to every branch. Declare the patterns (or protectedBranches) before managing it."),
		resource("preview", common.EnvironmentParameters{}),
		resource("production", common.EnvironmentParameters{WaitTimer: ptr.To[int64](30), PreventSelfReview: ptr.To(true),
			Reviewers: []common.EnvironmentReviewer{{Type: "User", Login: ptr.To("admin")}, {Type: "Team", TeamRef: ptr.To(xpv2Ref("team.sre"))}},
			DeploymentBranchPolicy: &common.DeploymentBranchPolicy{CustomBranchPolicies: []common.EnvironmentBranchPolicy{
				{Name: "main"}, {Name: "v*", Type: ptr.To("tag")}}}}),
		resource("staging", common.EnvironmentParameters{DeploymentBranchPolicy: &common.DeploymentBranchPolicy{ProtectedBranches: ptr.To(true)}}),
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported environments: -want, +got:\n%s", diff)
	}
}

func TestImportEnvironmentsReviewerTeamBySlug(t *testing.T) {
	s := newTestSession(t, environmentSeed, "Environment")
	ctx := context.Background()
	if err := gh.NewTeamReposClient(s.GitHub).AddTeamRepo(ctx, "acme", "sre", "acme", "api", "pull"); err != nil {
		t.Fatal(err)
	}
	if _, err := gh.NewEnvironmentsClient(s.GitHub).PutEnvironment(ctx, "acme", "api", "production",
		&gh.EnvironmentRequest{Reviewers: []gh.ReviewerRequest{{Type: "Team", ID: 42}}}); err != nil {
		t.Fatal(err)
	}
	rs, err := environmentKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{{Kind: "Environment", Group: "repo", Repository: "api", Key: "production", ExternalName: "production",
		ForProvider: common.EnvironmentParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
			Name: "production", Reviewers: []common.EnvironmentReviewer{{Type: "Team", TeamSlug: ptr.To("sre")}}}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("without Teams imported, a reviewer team is named by slug: -want, +got:\n%s", diff)
	}
}

// TestImportEnvironmentRules: an environment's custom deployment
// protection rules are imported by app slug; one without rules leaves them
// undeclared.
func TestImportEnvironmentRules(t *testing.T) {
	s, emu := newTestSessionOn(t, environmentSeed, "Repository", "Environment")
	ctx := context.Background()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := emu.State().Apply(&emulator.Seed{Apps: []emulator.SeedApp{{ID: 43, Slug: "deploy-gate",
		PublicKeyPEM:  string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})),
		Installations: []emulator.SeedInstallation{{ID: 4343, Account: "acme", Permissions: map[string]string{"deployments": "read"}}}}}}); err != nil {
		t.Fatal(err)
	}
	envs := gh.NewEnvironmentsClient(s.GitHub)
	for _, name := range []string{"gated", "open"} {
		if _, err := envs.PutEnvironment(ctx, "acme", "api", name, &gh.EnvironmentRequest{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := envs.CreateProtectionRule(ctx, "acme", "api", "gated", 43); err != nil {
		t.Fatal(err)
	}
	rs, err := environmentKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*[]common.CustomProtectionRule{}
	for _, r := range rs {
		got[r.Key] = r.ForProvider.(common.EnvironmentParameters).CustomProtectionRules
	}
	want := map[string]*[]common.CustomProtectionRule{"gated": {{AppSlug: ptr.To("deploy-gate")}}, "open": nil}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the imported rules: -want, +got:\n%s", diff)
	}
}
