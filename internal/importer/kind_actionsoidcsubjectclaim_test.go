package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// A repository whose OIDC subject claim template is GitHub's default has
// nothing to import; one with claim keys is imported with them, in order;
// one that follows its organization's template is imported as the
// default, with a note.
func TestImportActionsOIDCSubjectClaim(t *testing.T) {
	s := newTestSession(t, "", "ActionsOIDCSubjectClaim")
	api := gh.NewActionsOIDCSubjectClaimClient(s.GitHub)
	ctx := context.Background()
	repo := testRepo(t, s.GitHub, "api")
	target := common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")}

	rs, err := actionsOIDCSubjectClaimKind.Import(ctx, s, repo)
	if err != nil || len(rs) != 0 {
		t.Fatalf("import of GitHub's default: %+v, %v; want nothing", rs, err)
	}

	if err := api.PutActionsOIDCSubjectClaim(ctx, "acme", "api", &gh.ActionsOIDCSubjectClaimRequest{IncludeClaimKeys: []string{"repo", "context", "job_workflow_ref"}}); err != nil {
		t.Fatal(err)
	}
	rs, err = actionsOIDCSubjectClaimKind.Import(ctx, s, repo)
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{{Kind: "ActionsOIDCSubjectClaim", Group: "repo", Repository: "api", ExternalName: "acme/api",
		ForProvider: common.ActionsOIDCSubjectClaimParameters{RepositoryTarget: target, IncludeClaimKeys: []string{"repo", "context", "job_workflow_ref"}}}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported template: -want, +got:\n%s", diff)
	}

	if err := api.PutActionsOIDCSubjectClaim(ctx, "acme", "api", &gh.ActionsOIDCSubjectClaimRequest{}); err != nil {
		t.Fatal(err)
	}
	rs, err = actionsOIDCSubjectClaimKind.Import(ctx, s, repo)
	if err != nil || len(rs) != 1 {
		t.Fatalf("import of the organization's template: %+v, %v; want one resource", rs, err)
	}
	if p := rs[0].ForProvider.(common.ActionsOIDCSubjectClaimParameters); !ptr.Deref(p.UseDefault, false) || len(rs[0].Notes) != 1 {
		t.Errorf("the organization's template imported as %+v, notes %q: want GitHub's default, with a note", p, rs[0].Notes)
	}
}
