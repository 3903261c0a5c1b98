package webhook

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// orgParams is an organization webhook's spec, changed by mods.
func orgParams(mods ...func(*orgcommon.OrganizationWebhookParameters)) *orgcommon.OrganizationWebhookParameters {
	p := &orgcommon.OrganizationWebhookParameters{
		OrganizationTarget: orgcommon.OrganizationTarget{Organization: ptr.To("demo-org")},
		WebhookSettings: common.WebhookSettings{URL: "https://audit.example.com/hook", ContentType: ptr.To("json"),
			Active: ptr.To(true), SecretRef: &common.SecretKeyRef{Name: "audit", Key: "secret"}},
		Events: []orgcommon.OrganizationWebhookEvent{"organization", "push", "membership"},
	}
	for _, m := range mods {
		m(p)
	}
	return p
}

// orgHook is orgParams' webhook as GitHub answers it.
func orgHook(mods ...func(*github.Hook)) *github.Hook {
	h := &github.Hook{ID: 9, Type: "Organization", Name: "web", Active: true, Events: []string{"membership", "organization", "push"},
		Config: github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: github.HookSecretMask}}
	for _, m := range mods {
		m(h)
	}
	return h
}

// An organization's webhook is mapped as a repository's: the request,
// the drift, field by field, with the events as a set.
func TestOrganizationWebhook(t *testing.T) {
	cases := map[string]struct {
		reason    string
		p         *orgcommon.OrganizationWebhookParameters
		h         *github.Hook
		wantDrift []string
		wantReq   *github.HookRequest
	}{
		"AsDeclared": {
			reason:  "GitHub's webhook with the declared events in its own order has no drift.",
			p:       orgParams(),
			h:       orgHook(),
			wantReq: &github.HookRequest{Active: true, Events: []string{"membership", "organization", "push"}, Config: github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: "s"}},
		},
		"Defaults": {
			reason: "What the spec leaves out is GitHub's default: form, push, active, certificates checked.",
			p: orgParams(func(p *orgcommon.OrganizationWebhookParameters) {
				p.Events, p.ContentType, p.Active, p.InsecureSSL = nil, nil, nil, nil
			}),
			h:         orgHook(),
			wantDrift: []string{"contentType", "events"},
			wantReq:   &github.HookRequest{Active: true, Events: []string{"push"}, Config: github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "form", InsecureSSL: "0", Secret: "s"}},
		},
		"EverythingChanged": {
			reason: "Every field changed on GitHub is drift.",
			p:      orgParams(),
			h: orgHook(func(h *github.Hook) {
				h.Config = github.HookConfig{URL: "https://elsewhere.example.com", ContentType: "form", InsecureSSL: "1"}
				h.Events, h.Active = []string{"team"}, false
			}),
			wantDrift: []string{"url", "contentType", "insecureSsl", "events", "active"},
			wantReq:   &github.HookRequest{Active: true, Events: []string{"membership", "organization", "push"}, Config: github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: "s"}},
		},
		"Star": {
			reason: "'*' stands alone, and matches GitHub's ['*'].",
			p: orgParams(func(p *orgcommon.OrganizationWebhookParameters) {
				p.Events = []orgcommon.OrganizationWebhookEvent{"team", "*"}
			}),
			h:       orgHook(func(h *github.Hook) { h.Events = []string{"*"} }),
			wantReq: &github.HookRequest{Active: true, Events: []string{"*"}, Config: github.HookConfig{URL: "https://audit.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: "s"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.wantDrift, Drift(tc.p, tc.h)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.wantReq, Request(tc.p, "s")); diff != "" {
				t.Errorf("\n%s\nRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestOrganizationObservation(t *testing.T) {
	got := OrganizationObservation("demo-org", orgHook(func(h *github.Hook) { h.Config.Secret = "" }), nil)
	want := orgcommon.OrganizationWebhookObservation{Organization: ptr.To("demo-org"), WebhookStatus: common.WebhookStatus{
		ID: ptr.To(int64(9)), URL: ptr.To("https://audit.example.com/hook"), ContentType: ptr.To("json"), InsecureSSL: ptr.To(false),
		Events: []string{"membership", "organization", "push"}, Active: ptr.To(true), HasSecret: ptr.To(false)}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("OrganizationObservation(...): -want, +got:\n%s", diff)
	}
}

// An imported organization webhook declares what differs from GitHub's
// defaults, and Drift finds nothing in it: importing writes nothing.
func TestImportedOrganization(t *testing.T) {
	cases := map[string]struct {
		h    github.Hook
		want orgcommon.OrganizationWebhookParameters
	}{
		"a new webhook: its URL": {
			h:    github.Hook{ID: 1, Active: true, Events: []string{"push"}, Config: github.HookConfig{URL: "https://audit.example.com", ContentType: "form", InsecureSSL: "0"}},
			want: orgcommon.OrganizationWebhookParameters{WebhookSettings: common.WebhookSettings{URL: "https://audit.example.com"}},
		},
		"every setting changed": {
			h: github.Hook{ID: 2, Active: false, Events: []string{"team", "organization", "team"},
				Config: github.HookConfig{URL: "http://audit.example.com", ContentType: "json", InsecureSSL: "1", Secret: github.HookSecretMask}},
			want: orgcommon.OrganizationWebhookParameters{
				WebhookSettings: common.WebhookSettings{URL: "http://audit.example.com", ContentType: ptr.To("json"), InsecureSSL: ptr.To(true), Active: ptr.To(false)},
				Events:          []orgcommon.OrganizationWebhookEvent{"organization", "team"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := ImportedOrganization(&tc.h)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ImportedOrganization(): -want, +got:\n%s", diff)
			}
			if d := Drift(&got, &tc.h); len(d) != 0 {
				t.Errorf("Drift(ImportedOrganization(h), h) = %v, want none", d)
			}
		})
	}
}
