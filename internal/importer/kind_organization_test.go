package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/secret"
)

// An organization's secrets are imported with valueSecretRefs to the
// Secrets to create, and, as its variables, with who may use them: the
// selected repositories by name.
func TestImportOrganizationSecretsAndVariables(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t, "", "OrganizationActionsSecret", "OrganizationDependabotSecret", "OrganizationActionsVariable")
	api := gh.NewSecretsClient(s.GitHub)
	repo, err := gh.NewReposClient(s.GitHub).Get(ctx, "acme", "api")
	if err != nil {
		t.Fatal(err)
	}
	shared := []int64{repo.ID}
	for _, w := range []struct {
		store   gh.SecretStore
		name    string
		sharing gh.Sharing
	}{
		{gh.SecretStore{Org: true}, "registry_token", gh.Sharing{Visibility: "selected", SelectedRepositoryIDs: &shared}},
		{gh.SecretStore{Org: true, Dependabot: true}, "NPM_TOKEN", gh.Sharing{Visibility: "private"}},
	} {
		key, err := api.GetSecretsPublicKey(ctx, "acme", "", w.store)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := secret.Seal(key, []byte("s3cr3t"))
		if err != nil {
			t.Fatal(err)
		}
		enc.Sharing = w.sharing
		if err := api.PutSecret(ctx, "acme", "", w.store, w.name, enc); err != nil {
			t.Fatal(err)
		}
	}
	if err := gh.NewOrganizationActionsVariablesClient(s.GitHub).CreateOrgVariable(ctx, "acme", &gh.ActionsVariableRequest{
		Name: "REGION", Value: "eu-west-1", Sharing: gh.Sharing{Visibility: "selected", SelectedRepositoryIDs: &shared}}); err != nil {
		t.Fatal(err)
	}
	target := s.OrganizationTarget()
	value := func(r Resource, name string) common.SecretValueParameters {
		return common.SecretValueParameters{Name: name, ValueSecretRef: common.SecretKeyRef{Name: Name(r), Key: "value"}}
	}
	cases := map[string]struct {
		kind Kind
		want func() Resource
	}{
		"OrganizationActionsSecret": {kind: organizationActionsSecretKind, want: func() Resource {
			r := Resource{Kind: "OrganizationActionsSecret", Group: "org", Key: "REGISTRY_TOKEN", ExternalName: "REGISTRY_TOKEN", Notes: []string{secretNote}}
			r.Secrets = []Secret{{Name: Name(r), Key: "value", What: "the value of the Actions secret REGISTRY_TOKEN of organization acme"}}
			r.ForProvider = orgcommon.OrganizationActionsSecretParameters{OrganizationTarget: target, SecretValueParameters: value(r, "REGISTRY_TOKEN"),
				RepositorySharing: orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositories: []string{"api"}}}
			return r
		}},
		"OrganizationDependabotSecret": {kind: organizationDependabotSecretKind, want: func() Resource {
			r := Resource{Kind: "OrganizationDependabotSecret", Group: "org", Key: "NPM_TOKEN", ExternalName: "NPM_TOKEN", Notes: []string{secretNote}}
			r.Secrets = []Secret{{Name: Name(r), Key: "value", What: "the value of the Dependabot secret NPM_TOKEN of organization acme"}}
			r.ForProvider = orgcommon.OrganizationDependabotSecretParameters{OrganizationTarget: target, SecretValueParameters: value(r, "NPM_TOKEN"),
				RepositorySharing: orgcommon.RepositorySharing{Visibility: "private"}}
			return r
		}},
		"OrganizationActionsVariable": {kind: organizationActionsVariableKind, want: func() Resource {
			return Resource{Kind: "OrganizationActionsVariable", Group: "org", Key: "REGION", ExternalName: "REGION",
				ForProvider: orgcommon.OrganizationActionsVariableParameters{OrganizationTarget: target, Name: "REGION", Value: "eu-west-1",
					RepositorySharing: orgcommon.RepositorySharing{Visibility: "selected", SelectedRepositories: []string{"api"}}}}
		}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			rs, err := tc.kind.Import(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 {
				t.Fatalf("imported %d, want 1: %+v", len(rs), rs)
			}
			if diff := cmp.Diff(tc.want(), rs[0]); diff != "" {
				t.Errorf("-want, +got:\n%s", diff)
			}
		})
	}
}
