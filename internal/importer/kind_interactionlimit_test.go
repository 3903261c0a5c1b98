package importer

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// A repository without a limit of its own has nothing to import; one with
// a limit is imported with it, the shortest expiry covering what is left
// of it, no renewal, its cap and bypass list, and a note saying when it
// expires; the organization's limit, shown in the repository, is the
// OrganizationInteractionLimit's.
func TestImportInteractionLimits(t *testing.T) {
	s := newTestSession(t, "", "RepositoryInteractionLimit", "OrganizationInteractionLimit")
	api := gh.NewInteractionsClient(s.GitHub)
	ctx := context.Background()
	repo := testRepo(t, s.GitHub, "api")

	if rs, err := repositoryInteractionLimitKind.Import(ctx, s, repo); err != nil || len(rs) != 0 {
		t.Fatalf("import without a limit: %+v, %v; want nothing", rs, err)
	}
	if rs, err := organizationInteractionLimitKind.Import(ctx, s, nil); err != nil || len(rs) != 0 {
		t.Fatalf("import of an organization without a limit: %+v, %v; want nothing", rs, err)
	}

	if _, err := api.PutRepositoryInteractionLimit(ctx, "acme", "api", &gh.InteractionLimitRequest{Limit: "contributors_only", Expiry: "one_week"}); err != nil {
		t.Fatal(err)
	}
	if _, err := api.PatchRepositoryPullCap(ctx, "acme", "api", &gh.PullCap{Enabled: true, MaxOpenPullRequests: ptr.To(int64(4))}); err != nil {
		t.Fatal(err)
	}
	if err := api.AddPullCapBypassUsers(ctx, "acme", "api", []string{"admin"}); err != nil {
		t.Fatal(err)
	}
	rs, err := repositoryInteractionLimitKind.Import(ctx, s, repo)
	if err != nil || len(rs) != 1 {
		t.Fatalf("import of a limit: %+v, %v; want one resource", rs, err)
	}
	want := common.RepositoryInteractionLimitParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
		InteractionLimit:          common.InteractionLimit{Limit: "contributors_only", Expiry: ptr.To("one_week")},
		PullRequestCreationCap:    &common.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: ptr.To(int64(4))},
		PullRequestCapBypassUsers: []string{"admin"}}
	if diff := cmp.Diff(want, rs[0].ForProvider); diff != "" {
		t.Errorf("the imported limit: -want, +got:\n%s", diff)
	}
	if rs[0].ExternalName != "acme/api" || len(rs[0].Notes) != 1 || !strings.Contains(rs[0].Notes[0], "set renew: true") {
		t.Errorf("external name %q, notes %q", rs[0].ExternalName, rs[0].Notes)
	}

	if _, err := api.PutOrganizationInteractionLimit(ctx, "acme", &gh.InteractionLimitRequest{Limit: "existing_users", Expiry: "six_months"}); err != nil {
		t.Fatal(err)
	}
	if rs, err := repositoryInteractionLimitKind.Import(ctx, s, repo); err != nil || len(rs) != 0 {
		t.Errorf("import of the organization's limit shown in the repository: %+v, %v; want nothing", rs, err)
	}
	rs, err = organizationInteractionLimitKind.Import(ctx, s, nil)
	if err != nil || len(rs) != 1 {
		t.Fatalf("import of the organization's limit: %+v, %v; want one resource", rs, err)
	}
	if p := rs[0].ForProvider.(orgcommon.OrganizationInteractionLimitParameters); p.Limit != "existing_users" || ptr.Deref(p.Expiry, "") != "six_months" || p.Renew != nil || p.PullRequestCreationCap != nil {
		t.Errorf("the organization's limit imported as %+v", p)
	}
}
