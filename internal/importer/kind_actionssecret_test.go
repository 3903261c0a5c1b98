package importer

import (
	"context"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportActionsSecrets(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, "", "Repository", "Environment", "ActionsSecret")
	if _, err := gh.NewEnvironmentsClient(s.GitHub).PutEnvironment(ctx, "acme", "api", "production", &gh.EnvironmentRequest{}); err != nil {
		t.Fatal(err)
	}
	putSecret(t, s, gh.SecretStore{}, "npm_token")
	putSecret(t, s, gh.SecretStore{Environment: "production"}, "NPM_TOKEN")
	putSecret(t, s, gh.SecretStore{Dependabot: true}, "REGISTRY_TOKEN")

	rs, err := actionsSecretKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].Key < rs[j].Key })
	repo := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
	want := []Resource{
		secretResource("ActionsSecret", "NPM_TOKEN", "NPM_TOKEN", "the value of the Actions secret NPM_TOKEN of acme/api",
			func(p common.SecretValueParameters) any {
				return common.ActionsSecretParameters{RepositoryTarget: repo, SecretValueParameters: p}
			}, nil),
		secretResource("ActionsSecret", "production/NPM_TOKEN", "NPM_TOKEN", `the value of the Actions secret NPM_TOKEN of environment "production" of acme/api`,
			func(p common.SecretValueParameters) any {
				return common.ActionsSecretParameters{RepositoryTarget: repo, SecretValueParameters: p,
					EnvironmentTarget: common.EnvironmentTarget{EnvironmentRef: ptr.To(xpv2Ref("api.environment.production"))}}
			}, nil),
	}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("the imported Actions secrets: -want, +got:\n%s", diff)
	}
	if Name(rs[0]) == Name(rs[1]) {
		t.Errorf("the repository's NPM_TOKEN and production's share the name %s", Name(rs[0]))
	}
}

func TestImportActionsSecretsClusterScoped(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, "", "ActionsSecret")
	s.Options.Scope, s.Options.Namespace = Cluster, "crossplane-system"
	putSecret(t, s, gh.SecretStore{}, "NPM_TOKEN")
	rs, err := actionsSecretKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Resource{secretResource("ActionsSecret", "NPM_TOKEN", "NPM_TOKEN", "the value of the Actions secret NPM_TOKEN of acme/api",
		func(p common.SecretValueParameters) any {
			return common.ActionsSecretParameters{RepositoryTarget: common.RepositoryTarget{Owner: ptr.To("acme"), Repository: ptr.To("api")}, SecretValueParameters: p}
		}, ptr.To("crossplane-system"))}
	if diff := cmp.Diff(want, rs); diff != "" {
		t.Errorf("a cluster-scoped import names the Secret's namespace: -want, +got:\n%s", diff)
	}
}
