package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// An organization's webhooks are imported as a repository's are: what
// differs from GitHub's defaults, and a webhook with a secret refers to a
// Secret to create, named with the Secrets the import lists.
func TestImportOrganizationWebhooks(t *testing.T) {
	cases := map[string]struct {
		scope Scope
		// namespace is the secretRef's.
		namespace *string
	}{
		"namespaced: the Secret in the OrganizationWebhook's namespace": {scope: Namespaced},
		"cluster-scoped: the Secret in the import's":                    {scope: Cluster, namespace: ptr.To("default")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := newTestSession(t, "", "OrganizationWebhook")
			s.Options.Scope = tc.scope
			api := gh.NewOrganizationHooksClient(s.GitHub)
			ctx := context.Background()
			plain, err := api.CreateOrgHook(ctx, "acme", &gh.HookRequest{Active: true, Events: []string{"push"},
				Config: gh.HookConfig{URL: "https://audit.example.com/hook", ContentType: "form", InsecureSSL: "0"}})
			if err != nil {
				t.Fatal(err)
			}
			signed, err := api.CreateOrgHook(ctx, "acme", &gh.HookRequest{Active: false, Events: []string{"team", "organization"},
				Config: gh.HookConfig{URL: "https://chat.example.com/github", ContentType: "json", InsecureSSL: "1", Secret: "s3cret"}})
			if err != nil {
				t.Fatal(err)
			}
			rs, err := organizationWebhookKind.Import(ctx, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			target := s.OrganizationTarget()
			plainID, signedID := externalID(plain.ID), externalID(signed.ID)
			secret := Name(Resource{Kind: "OrganizationWebhook", Group: "org", Key: signedID})
			want := []Resource{
				{Kind: "OrganizationWebhook", Group: "org", Key: plainID, ExternalName: plainID,
					ForProvider: orgcommon.OrganizationWebhookParameters{OrganizationTarget: target, WebhookSettings: common.WebhookSettings{URL: "https://audit.example.com/hook"}}},
				{Kind: "OrganizationWebhook", Group: "org", Key: signedID, ExternalName: signedID,
					ForProvider: orgcommon.OrganizationWebhookParameters{OrganizationTarget: target, WebhookSettings: common.WebhookSettings{URL: "https://chat.example.com/github",
						ContentType: ptr.To("json"), InsecureSSL: ptr.To(true), Active: ptr.To(false),
						SecretRef: &common.SecretKeyRef{Name: secret, Namespace: tc.namespace, Key: "value"}}, Events: []orgcommon.OrganizationWebhookEvent{"organization", "team"}},
					Secrets: []Secret{{Name: secret, Key: "value", What: "the secret of webhook " + signedID + " of organization acme (for https://chat.example.com/github)"}},
					Notes:   []string{"The webhook's secret is in Secret " + secret + ", key value, which you create: GitHub never shows it, so under --mode manage the provider writes the Secret's value to GitHub once."}},
			}
			if diff := cmp.Diff(want, rs); diff != "" {
				t.Errorf("the imported webhooks: -want, +got:\n%s", diff)
			}
		})
	}
}
