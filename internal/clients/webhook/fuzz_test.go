package webhook

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// admit is spec, with a secretRef when there is a secret and its target
// set by target, as the API server would keep it; nil when it would refuse
// it.
func admit[P any, PP interface {
	*P
	Spec
}](t *testing.T, schema *admission.Schema, spec PP, secret string, target func(PP)) PP {
	target(spec)
	spec.Settings().SecretRef = nil
	if secret != "" {
		spec.Settings().SecretRef = &common.SecretKeyRef{Name: "hook", Key: "secret"}
	}
	return convergetest.Admit[P](t, schema, spec)
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
	target := func(p *common.WebhookParameters) { p.RepositoryTarget = convergetest.Target() }
	f.Fuzz(func(t *testing.T, spec, secret, nextSpec, nextSecret string) {
		fuzzConverges(t, schema, target, repoHooks, spec, secret, nextSpec, nextSecret)
	})
}

// FuzzOrganizationWebhookConverges is FuzzWebhookConverges for an
// organization's webhook (JSON of OrganizationWebhookParameters), with the
// organization's events.
func FuzzOrganizationWebhookConverges(f *testing.F) {
	full := `{"url":"https://audit.example.com/hook","contentType":"json","insecureSsl":false,"events":["organization","membership","push"],"active":true}`
	f.Add(full, "s3cret", `{"url":"https://audit.example.com/hook","contentType":"form","insecureSsl":true,"events":["*"],"active":false}`, "")
	f.Add(`{"url":"http://x"}`, "", `{"url":"http://x","events":["team","projects_v2_item"]}`, "new")                         // minimal
	f.Add(`{"url":"https://例え.jp/フック?q=☃#frag","events":["custom_property"]}`, "☃ 𝄞", full, "\x00")                           // unicode
	f.Add(`{"url":"https://h","events":["project-v2"]}`, "", `{"url":"https://h"}`, "")                                       // the description's header example, not an event: refused
	f.Add(`{"url":"https://h","events":["*","team"]}`, "", `{"url":"https://h"}`, "")                                         // '*' not alone: refused
	f.Add(`{"url":"https://h","events":["org_block","personal_access_token_request"]}`, "a", `{"url":"https://[::1]/"}`, "b") // the organization's own events
	f.Add(`{"url":"https://user@/hook"}`, "", `{"url":"https://h"}`, "")                                                      // no host: the CRD admits it, GitHub refuses it
	schema := convergetest.Schema(f, "org.github.m.crossplane.io_organizationwebhooks.yaml")
	target := func(p *orgcommon.OrganizationWebhookParameters) {
		p.OrganizationTarget = orgcommon.OrganizationTarget{Organization: ptr.To(convergetest.Owner)}
	}
	f.Fuzz(func(t *testing.T, spec, secret, nextSpec, nextSecret string) {
		fuzzConverges(t, schema, target, orgHooks, spec, secret, nextSpec, nextSecret)
	})
}

