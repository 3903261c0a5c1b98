package integration

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// webhookObject is a Webhook of either scope.
type webhookObject = twins.WebhookObject

var webhooks = twins.Webhook

// The webhooks of these tests belong to demo-org/hooked, deliver to
// hookURL and are signed with the secret in key "secret" of the Secret
// hookSecret.
const (
	hookRepo     = "hooked"
	hookFullName = owner + "/" + hookRepo
	hookURL      = "https://ci.example.com/github"
	hookSecret   = "hook-secret"
)

// newWebhookFixture is a fixture whose emulator also has demo-org's
// repository hooked.
func newWebhookFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: hookRepo, Branches: []string{"main"}})
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// webhook builds, without creating it, a Webhook of scope s called name,
// with the parameters p; in the cluster scope its secretRef names the
// fixture's namespace.
func (f *fixture) webhook(s scope, name string, p common.WebhookParameters) webhookObject {
	f.t.Helper()
	w := webhooks.In(s.of)
	*w.Parameters() = p
	if p.SecretRef != nil && !s.namespaced {
		ref := *p.SecretRef
		ref.Namespace = ptr.To(f.ns)
		w.Parameters().SecretRef = &ref
	}
	return place(f, s, w, name, "github")
}

// ciHook is a webhook of demo-org/hooked for pushes and pull requests,
// signed with the secret in hookSecret.
func ciHook() common.WebhookParameters {
	return common.WebhookParameters{
		RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(hookRepo)},
		WebhookSettings: common.WebhookSettings{
			URL:         hookURL,
			ContentType: ptr.To("json"),
			SecretRef:   &common.SecretKeyRef{Name: hookSecret, Key: "secret"},
		},
		Events: []common.WebhookEvent{"push", "pull_request"},
	}
}

// setHookSecret creates or changes the fixture's Secret hookSecret.
func (f *fixture) setHookSecret(value string) {
	f.t.Helper()
	s := &corev1.Secret{}
	if err := kube.Get(f.ctx, client.ObjectKey{Namespace: f.ns, Name: hookSecret}, s); err != nil {
		f.secret(hookSecret, map[string][]byte{"secret": []byte(value)})
		return
	}
	s.Data = map[string][]byte{"secret": []byte(value)}
	f.must(kube.Update(f.ctx, s))
}

// ghHook is a webhook as the emulator answers it.
type ghHook struct {
	ID     int64    `json:"id"`
	Active bool     `json:"active"`
	Events []string `json:"events"`
	Config struct {
		URL         string `json:"url"`
		ContentType string `json:"content_type"`
		InsecureSSL string `json:"insecure_ssl"`
		Secret      string `json:"secret"`
	} `json:"config"`
}

// ghHooks lists demo-org/hooked's webhooks.
func (f *fixture) ghHooks() []ghHook {
	f.t.Helper()
	var out []ghHook
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+hookFullName+"/hooks", ""), &out))
	return out
}

// ghCreateHook creates a webhook in demo-org/hooked as another tool would,
// and returns its id.
func (f *fixture) ghCreateHook(body string) int64 {
	f.t.Helper()
	var out ghHook
	f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+hookFullName+"/hooks", body), &out))
	return out.ID
}

// hookWrites counts the answered writes to demo-org/hooked's webhooks.
func (f *fixture) hookWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method != http.MethodGet && strings.Contains(r.Path, "/repos/"+hookFullName+"/hooks") {
			n++
		}
	}
	return n
}

// hooksQuiet waits a few poll intervals and fails when anyone wrote to the
// webhooks meanwhile: a webhook GitHub accepted must not be written again.
func hooksQuiet(f *fixture, what string) {
	f.t.Helper()
	before := f.hookWrites()
	time.Sleep(3 * pollInterval)
	if n := f.hookWrites() - before; n != 0 {
		f.t.Errorf("%s: %d writes to the webhooks of %s in 3 polls, want none (an update loop)", what, n, hookFullName)
	}
}

// noSecretIn fails the test when a value shows in the resource mg names or
// in its events. Events are recorded asynchronously, in order: it first
// waits for the create's CreatedExternalResource, which comes after the
// create's own warnings (a test checking a later step waits for that step's
// event before calling it).
func noSecretIn[T resource.Managed](f *fixture, mg T, values ...string) {
	f.t.Helper()
	f.waitEvent(mg, "CreatedExternalResource")
	b, err := json.Marshal(get(f, mg))
	f.must(err)
	var texts []string
	texts = append(texts, string(b))
	for _, e := range f.events(mg) {
		texts = append(texts, e.Message)
	}
	for _, v := range values {
		for _, s := range texts {
			if strings.Contains(s, v) {
				f.t.Errorf("the secret %q shows in the resource or an event: %.300s", v, s)
			}
		}
	}
}
