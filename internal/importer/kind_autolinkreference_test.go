package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportAutolinkReferences(t *testing.T) {
	s := newTestSession(t, "", "AutolinkReference")
	api := gh.NewAutolinksClient(s.GitHub)
	ctx := context.Background()
	var want []Resource
	for _, a := range []gh.AutolinkRequest{
		{KeyPrefix: "TICKET-", URLTemplate: "https://example.com/TICKET?query=<num>"},
		{KeyPrefix: "ZD#", URLTemplate: "https://support.example.com/tickets/<num>", IsAlphanumeric: ptr.To(false)},
	} {
		created, err := api.CreateAutolink(ctx, "acme", "api", &a)
		if err != nil {
			t.Fatalf("CreateAutolink(%s): %v", a.KeyPrefix, err)
		}
		p := common.AutolinkReferenceParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
			KeyPrefix: a.KeyPrefix, URLTemplate: a.URLTemplate, IsAlphanumeric: ptr.To(ptr.Deref(a.IsAlphanumeric, true))}
		id := externalID(created.ID)
		want = append(want, Resource{Kind: "AutolinkReference", Group: "repo", Repository: "api", Key: id, ExternalName: id, ForProvider: p})
	}
	rs, err := autolinkReferenceKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported autolink references: -want, +got:\n%s", diff)
	}
}
