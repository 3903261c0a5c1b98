package integration

import (
	crand "crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/nacl/box"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// actionsSecretObject is an ActionsSecret of either scope.
type actionsSecretObject = twins.ActionsSecretObject

var actionsSecrets = twins.ActionsSecret

// dependabotSecretObject is a DependabotSecret of either scope.
type dependabotSecretObject = twins.DependabotSecretObject

var dependabotSecrets = twins.DependabotSecret

// The secrets of these tests belong to demo-org/vaulted (or its
// environment production) and take their values from the key "value" of
// the Secret valueSecret.
const (
	vaultRepo     = "vaulted"
	vaultFullName = owner + "/" + vaultRepo
	valueSecret   = "secret-values"
)

// newSecretFixture is a fixture whose emulator also has demo-org's
// repository vaulted, with the deployment environment production.
func newSecretFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Repos = append(seed.Repos, emulator.SeedRepo{Owner: owner, Name: vaultRepo, Branches: []string{"main"}})
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/"+vaultFullName+"/environments/production", `{}`)
	return f
}

// secretValue is the parameters of a secret called name whose value is
// in the fixture's Secret valueSecret; in the cluster scope the reference
// names the fixture's namespace.
func (f *fixture) secretValue(s scope, name string) common.SecretValueParameters {
	ref := common.SecretKeyRef{Name: valueSecret, Key: "value"}
	if !s.namespaced {
		ref.Namespace = ptr.To(f.ns)
	}
	return common.SecretValueParameters{Name: name, ValueSecretRef: ref}
}

// actionsSecret builds, without creating it, an ActionsSecret of scope s
// called name for the secret secretName of demo-org/vaulted, or of its
// environment env when env is not "".
func (f *fixture) actionsSecret(s scope, name, secretName, env string) actionsSecretObject {
	f.t.Helper()
	a := actionsSecrets.In(s.of)
	p := a.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(vaultRepo)}
	if env != "" {
		p.Environment = ptr.To(env)
	}
	p.SecretValueParameters = f.secretValue(s, secretName)
	return place(f, s, a, name, "github")
}

// dependabotSecret builds, without creating it, a DependabotSecret of
// scope s called name for the secret secretName of demo-org/vaulted.
func (f *fixture) dependabotSecret(s scope, name, secretName string) dependabotSecretObject {
	f.t.Helper()
	d := dependabotSecrets.In(s.of)
	p := d.Parameters()
	p.RepositoryTarget = common.RepositoryTarget{Repository: ptr.To(vaultRepo)}
	p.SecretValueParameters = f.secretValue(s, secretName)
	return place(f, s, d, name, "github")
}

// setSecretValue creates or changes the fixture's Secret valueSecret.
func (f *fixture) setSecretValue(value string) {
	f.t.Helper()
	s := &corev1.Secret{}
	if err := kube.Get(f.ctx, client.ObjectKey{Namespace: f.ns, Name: valueSecret}, s); err != nil {
		f.secret(valueSecret, map[string][]byte{"value": []byte(value)})
		return
	}
	s.Data = map[string][]byte{"value": []byte(value)}
	f.must(kube.Update(f.ctx, s))
}

// storePath is the API path of a secret store of demo-org/vaulted:
// "actions/secrets", "environments/production/secrets" or
// "dependabot/secrets".
func storePath(store string) string { return "/repos/" + vaultFullName + "/" + store }

// plaintext is the value the emulator decrypted for the secret name of
// store, and whether it has the secret at all (its control surface: GitHub
// never shows a value).
func (f *fixture) plaintext(store, name string) (string, bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, "/_emulator"+storePath(store)+"/"+name, "")
	if status == http.StatusNotFound {
		return "", false
	}
	if status != http.StatusOK {
		f.t.Fatalf("emulator's secret %s %s: status %d: %s", store, name, status, b)
	}
	var out struct {
		Value string `json:"value"`
	}
	f.must(json.Unmarshal(b, &out))
	return out.Value, true
}

// holds says how GitHub's secret name of store differs from value, ""
// when it holds it.
func (f *fixture) holds(store, name, value string) string {
	got, ok := f.plaintext(store, name)
	switch {
	case !ok:
		return "GitHub has no secret " + name + " in " + store
	case got != value:
		return "GitHub's secret " + name + " holds another value"
	}
	return ""
}

// ghPutSecret writes the secret name of store as another tool would:
// sealed with the store's public key.
func (f *fixture) ghPutSecret(store, name, value string) {
	f.t.Helper()
	f.ghPutSealed(storePath(store), name, value, "")
}

// ghPutSealed writes the secret name of the store at path (a repository's
// or an organization's) as another tool would: sealed with the store's
// public key, with the rest of the body's fields (`"visibility":"all"`).
func (f *fixture) ghPutSealed(path, name, value, rest string) {
	f.t.Helper()
	var key struct {
		KeyID string `json:"key_id"`
		Key   string `json:"key"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, path+"/public-key", ""), &key))
	raw, err := base64.StdEncoding.DecodeString(key.Key)
	f.must(err)
	var pk [32]byte
	copy(pk[:], raw)
	sealed, err := box.SealAnonymous(nil, []byte(value), &pk, crand.Reader)
	f.must(err)
	body := fmt.Sprintf(`{"encrypted_value": %q, "key_id": %q`, base64.StdEncoding.EncodeToString(sealed), key.KeyID)
	if rest != "" {
		body += ", " + rest
	}
	if status, b := f.gh(goodToken, http.MethodPut, path+"/"+name, body+"}"); status != http.StatusCreated && status != http.StatusNoContent {
		f.t.Fatalf("PUT %s %s: status %d: %s", path, name, status, b)
	}
}

// secretWrites counts the answered writes to demo-org/vaulted's secrets.
func (f *fixture) secretWrites() int {
	n := 0
	for _, r := range f.emu.Requests() {
		if r.Method == http.MethodPut && strings.Contains(r.Path, "/repos/"+vaultFullName+"/") && strings.Contains(r.Path, "secrets/") {
			n++
		}
	}
	return n
}

// secretsQuiet waits a few poll intervals and fails when anyone wrote a
// secret meanwhile: a value GitHub holds must not be sent again.
func secretsQuiet(f *fixture, what string) {
	f.t.Helper()
	before := f.secretWrites()
	time.Sleep(3 * pollInterval)
	if n := f.secretWrites() - before; n != 0 {
		f.t.Errorf("%s: %d secret writes to %s in 3 polls, want none (an update loop)", what, n, vaultFullName)
	}
}
