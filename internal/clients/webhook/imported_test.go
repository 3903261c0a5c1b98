package webhook

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		h    github.Hook
		want common.WebhookParameters
	}{
		"a new webhook: its URL": {
			h: github.Hook{ID: 1, Name: "web", Active: true, Events: []string{"push"},
				Config: github.HookConfig{URL: "https://ci.example.com/hook", ContentType: "form", InsecureSSL: "0"}},
			want: common.WebhookParameters{WebhookSettings: common.WebhookSettings{URL: "https://ci.example.com/hook"}},
		},
		"every setting changed": {
			h: github.Hook{ID: 2, Name: "web", Active: false, Events: []string{"pull_request", "issues", "push", "issues"},
				Config: github.HookConfig{URL: "http://ci.example.com/hook", ContentType: "json", InsecureSSL: "1"}},
			want: common.WebhookParameters{WebhookSettings: common.WebhookSettings{URL: "http://ci.example.com/hook", ContentType: ptr.To("json"), InsecureSSL: ptr.To(true),
				Active: ptr.To(false)}, Events: []common.WebhookEvent{"issues", "pull_request", "push"}},
		},
		"every event": {
			h: github.Hook{ID: 3, Name: "web", Active: true, Events: []string{"*"},
				Config: github.HookConfig{URL: "https://ci.example.com/all", ContentType: "form", InsecureSSL: "0"}},
			want: common.WebhookParameters{WebhookSettings: common.WebhookSettings{URL: "https://ci.example.com/all"}, Events: []common.WebhookEvent{"*"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(&tc.h)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			if d := Drift(&got, &tc.h); len(d) > 0 {
				t.Errorf("Drift(Imported()) = %v, want none", d)
			}
			// Without a secret on GitHub, no secretRef is no secret to send.
			if HasSecret(&tc.h) || SecretDrift("", nil, &tc.h) {
				t.Errorf("SecretDrift(no secret) = true for a webhook without one")
			}
		})
	}
}

// A webhook with a secret is imported with a secretRef (the importer's):
// the controller cannot know the value GitHub has, so it sends the
// Secret's once, and no secretRef would remove GitHub's.
func TestImportedSecret(t *testing.T) {
	h := &github.Hook{ID: 5, Active: true, Events: []string{"push"},
		Config: github.HookConfig{URL: "https://ci.example.com/s", ContentType: "form", InsecureSSL: "0", Secret: github.HookSecretMask}}
	if !HasSecret(h) {
		t.Fatal("HasSecret(a masked secret) = false, want true")
	}
	if !SecretDrift("", nil, h) {
		t.Error("SecretDrift(no secretRef) = false: leaving secretRef out would keep GitHub's secret, want it removed")
	}
	if !SecretDrift("hmac-sha256:x", nil, h) {
		t.Error("SecretDrift(a secretRef never applied) = false, want the secret sent once")
	}
	if SecretDrift("hmac-sha256:x", ptr.To("hmac-sha256:x"), h) {
		t.Error("SecretDrift(the applied secret) = true, want none once sent")
	}
}
