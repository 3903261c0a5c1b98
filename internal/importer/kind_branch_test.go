package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// branchSeed is testSeed with a feature branch beside main and release.
const branchSeed = `
users:
  - {login: admin, tokens: [admin-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
repos:
  - {owner: acme, name: api, branches: [main, release, feature/login]}
`

// protect gives branch of acme/api a protection requiring nothing.
func protect(t *testing.T, s *Session, branch string) {
	t.Helper()
	if _, err := gh.NewBranchProtectionClient(s.GitHub).UpdateProtection(context.Background(), "acme", "api", branch, &gh.ProtectionRequest{}); err != nil {
		t.Fatal(err)
	}
}

func TestImportBranches(t *testing.T) {
	s := newTestSession(t, branchSeed, "Repository", "Branch")
	protect(t, s, "main")
	protect(t, s, "release")
	rs, err := branchKind.Import(context.Background(), s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	// main comes with the Repository, and feature/login is not protected.
	want := []Resource{{Kind: "Branch", Group: "repo", Repository: "api", Key: "release", ExternalName: "release",
		ForProvider: common.BranchParameters{RepositoryTarget: common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}, Name: "release"}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported branches: -want, +got:\n%s", diff)
	}
}