// fuzzConverges is one fuzzed case of a kind of webhook whose parameters
// are P, its target set by target, kept where hooksOf says.
func fuzzConverges[P any, PP interface {
	*P
	Spec
}](t *testing.T, schema *admission.Schema, target func(PP), hooksOf func(*gogithub.Client, *emulator.Server) hookStore, spec, secret, nextSpec, nextSecret string) {
	p, next := PP(new(P)), PP(new(P))
	if json.Unmarshal([]byte(spec), p) != nil || json.Unmarshal([]byte(nextSpec), next) != nil {
		return
	}
	if p = admit(t, schema, p, secret, target); p == nil {
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
	c := &hookCase{t: t, ctx: ctx, hooks: hooksOf(gh, emu)}

	created, err := c.hooks.create(ctx, Request(p, secret))
	if convergetest.RefusedAsExpected(t, "create(...)", err, noHost(p.Settings().URL)) {
		return
	}
	c.id = created.ID
	c.converge(p, secret)

	// The URL is how the provider finds its webhook: keep it.
	next.Settings().URL = p.Settings().URL
	if next = admit(t, schema, next, nextSecret, target); next == nil || CheckSecret([]byte(nextSecret), "the secret") != nil {
		return
	}
	h := c.get()
	if len(Drift(next, h)) == 0 && !SecretDrift(hashOf(nextSecret), ptr.To(hashOf(secret)), h) && nextSecret == secret {
		return
	}
	_, err = c.hooks.update(ctx, c.id, Request(next, nextSecret))
	if convergetest.RefusedAsExpected(t, "update(...)", err, noHost(next.Settings().URL)) {
		return
	}
	c.converge(next, nextSecret)
}

// hookStore is where the webhooks of a fuzzed kind live: the fuzz
// repository's, or the fuzz organization's.
type hookStore struct {
	create func(ctx context.Context, r *github.HookRequest) (*github.Hook, error)
	get    func(ctx context.Context, id int64) (*github.Hook, error)
	update func(ctx context.Context, id int64, r *github.HookRequest) (*github.Hook, error)
	list   func(ctx context.Context) ([]github.Hook, error)
	// held is the secret GitHub keeps for the hook.
	held func(id int64) string
}

// repoHooks are the fuzz repository's webhooks.
func repoHooks(gh *gogithub.Client, emu *emulator.Server) hookStore {
	api := github.NewHooksClient(gh)
	o, r := convergetest.Owner, convergetest.Repo
	return hookStore{
		create: func(ctx context.Context, req *github.HookRequest) (*github.Hook, error) {
			return api.CreateHook(ctx, o, r, req)
		},
		get: func(ctx context.Context, id int64) (*github.Hook, error) { return api.GetHook(ctx, o, r, id) },
		update: func(ctx context.Context, id int64, req *github.HookRequest) (*github.Hook, error) {
			return api.UpdateHook(ctx, o, r, id, req)
		},
		list: func(ctx context.Context) ([]github.Hook, error) { return api.ListHooks(ctx, o, r) },
		held: func(id int64) string { s, _ := emu.State().HookSecret(o, r, id); return s },
	}
}

// orgHooks are the fuzz organization's webhooks.
func orgHooks(gh *gogithub.Client, emu *emulator.Server) hookStore {
	api := github.NewOrganizationHooksClient(gh)
	o := convergetest.Owner
	return hookStore{
		create: func(ctx context.Context, req *github.HookRequest) (*github.Hook, error) {
			return api.CreateOrgHook(ctx, o, req)
		},
		get: func(ctx context.Context, id int64) (*github.Hook, error) { return api.GetOrgHook(ctx, o, id) },
		update: func(ctx context.Context, id int64, req *github.HookRequest) (*github.Hook, error) {
			return api.UpdateOrgHook(ctx, o, id, req)
		},
		list: func(ctx context.Context) ([]github.Hook, error) { return api.ListOrgHooks(ctx, o) },
		held: func(id int64) string { s, _ := emu.State().OrgHookSecret(o, id); return s },
	}
}

// hashOf is the hash the controller records of secret ("" for none).
func hashOf(secret string) string {
	if secret == "" {
		return ""
	}
	return SecretHash("secret-uid", []byte(secret))
}

type hookCase struct {
	t     *testing.T
	ctx   context.Context
	hooks hookStore
	id    int64
}

func (c *hookCase) get() *github.Hook {
	c.t.Helper()
	h, err := c.hooks.get(c.ctx, c.id)
	if err != nil {
		c.t.Fatalf("get(%d) after a write GitHub accepted: %v", c.id, err)
	}
	return h
}

// converge requires GitHub's webhook to show no drift from p and secret,
// after one more update at most, to hold the secret sent, and to be found
// by its URL; and its status to show it.
func (c *hookCase) converge(p Spec, secret string) {
	c.t.Helper()
	t := c.t
	want := hashOf(secret)
	applied := ptr.To(want)
	h := c.get()
	if d := Drift(p, h); len(d) > 0 || SecretDrift(want, applied, h) {
		if _, err := c.hooks.update(c.ctx, c.id, Request(p, secret)); err != nil {
			t.Fatalf("drift %v after the write, and the update fails: %v", d, err)
		}
		if h = c.get(); len(Drift(p, h)) > 0 || SecretDrift(want, applied, h) {
			t.Fatalf("drift %v (secret drift %t) after the update: GitHub has %+v", Drift(p, h), SecretDrift(want, applied, h), h)
		}
	}
	if held := c.hooks.held(c.id); held != secret {
		t.Fatalf("GitHub holds the secret %q, the provider sent %q", held, secret)
	}
	list, err := c.hooks.list(c.ctx)
	if err != nil {
		t.Fatalf("list(...): %v", err)
	}
	s := p.Settings()
	if found := FindByURL(list, s.URL); found == nil || found.ID != c.id {
		t.Fatalf("FindByURL(%q) = %+v, want webhook %d", s.URL, found, c.id)
	}
	o := Status(h, applied)
	if ptr.Deref(o.URL, "") != s.URL || ptr.Deref(o.ContentType, "") != ContentType(p) || ptr.Deref(o.Active, false) != ptr.Deref(s.Active, true) ||
		ptr.Deref(o.InsecureSSL, false) != ptr.Deref(s.InsecureSSL, false) || ptr.Deref(o.HasSecret, false) != (secret != "") ||
		!slices.Equal(normalize(o.Events), Events(p)) || ptr.Deref(o.ID, 0) != c.id {
		t.Fatalf("Status(...) = %+v does not show the spec %+v", o, p)
	}
}
