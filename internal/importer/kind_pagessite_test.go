package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// A repository without a Pages site has nothing to import, and costs no
// request; a site is imported as it is, its custom domain included.
func TestImportPagesSite(t *testing.T) {
	s, emu := newTestSessionOn(t, "", "PagesSite")
	ctx := context.Background()
	rs, err := pagesSiteKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil || len(rs) != 0 {
		t.Fatalf("import without a site: %+v, %v; want nothing", rs, err)
	}

	api := gh.NewPagesClient(s.GitHub)
	if _, err := api.CreatePages(ctx, "acme", "api", &gh.PagesCreateRequest{BuildType: "legacy", Source: &gh.PagesSource{Branch: "release", Path: "/docs"}}); err != nil {
		t.Fatal(err)
	}
	if err := api.UpdatePages(ctx, "acme", "api", &gh.PagesUpdateRequest{CNAME: ptr.To("docs.acme.example")}); err != nil {
		t.Fatal(err)
	}
	if err := emu.State().IssuePagesCertificate("acme", "api"); err != nil {
		t.Fatal(err)
	}
	rs, err = pagesSiteKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{{Kind: "PagesSite", Group: "repo", Repository: "api", ExternalName: "acme/api",
		ForProvider: common.PagesSiteParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
			BuildType: "legacy", Source: &common.PagesSource{Branch: "release", Path: ptr.To("/docs")}, CNAME: ptr.To("docs.acme.example"),
			HTTPSEnforced: ptr.To(false), Public: ptr.To(true)}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported site: -want, +got:\n%s", diff)
	}
}
