package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// A repository whose code scanning default setup is not configured has
// nothing to import; a configured one is imported as GitHub shows it, its
// languages named.
func TestImportCodeScanningDefaultSetup(t *testing.T) {
	s, emu := newTestSessionOn(t, "", "CodeScanningDefaultSetup")
	api := gh.NewCodeScanningDefaultSetupClient(s.GitHub)
	ctx := context.Background()
	repo := testRepo(t, s.GitHub, "api")
	target := common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")}

	rs, err := codeScanningDefaultSetupKind.Import(ctx, s, repo)
	if err != nil || len(rs) != 0 {
		t.Fatalf("import of a setup not configured: %+v, %v; want nothing", rs, err)
	}

	if err := emu.State().SetCodeScanningLanguages("acme", "api", []string{"python", "go"}); err != nil {
		t.Fatal(err)
	}
	if _, err := api.UpdateCodeScanningDefaultSetup(ctx, "acme", "api", &gh.CodeScanningDefaultSetupRequest{State: "configured", QuerySuite: ptr.To("extended")}); err != nil {
		t.Fatal(err)
	}
	if err := emu.State().ApplyCodeScanningDefaultSetup("acme", "api"); err != nil {
		t.Fatal(err)
	}
	rs, err = codeScanningDefaultSetupKind.Import(ctx, s, repo)
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{{Kind: "CodeScanningDefaultSetup", Group: "repo", Repository: "api", ExternalName: "acme/api",
		ForProvider: common.CodeScanningDefaultSetupParameters{RepositoryTarget: target, State: "configured", QuerySuite: ptr.To("extended"),
			ThreatModel: ptr.To("remote"), Languages: []string{"go", "python"}}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported setup: -want, +got:\n%s", diff)
	}
}
