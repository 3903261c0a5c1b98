package webhook

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// admit is spec, for the fuzz repository and with a secretRef when there
// is a secret, as the API server would keep it; nil when it would refuse
// it.
func admit(t *testing.T, schema *admission.Schema, spec *common.WebhookParameters, secret string) *common.WebhookParameters {
	spec.RepositoryTarget, spec.SecretRef = convergetest.Target(), nil
	if secret != "" {
		spec.SecretRef = &common.SecretKeyRef{Name: "hook", Key: "secret"}
	}
	return convergetest.Admit(t, schema, spec)
}

// noHost tells whether GitHub refuses u for want of a host, which the
// CRD's rule lets through ("https://user@/", say).
func noHost(u string) bool {
	parsed, err := url.Parse(u)
	return err != nil || parsed.Host == ""
}

// FuzzWebhookConverges creates the webhook a spec declares (JSON of
// WebhookParameters) with a secret through our client on the emulator,
// and requires that it reads back without drift, with GitHub holding the
// secret sent; then updates it to a second spec and secret and requires
// the same. GitHub refusing a spec the CRD admits (422) is an acceptable
// end, when our client words it.
func FuzzWebhookConverges(f *testing.F) {
	full := `{"url":"https://ci.example.com/hook","contentType":"json","insecureSsl":false,"events":["push","pull_request"],"active":true}`
	f.Add(full, "s3cret", `{"url":"https://ci.example.com/hook","contentType":"form","insecureSsl":true,"events":["*"],"active":false}`, "")
	f.Add(`{"url":"http://x"}`, "", `{"url":"http://x","events":["issues"]}`, "new")                                                       // minimal
	f.Add(`{"url":"https://例え.jp/フック?q=☃#frag","events":["*"]}`, "☃ 𝄞", full, "\x00")                                                      // unicode
	f.Add(`{"url":"https://h/`+strings.Repeat("a", 2039)+`"}`, strings.Repeat("s", 4096), `{"url":"https://h"}`, " ")                      // longest URL, long secret
	f.Add(`{"url":"https://h","events":["push","push"]}`, "", `{"url":"https://h"}`, "")                                                   // a set with a duplicate: refused
	f.Add(`{"url":"https://h","events":["*","push"]}`, "", `{"url":"https://h"}`, "")                                                      // '*' not alone: refused
	f.Add(`{"url":"https://h","events":[]}`, "", `{"url":"https://h","contentType":"xml"}`, "")                                            // no events: the Go type drops them, so push
	f.Add(`{"url":"https://user:pw@h:8443/p","events":["deployment","workflow_run","check_suite"]}`, "a", `{"url":"https://[::1]/"}`, "b") // credentials, port, IPv6
	f.Add(`{"url":"https://h"}`, "\xff\xfe", `{"url":"https://h"}`, "ok")                                                                  // a secret that is not UTF-8: reached GitHub as U+FFFD
	f.Add(`{"url":"https://user@/hook"}`, "", `{"url":"https://h"}`, "")                                                                   // no host: the CRD admits it, GitHub refuses it
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_webhooks.yaml")
	f.Fuzz(func(t *testing.T, spec, secret, nextSpec, nextSecret string) {
		p, next := &common.WebhookParameters{}, &common.WebhookParameters{}
		if json.Unmarshal([]byte(spec), p) != nil || json.Unmarshal([]byte(nextSpec), next) != nil {
			return
		}
		if p = admit(t, schema, p, secret); p == nil {
			return
		}
		if !utf8.ValidString(secret) {
			// Sent as a JSON string, GitHub would keep another secret.
			if CheckSecret([]byte(secret), "the secret") == nil {
				t.Fatalf("CheckSecret(%q): want a refusal of a secret that is not UTF-8", secret)
			}
			return
		}
		ctx := context.Background()
		gh, emu := convergetest.Start(t)
		api := github.NewHooksClient(gh)
		c := &hookCase{t: t, ctx: ctx, api: api, emu: emu}

		created, err := api.CreateHook(ctx, convergetest.Owner, convergetest.Repo, Request(p, secret))
		if convergetest.RefusedAsExpected(t, "CreateHook(...)", err, noHost(p.URL)) {
			return
		}
		c.id = created.ID
		c.converge(p, secret)

		// The URL is how the provider finds its webhook: keep it.
		next.URL = p.URL
		if next = admit(t, schema, next, nextSecret); next == nil || CheckSecret([]byte(nextSecret), "the secret") != nil {
			return
		}
		h := c.get()
		if len(Drift(next, h)) == 0 && !SecretDrift(hashOf(nextSecret), ptr.To(hashOf(secret)), h) && nextSecret == secret {
			return
		}
		_, err = api.UpdateHook(ctx, convergetest.Owner, convergetest.Repo, c.id, Request(next, nextSecret))
		if convergetest.RefusedAsExpected(t, "UpdateHook(...)", err, noHost(next.URL)) {
			return
		}
		c.converge(next, nextSecret)
	})
}

