package webhook

import (
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the Webhook kinds that share external[T].
type scope struct {
	name     string
	webhook  func(m ...mod) Object
	external func(api github.HooksAPI, rec event.Recorder, secrets ctrlclient.Reader, observed *github.Hook) (kindtest.Client[Object], func() *github.Hook)
}

func (s scope) ScopeName() string { return s.name }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		webhook: func(m ...mod) Object {
			w := newT("ns", "w")
			*w.Parameters() = *params()
			if w.GetNamespace() == "" {
				w.Parameters().SecretRef.Namespace = ptr.To("ns")
			}
			for _, f := range m {
				f(w)
			}
			return w
		},
		external: func(api github.HooksAPI, rec event.Recorder, secrets ctrlclient.Reader, observed *github.Hook) (kindtest.Client[Object], func() *github.Hook) {
			e := repoExternal[T](api, repo, rec, secrets)
			e.observed = observed
			return kindtest.Typed[Object, T]{E: e}, func() *github.Hook { return e.observed }
		},
	}
}

var scopes = twins.EachWebhook(scopeOf, scopeOf)

// params are the parameters of every case unless changed; the cluster
// scope names the Secret's namespace, ns.
func params() *common.WebhookParameters {
	return &common.WebhookParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: &repo.Name},
		WebhookSettings: common.WebhookSettings{URL: "https://ci.example.com/hook", ContentType: ptr.To("json"), InsecureSSL: ptr.To(false), Active: ptr.To(true),
			SecretRef: &common.SecretKeyRef{Name: "hook", Key: "secret"}},
		Events: []common.WebhookEvent{"push", "pull_request"},
	}
}

// A mod changes a Webhook of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(w Object) { meta.SetExternalName(w, n) } }
func withPending(t time.Time) mod   { return func(w Object) { meta.SetExternalCreatePending(w, t) } }
func withApplied(h string) mod {
	return func(w Object) { w.Observation().AppliedSecretHash = ptr.To(h) }
}
func withoutSecret() mod { return func(w Object) { w.Parameters().SecretRef = nil } }
func deleting() mod {
	return func(w Object) { now := metav1.Now(); w.SetDeletionTimestamp(&now) }
}

var createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// answer is params' webhook as GitHub answers it, with id.
func answer(id int64, mods ...func(*github.Hook)) *github.Hook {
	h := &github.Hook{ID: id, Type: "Repository", Name: "web", Active: true, Events: []string{"pull_request", "push"},
		Config:    github.HookConfig{URL: "https://ci.example.com/hook", ContentType: "json", InsecureSSL: "0", Secret: github.HookSecretMask},
		CreatedAt: &createdAt, UpdatedAt: &createdAt}
	for _, m := range mods {
		m(h)
	}
	return h
}

// secretValue is the webhook secret of every case; secretUID its Secret's
// UID.
const (
	secretValue = "s3cr3t-value"
	secretUID   = "uid-1"
)

// secrets is an API reader holding the Secret ns/hook with objs added.
func secrets(t *testing.T, objs ...ctrlclient.Object) ctrlclient.Reader {
	t.Helper()
	s := runtime.NewScheme()
	if err := corev1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
}

func hookSecret(data map[string][]byte) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "hook", UID: secretUID}, Data: data}
}
