package importer

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImportWebhooks(t *testing.T) {
	cases := map[string]struct {
		scope Scope
		// namespace is the secretRef's.
		namespace *string
	}{
		"namespaced: the Secret in the Webhook's namespace": {scope: Namespaced},
		"cluster-scoped: the Secret in the import's":        {scope: Cluster, namespace: ptr.To("default")},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := newTestSession(t, "", "Repository", "Webhook")
			s.Options.Scope = tc.scope
			api := gh.NewHooksClient(s.GitHub)
			ctx := context.Background()
			plain, err := api.CreateHook(ctx, "acme", "api", &gh.HookRequest{Active: true, Events: []string{"push"},
				Config: gh.HookConfig{URL: "https://ci.example.com/hook", ContentType: "form", InsecureSSL: "0"}})
			if err != nil {
				t.Fatal(err)
			}
			signed, err := api.CreateHook(ctx, "acme", "api", &gh.HookRequest{Active: false, Events: []string{"pull_request", "issues"},
				Config: gh.HookConfig{URL: "https://chat.example.com/github", ContentType: "json", InsecureSSL: "1", Secret: "s3cret"}})
			if err != nil {
				t.Fatal(err)
			}
			rs, err := webhookKind.Import(ctx, s, testRepo(t, s.GitHub, "api"))
			if err != nil {
				t.Fatal(err)
			}
			target := common.RepositoryTarget{RepositoryRef: ptr.To(xpv2Ref("api"))}
			plainID, signedID := externalID(plain.ID), externalID(signed.ID)
			secret := "api.webhook." + signedID
			want := []Resource{
				{Kind: "Webhook", Group: "repo", Repository: "api", Key: plainID, ExternalName: plainID,
					ForProvider: common.WebhookParameters{RepositoryTarget: target, WebhookSettings: common.WebhookSettings{URL: "https://ci.example.com/hook"}}},
				{Kind: "Webhook", Group: "repo", Repository: "api", Key: signedID, ExternalName: signedID,
					ForProvider: common.WebhookParameters{RepositoryTarget: target, WebhookSettings: common.WebhookSettings{URL: "https://chat.example.com/github",
						ContentType: ptr.To("json"), InsecureSSL: ptr.To(true), Active: ptr.To(false),
						SecretRef: &common.SecretKeyRef{Name: secret, Namespace: tc.namespace, Key: "value"}}, Events: []common.WebhookEvent{"issues", "pull_request"}},
					Secrets: []Secret{{Name: secret, Key: "value", What: "the secret of webhook " + signedID + " of acme/api (for https://chat.example.com/github)"}},
					Notes:   []string{"The webhook's secret is in Secret " + secret + ", key value, which you create: GitHub never shows it, so under --mode manage the provider writes the Secret's value to GitHub once."}},
			}
			if diff := cmp.Diff(want, rs); diff != "" {
				t.Errorf("the imported webhooks: -want, +got:\n%s", diff)
			}
		})
	}
}
