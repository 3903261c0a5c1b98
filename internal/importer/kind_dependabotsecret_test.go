package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportDependabotSecrets(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, "", "Repository", "DependabotSecret")
	putSecret(t, s, gh.SecretStore{Dependabot: true}, "registry_token")
	putSecret(t, s, gh.SecretStore{}, "NPM_TOKEN")

	rs, err := dependabotSecretKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{secretResource("DependabotSecret", "REGISTRY_TOKEN", "REGISTRY_TOKEN", "the value of the Dependabot secret REGISTRY_TOKEN of acme/api",
		func(p common.SecretValueParameters) any {
			return common.DependabotSecretParameters{RepositoryTarget: common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}, SecretValueParameters: p}
		}, nil)}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported Dependabot secrets: -want, +got:\n%s", diff)
	}
}
