package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/deploykey"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportDeployKeys(t *testing.T) {
	s := newTestSession(t, "", "DeployKey")
	api := gh.NewDeployKeysClient(s.GitHub)
	ctx := context.Background()
	var want []Resource
	for _, k := range []struct {
		title    string
		readOnly bool
	}{{"ci", true}, {"deploy ☃", false}} {
		pair, err := deploykey.GenerateKeyPair()
		if err != nil {
			t.Fatal(err)
		}
		created, err := api.CreateDeployKey(ctx, "acme", "api", &gh.DeployKeyRequest{Title: k.title, Key: pair.PublicKey.Canonical + " a comment", ReadOnly: k.readOnly})
		if err != nil {
			t.Fatalf("CreateDeployKey(%s): %v", k.title, err)
		}
		p := common.DeployKeyParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")},
			Title: k.title, PublicKey: ptr.To(pair.PublicKey.Canonical)}
		if !k.readOnly {
			p.ReadOnly = ptr.To(false)
		}
		id := externalID(created.ID)
		want = append(want, Resource{Kind: "DeployKey", Group: "repo", Repository: "api", Key: id, ExternalName: id, ForProvider: p})
	}
	rs, err := deployKeyKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported deploy keys: -want, +got:\n%s", diff)
	}
}
