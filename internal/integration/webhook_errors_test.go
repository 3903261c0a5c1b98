package integration

import (
	"strings"
	"testing"

	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A missing Secret, or a Secret without the key, is a condition that names
// it and the key; once the Secret has the key, the webhook is created at
// once (the Secret is watched).
func TestWebhookMissingSecret(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		w := f.webhook(s, "ci", ciHook())
		f.must(kube.Create(f.ctx, w))
		waitSyncError(f, w, "Secret "+f.ns+"/"+hookSecret+" named by spec.forProvider.secretRef does not exist", `key "secret"`)
		f.secret(hookSecret, map[string][]byte{"other": []byte("x")})
		waitSyncError(f, w, "Secret "+f.ns+"/"+hookSecret+` has no key "secret"`)
		if n := len(f.ghHooks()); n != 0 {
			t.Errorf("%d webhooks on GitHub, want none without the secret", n)
		}
		f.setHookSecret("finally")
		got := waitReady(f, w)
		if msg := f.declaredHook(got.GetAnnotations()["crossplane.io/external-name"], "finally"); msg != "" {
			t.Errorf("webhook on GitHub: %s", msg)
		}
	})
}

// A repository that does not exist ends in a condition that names it;
// deleting such a resource completes.
func TestWebhookMissingRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		f.setHookSecret("x")
		p := ciHook()
		p.Repository = ptr.To("missing")
		w := f.webhook(s, "nowhere", p)
		f.must(kube.Create(f.ctx, w))
		waitSyncError(f, w, "cannot find repository demo-org/missing", "404")
		f.must(kube.Delete(f.ctx, get(f, w)))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "nowhere"), fresh(w)); !kerrors.IsNotFound(err) {
				return "Webhook still there"
			}
			return ""
		})
	})
}

// Bad input is refused at admission, with what is allowed.
func TestWebhookAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.WebhookParameters)
		want   string
	}{
		"UnknownEvent":   {change: func(p *common.WebhookParameters) { p.Events = []common.WebhookEvent{"push", "pushes"} }, want: `Unsupported value: "pushes"`},
		"StarWithOthers": {change: func(p *common.WebhookParameters) { p.Events = []common.WebhookEvent{"*", "push"} }, want: "'*' stands for every event: list it alone"},
		"DuplicateEvent": {change: func(p *common.WebhookParameters) { p.Events = []common.WebhookEvent{"push", "push"} }, want: `Duplicate value: "push"`},
		"RelativeURL":    {change: func(p *common.WebhookParameters) { p.URL = "ci.example.com/hook" }, want: "url must be an absolute http:// or https:// URL"},
		"FTPURL":         {change: func(p *common.WebhookParameters) { p.URL = "ftp://ci.example.com/hook" }, want: "url must be an absolute http:// or https:// URL"},
		"ContentType":    {change: func(p *common.WebhookParameters) { p.ContentType = ptr.To("xml") }, want: `supported values: "json", "form"`},
		"NoRepository":   {change: func(p *common.WebhookParameters) { p.Repository = nil }, want: "set exactly one of repository, repositoryRef or repositorySelector"},
		"SecretKey":      {change: func(p *common.WebhookParameters) { p.SecretRef.Key = "no/slash" }, want: "spec.forProvider.secretRef.key"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newWebhookFixture(t)
		refuse := func(t *testing.T, w webhookObject, want string) {
			t.Helper()
			err := kube.Create(f.ctx, w)
			if err == nil {
				_ = kube.Delete(f.ctx, w)
				t.Fatalf("want the API server to refuse %+v", *w.Parameters())
			}
			if !strings.Contains(err.Error(), want) {
				t.Errorf("want the refusal to say %q, got: %v", want, err)
			}
		}
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				p := ciHook()
				tc.change(&p)
				refuse(t, f.webhook(s, "refused", p), tc.want)
			})
		}
		t.Run("SecretNamespace", func(t *testing.T) {
			w := f.webhook(s, "refused", ciHook())
			if s.namespaced {
				w.Parameters().SecretRef.Namespace = ptr.To("elsewhere")
				refuse(t, w, "leave secretRef.namespace out: a namespaced Webhook reads its Secret from its own namespace")
			} else {
				w.Parameters().SecretRef.Namespace = nil
				refuse(t, w, "secretRef.namespace is required: a cluster-scoped Webhook has no namespace of its own")
			}
		})
	})
}
