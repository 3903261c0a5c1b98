package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportActionsPermissions(t *testing.T) {
	s := newTestSession(t, "", "ActionsPermissions")
	ctx := context.Background()
	repo := testRepo(t, s.GitHub, "api")
	rs, err := actionsPermissionsKind.Import(ctx, s, repo)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 0 {
		t.Errorf("a repository with GitHub's defaults imported %+v, want nothing", rs)
	}

	api := gh.NewActionsPermissionsClient(s.GitHub)
	if err := api.PutActionsPermissions(ctx, "acme", "api", &gh.ActionsPermissionsRequest{Enabled: true, AllowedActions: ptr.To("selected")}); err != nil {
		t.Fatal(err)
	}
	if err := api.PutActionsSelectedActions(ctx, "acme", "api", &gh.ActionsSelectedActions{GitHubOwnedAllowed: true, PatternsAllowed: []string{"acme/*"}}); err != nil {
		t.Fatal(err)
	}
	if err := api.PutActionsWorkflowPermissions(ctx, "acme", "api", &gh.ActionsWorkflowPermissionsRequest{DefaultWorkflowPermissions: ptr.To("write")}); err != nil {
		t.Fatal(err)
	}
	if err := api.PutActionsRetention(ctx, "acme", "api", &gh.ActionsRetention{Days: 14}); err != nil {
		t.Fatal(err)
	}
	rs, err = actionsPermissionsKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	p := common.ActionsPermissionsParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
		AllowedActions: ptr.To("selected"),
		SelectedActions: &common.ActionsSelectedActions{GitHubOwnedAllowed: ptr.To(true), VerifiedAllowed: ptr.To(false),
			PatternsAllowed: &[]string{"acme/*"}},
		DefaultWorkflowPermissions: ptr.To("write"), ArtifactAndLogRetentionDays: ptr.To[int64](14)}
	want := []Resource{{Kind: "ActionsPermissions", Group: "repo", Repository: "api", ExternalName: "acme/api", ForProvider: p}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported Actions permissions: -want, +got:\n%s", diff)
	}
}

// A private repository's access level and how its forks' pull requests'
// workflows run are read and imported too.
func TestImportActionsPermissionsPrivate(t *testing.T) {
	s := newTestSession(t, `
users:
  - {login: admin, tokens: [admin-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
repos:
  - {owner: acme, name: api, visibility: private}
`, "ActionsPermissions")
	ctx := context.Background()
	rs, err := actionsPermissionsKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 0 {
		t.Errorf("a private repository with GitHub's defaults imported %+v, want nothing", rs)
	}

	api := gh.NewActionsPermissionsClient(s.GitHub)
	if err := api.PutActionsAccess(ctx, "acme", "api", &gh.ActionsAccess{AccessLevel: "organization"}); err != nil {
		t.Fatal(err)
	}
	if err := api.PutActionsPrivateForkWorkflows(ctx, "acme", "api", &gh.ActionsPrivateForkWorkflows{RunWorkflows: true, RequireApprovalFirst: true}); err != nil {
		t.Fatal(err)
	}
	rs, err = actionsPermissionsKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	p := common.ActionsPermissionsParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
		AccessLevel: ptr.To("organization"),
		PrivateForkPullRequestWorkflows: &common.ActionsPrivateForkPullRequestWorkflows{RunWorkflowsFromForkPullRequests: ptr.To(true),
			RequireApprovalForForkPullRequestWorkflows: ptr.To(true)}}
	want := []Resource{{Kind: "ActionsPermissions", Group: "repo", Repository: "api", ExternalName: "acme/api", ForProvider: p}}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported Actions permissions of a private repository: -want, +got:\n%s", diff)
	}
}
