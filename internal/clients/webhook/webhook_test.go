package webhook

import (
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

func params(mods ...func(*common.WebhookParameters)) *common.WebhookParameters {
	p := &common.WebhookParameters{WebhookSettings: common.WebhookSettings{URL: "https://ci.example.com/hook", ContentType: ptr.To("json"), InsecureSSL: ptr.To(false),
		Active: ptr.To(true)}, Events: []common.WebhookEvent{"push", "pull_request"}}
	for _, m := range mods {
		m(p)
	}
	return p
}

func hook(mods ...func(*github.Hook)) *github.Hook {
	h := &github.Hook{ID: 7, Active: true, Events: []string{"pull_request", "push"},
		Config: github.HookConfig{URL: "https://ci.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: github.HookSecretMask}}
	for _, m := range mods {
		m(h)
	}
	return h
}

func TestRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.WebhookParameters
		secret string
		want   *github.HookRequest
	}{
		"Full": {
			reason: "Every field is sent, the events as GitHub keeps them, the secret as read.",
			p:      params(func(p *common.WebhookParameters) { p.InsecureSSL = ptr.To(true); p.Events = append(p.Events, "push") }),
			secret: "s",
			want: &github.HookRequest{Active: true, Events: []string{"pull_request", "push"},
				Config: github.HookConfig{URL: "https://ci.example.com/hook", ContentType: "json", InsecureSSL: "1", Secret: "s"}},
		},
		"Defaults": {
			reason: "What the spec leaves out is GitHub's default: form, push, active, certificates checked.",
			p:      &common.WebhookParameters{WebhookSettings: common.WebhookSettings{URL: "https://x.example.com"}},
			want:   &github.HookRequest{Active: true, Events: []string{"push"}, Config: github.HookConfig{URL: "https://x.example.com", ContentType: "form", InsecureSSL: "0"}},
		},
		"Everything": {
			reason: "'*' stands alone.",
			p: params(func(p *common.WebhookParameters) {
				p.Events = []common.WebhookEvent{"issues", "*"}
				p.Active = ptr.To(false)
			}),
			want: &github.HookRequest{Active: false, Events: []string{"*"},
				Config: github.HookConfig{URL: "https://ci.example.com/hook", ContentType: "json", InsecureSSL: "0"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Request(tc.p, tc.secret)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestDrift(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      *common.WebhookParameters
		h      *github.Hook
		want   []string
	}{
		"UpToDate":   {reason: "GitHub's order of the events is not a change.", p: params(), h: hook()},
		"Duplicates": {reason: "An event listed twice is one event.", p: params(func(p *common.WebhookParameters) { p.Events = append(p.Events, "push") }), h: hook()},
		"Star": {
			reason: "'*' on GitHub is what the spec's '*' is.",
			p:      params(func(p *common.WebhookParameters) { p.Events = []common.WebhookEvent{"*"} }),
			h:      hook(func(h *github.Hook) { h.Events = []string{"*"} }),
		},
		"Defaults": {
			reason: "A spec that leaves things out matches GitHub's defaults.",
			p:      &common.WebhookParameters{WebhookSettings: common.WebhookSettings{URL: "https://ci.example.com/hook"}},
			h:      hook(func(h *github.Hook) { h.Events = []string{"push"}; h.Config.ContentType = "form" }),
		},
		"Everything": {
			reason: "Each field that differs is named.",
			p:      params(),
			h: hook(func(h *github.Hook) {
				h.Config = github.HookConfig{URL: "https://other.example.com", ContentType: "form", InsecureSSL: "1"}
				h.Events = []string{"push"}
				h.Active = false
			}),
			want: []string{"url", "contentType", "insecureSsl", "events", "active"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Drift(tc.p, tc.h)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestSecretDrift(t *testing.T) {
	noSecret := hook(func(h *github.Hook) { h.Config.Secret = "" })
	cases := map[string]struct {
		reason  string
		want    string
		applied *string
		h       *github.Hook
		drift   bool
	}{
		"Applied":         {reason: "The secret GitHub accepted is the one the Secret holds.", want: "a", applied: ptr.To("a"), h: hook()},
		"SecretChanged":   {reason: "The Secret changed since GitHub accepted it.", want: "b", applied: ptr.To("a"), h: hook(), drift: true},
		"NeverApplied":    {reason: "Without a record of what was sent, send it.", want: "a", h: hook(), drift: true},
		"RemovedOnGitHub": {reason: "GitHub has no secret any more.", want: "a", applied: ptr.To("a"), h: noSecret, drift: true},
		"NoneAndNone":     {reason: "No secretRef and no secret on GitHub.", h: noSecret},
		"NoneButOnGitHub": {reason: "No secretRef: GitHub's secret is removed.", applied: ptr.To("a"), h: hook(), drift: true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := SecretDrift(tc.want, tc.applied, tc.h); got != tc.drift {
				t.Errorf("\n%s\nSecretDrift(...) = %v, want %v", tc.reason, got, tc.drift)
			}
		})
	}
}

func TestSecretHash(t *testing.T) {
	a := SecretHash("uid-1", []byte("hunter2"))
	if !strings.HasPrefix(a, "hmac-sha256:") || strings.Contains(a, "hunter2") {
		t.Errorf("SecretHash(...) = %q: want a prefixed hash without the value", a)
	}
	if a != SecretHash("uid-1", []byte("hunter2")) {
		t.Error("SecretHash is not deterministic")
	}
	if a == SecretHash("uid-1", []byte("hunter3")) {
		t.Error("SecretHash does not change with the value")
	}
	if a == SecretHash("uid-2", []byte("hunter2")) {
		t.Error("SecretHash does not change with the key: it could be used to test guesses without it")
	}
}

func TestObservation(t *testing.T) {
	got := Observation("demo-org/svc", hook(func(h *github.Hook) { h.Config.InsecureSSL = "1" }), ptr.To("hmac-sha256:x"))
	want := common.WebhookObservation{Repository: ptr.To("demo-org/svc"), WebhookStatus: common.WebhookStatus{ID: ptr.To(int64(7)), URL: ptr.To("https://ci.example.com/hook"),
		ContentType: ptr.To("json"), InsecureSSL: ptr.To(true), Events: []string{"pull_request", "push"}, Active: ptr.To(true),
		HasSecret: ptr.To(true), AppliedSecretHash: ptr.To("hmac-sha256:x")}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Observation(...): -want, +got:\n%s", diff)
	}
}

func TestFindByURL(t *testing.T) {
	list := []github.Hook{*hook(func(h *github.Hook) { h.ID = 1; h.Config.URL = "https://a.example.com" }), *hook()}
	if got := FindByURL(list, "https://ci.example.com/hook"); got == nil || got.ID != 7 {
		t.Errorf("FindByURL(...) = %+v, want hook 7", got)
	}
	if got := FindByURL(list, "https://none.example.com"); got != nil {
		t.Errorf("FindByURL(unknown) = %+v, want nil", got)
	}
}

// The events the CRDs accept are the events the emulator accepts: both
// are GitHub's list (see apis/repo/common/v1alpha1/webhook_events.go and
// apis/org/common/v1alpha1/organizationwebhook_events.go).
func TestEventListsAgree(t *testing.T) {
	for crd, want := range map[string][]string{
		"repo.github.m.crossplane.io_webhooks.yaml":            emulator.HookEvents(),
		"repo.github.crossplane.io_webhooks.yaml":              emulator.HookEvents(),
		"org.github.m.crossplane.io_organizationwebhooks.yaml": emulator.OrgHookEvents(),
		"org.github.crossplane.io_organizationwebhooks.yaml":   emulator.OrgHookEvents(),
	} {
		raw, err := os.ReadFile("../../../package/crds/" + crd)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Spec struct {
				Versions []struct {
					Schema struct {
						OpenAPIV3Schema struct {
							Properties map[string]struct {
								Properties map[string]struct {
									Properties map[string]struct {
										Items struct {
											Enum []string `json:"enum"`
										} `json:"items"`
									} `json:"properties"`
								} `json:"properties"`
							} `json:"properties"`
						} `json:"openAPIV3Schema"`
					} `json:"schema"`
				} `json:"versions"`
			} `json:"spec"`
		}
		if err := yaml.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		got := doc.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["forProvider"].Properties["events"].Items.Enum
		got = slices.Clone(got)
		sort.Strings(got)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: events: -emulator, +CRD:\n%s", crd, diff)
		}
	}
}
