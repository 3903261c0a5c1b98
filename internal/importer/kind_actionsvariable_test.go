package importer

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportActionsVariables(t *testing.T) {
	ctx := context.Background()
	// setUp gives acme/api 31 variables (two pages of GitHub's 30) and an
	// environment production with one of its own, named as one of the
	// repository's.
	setUp := func(t *testing.T, s *Session) {
		t.Helper()
		if _, err := gh.NewEnvironmentsClient(s.GitHub).PutEnvironment(ctx, "acme", "api", "production", &gh.EnvironmentRequest{}); err != nil {
			t.Fatal(err)
		}
		vars := gh.NewActionsVariablesClient(s.GitHub)
		for i := range 30 {
			if err := vars.CreateVariable(ctx, "acme", "api", "", &gh.ActionsVariableRequest{Name: fmt.Sprintf("V%02d", i), Value: "x"}); err != nil {
				t.Fatal(err)
			}
		}
		if err := vars.CreateVariable(ctx, "acme", "api", "", &gh.ActionsVariableRequest{Name: "region", Value: "eu-west-1\n"}); err != nil {
			t.Fatal(err)
		}
		if err := vars.CreateVariable(ctx, "acme", "api", "production", &gh.ActionsVariableRequest{Name: "REGION", Value: "us-east-1"}); err != nil {
			t.Fatal(err)
		}
	}
	repoRef := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
	cases := map[string]struct {
		kinds []string
		env   common.EnvironmentTarget
	}{
		"the environment by its Environment resource": {
			kinds: []string{"Repository", "Environment", "ActionsVariable"},
			env:   common.EnvironmentTarget{EnvironmentRef: ptr.To(xpv2Ref("api.environment.production"))},
		},
		"the environment by name, Environments not imported": {
			kinds: []string{"Repository", "ActionsVariable"},
			env:   common.EnvironmentTarget{Environment: ptr.To("production")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := newTestSession(t, "", tc.kinds...)
			setUp(t, s)
			rs, err := actionsVariableKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 32 {
				t.Fatalf("imported %d variables, want the repository's 31 and production's one", len(rs))
			}
			got := map[string]Resource{}
			for _, r := range rs {
				got[r.Key] = r
			}
			want := map[string]Resource{
				"REGION": {Kind: "ActionsVariable", Group: "repo", Repository: "api", Key: "REGION", ExternalName: "REGION",
					ForProvider: common.ActionsVariableParameters{RepositoryTarget: repoRef, Name: "REGION", Value: "eu-west-1\n"}},
				"production/REGION": {Kind: "ActionsVariable", Group: "repo", Repository: "api", Key: "production/REGION", ExternalName: "REGION",
					ForProvider: common.ActionsVariableParameters{RepositoryTarget: repoRef, EnvironmentTarget: tc.env, Name: "REGION", Value: "us-east-1"}},
			}
			for k, w := range want {
				if diff := cmp.Diff(w, got[k]); diff != "" {
					t.Errorf("variable %s: -want, +got:\n%s", k, diff)
				}
			}
			if Name(got["REGION"]) == Name(got["production/REGION"]) {
				t.Errorf("the repository's REGION and production's share the name %s", Name(got["REGION"]))
			}
		})
	}
}