// hashOf is the hash the controller records of secret ("" for none).
func hashOf(secret string) string {
	if secret == "" {
		return ""
	}
	return SecretHash("secret-uid", []byte(secret))
}

type hookCase struct {
	t   *testing.T
	ctx context.Context
	api *github.HooksClient
	emu *emulator.Server
	id  int64
}

func (c *hookCase) get() *github.Hook {
	c.t.Helper()
	h, err := c.api.GetHook(c.ctx, convergetest.Owner, convergetest.Repo, c.id)
	if err != nil {
		c.t.Fatalf("GetHook(%d) after a write GitHub accepted: %v", c.id, err)
	}
	return h
}

// converge requires GitHub's webhook to show no drift from p and secret,
// after one more update at most, to hold the secret sent, and to be found
// by its URL; and its observation to show it.
func (c *hookCase) converge(p *common.WebhookParameters, secret string) {
	c.t.Helper()
	t := c.t
	want := hashOf(secret)
	applied := ptr.To(want)
	h := c.get()
	if d := Drift(p, h); len(d) > 0 || SecretDrift(want, applied, h) {
		if _, err := c.api.UpdateHook(c.ctx, convergetest.Owner, convergetest.Repo, c.id, Request(p, secret)); err != nil {
			t.Fatalf("drift %v after the write, and the update fails: %v", d, err)
		}
		if h = c.get(); len(Drift(p, h)) > 0 || SecretDrift(want, applied, h) {
			t.Fatalf("drift %v (secret drift %t) after the update: GitHub has %+v", Drift(p, h), SecretDrift(want, applied, h), h)
		}
	}
	if held, _ := c.emu.State().HookSecret(convergetest.Owner, convergetest.Repo, c.id); held != secret {
		t.Fatalf("GitHub holds the secret %q, the provider sent %q", held, secret)
	}
	list, err := c.api.ListHooks(c.ctx, convergetest.Owner, convergetest.Repo)
	if err != nil {
		t.Fatalf("ListHooks(...): %v", err)
	}
	if found := FindByURL(list, p.URL); found == nil || found.ID != c.id {
		t.Fatalf("FindByURL(%q) = %+v, want webhook %d", p.URL, found, c.id)
	}
	o := Observation(convergetest.Owner+"/"+convergetest.Repo, h, applied)
	if ptr.Deref(o.URL, "") != p.URL || ptr.Deref(o.ContentType, "") != ContentType(p) || ptr.Deref(o.Active, false) != ptr.Deref(p.Active, true) ||
		ptr.Deref(o.InsecureSSL, false) != ptr.Deref(p.InsecureSSL, false) || ptr.Deref(o.HasSecret, false) != (secret != "") ||
		!slices.Equal(normalize(o.Events), Events(p)) || ptr.Deref(o.ID, 0) != c.id {
		t.Fatalf("Observation(...) = %+v does not show the spec %+v", o, p)
	}
}
