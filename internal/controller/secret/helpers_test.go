package secret

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"golang.org/x/crypto/nacl/box"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrlclient "sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	ghfake "github.com/crossplane-github/provider-github/internal/clients/github/fake"
	sec "github.com/crossplane-github/provider-github/internal/clients/secret"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the kinds, in one scope, that share external[T]: the
// Actions secrets of the repository and of an environment, and the
// Dependabot secrets, namespaced and cluster-scoped.
type scope struct {
	name     string
	store    github.SecretStore
	secret   func(m ...mod) Object
	spec     func(Object) *common.SecretValueParameters
	status   func(Object) *common.SecretValueObservation
	external func(api github.SecretsAPI, keys publicKeys, rec event.Recorder, secrets ctrlclient.Reader, found *github.StoredSecret) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

func scopeOf[T Object](name string, store github.SecretStore, newT func(namespace, name string) T, spec func(T) *common.SecretValueParameters, status func(T) *common.SecretValueObservation) scope {
	return scope{
		name: name, store: store,
		secret: func(m ...mod) Object {
			s := newT("ns", "s")
			s.SetUID("resource-uid")
			*spec(s) = common.SecretValueParameters{Name: "deploy_token", ValueSecretRef: common.SecretKeyRef{Name: "tokens", Key: "token"}}
			if s.GetNamespace() == "" {
				spec(s).ValueSecretRef.Namespace = ptr.To("ns")
			}
			if e, ok := any(s).(interface {
				EnvironmentTarget() *common.EnvironmentTarget
			}); ok && store.Environment != "" {
				e.EnvironmentTarget().Environment = ptr.To(store.Environment)
			}
			for _, f := range m {
				f(s)
			}
			return s
		},
		spec:   func(o Object) *common.SecretValueParameters { return spec(o.(T)) },
		status: func(o Object) *common.SecretValueObservation { return status(o.(T)) },
		external: func(api github.SecretsAPI, keys publicKeys, rec event.Recorder, secrets ctrlclient.Reader, found *github.StoredSecret) kindtest.Client[Object] {
			e := &external[T]{api: api, keys: keys, in: repo, owner: repo.Owner, repo: repo.Name, store: store, kind: kindName(store), record: rec, secrets: secrets,
				spec: spec, status: status, found: found}
			if store.Environment != "" {
				e.env = kind.Environment{Name: store.Environment}
			}
			return kindtest.Typed[Object, T]{E: e}
		},
	}
}

func kindName(store github.SecretStore) string {
	if store.Dependabot {
		return "DependabotSecret"
	}
	return "ActionsSecret"
}

func actionsSpec[T interface {
	Parameters() *common.ActionsSecretParameters
}](mg T) *common.SecretValueParameters {
	return &mg.Parameters().SecretValueParameters
}

func actionsStatus[T interface {
	Observation() *common.ActionsSecretObservation
}](mg T) *common.SecretValueObservation {
	return &mg.Observation().SecretValueObservation
}

func dependabotSpec[T interface {
	Parameters() *common.DependabotSecretParameters
}](mg T) *common.SecretValueParameters {
	return &mg.Parameters().SecretValueParameters
}

func dependabotStatus[T interface {
	Observation() *common.DependabotSecretObservation
}](mg T) *common.SecretValueObservation {
	return &mg.Observation().SecretValueObservation
}

var (
	actions    = github.SecretStore{}
	production = github.SecretStore{Environment: "production"}
	dependabot = github.SecretStore{Dependabot: true}
)

// A storeScope makes a kind's scope for the secrets of a store, its name
// starting with prefix.
type storeScope func(prefix string, store github.SecretStore) scope

func actionsScope[T interface {
	Object
	Parameters() *common.ActionsSecretParameters
	Observation() *common.ActionsSecretObservation
}](s apis.Scope, newT func(namespace, name string) T) storeScope {
	return func(prefix string, store github.SecretStore) scope {
		return scopeOf(prefix+string(s), store, newT, actionsSpec[T], actionsStatus[T])
	}
}

func dependabotScope[T interface {
	Object
	Parameters() *common.DependabotSecretParameters
	Observation() *common.DependabotSecretObservation
}](s apis.Scope, newT func(namespace, name string) T) storeScope {
	return func(prefix string, store github.SecretStore) scope {
		return scopeOf(prefix+string(s), store, newT, dependabotSpec[T], dependabotStatus[T])
	}
}

// inStore are a kind's scopes for the secrets of store.
func inStore(prefix string, store github.SecretStore, kinds []storeScope) []scope {
	var ss []scope
	for _, k := range kinds {
		ss = append(ss, k(prefix, store))
	}
	return ss
}

var scopes = slices.Concat(
	inStore("Actions", actions, twins.EachActionsSecret(actionsScope, actionsScope)),
	inStore("Environment", production, twins.EachActionsSecret(actionsScope, actionsScope)),
	inStore("Dependabot", dependabot, twins.EachDependabotSecret(dependabotScope, dependabotScope)),
)

// A mod changes a secret resource of any scope.
type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withPending(t time.Time) mod {
	return func(o Object) {
		meta.SetExternalCreatePending(o, t)
	}
}
func deleting() mod {
	return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) }
}

var (
	createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	writtenAt = createdAt.Add(time.Hour)
)

// stored is the secret as GitHub answers it, last written at updated.
func stored(updated time.Time) *github.StoredSecret {
	return &github.StoredSecret{Name: "DEPLOY_TOKEN", CreatedAt: &createdAt, UpdatedAt: &updated}
}

// tokenValue is the secret value of every case; secretUID its Secret's UID.
const (
	tokenValue = "ghp_s3cr3t-deploy-token"
	secretUID  = "uid-1"
)

// hash is the hash of tokenValue as this resource's.
var hash = sec.ValueHash(secretUID, "resource-uid", []byte(tokenValue))

// secrets is an API reader holding objs.
func secrets(t *testing.T, objs ...ctrlclient.Object) ctrlclient.Reader {
	t.Helper()
	s := runtime.NewScheme()
	if err := corev1.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
}

// tokens is the Secret ns/tokens with data.
func tokens(data map[string][]byte) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "tokens", UID: secretUID}, Data: data}
}

// storeKey is a store's key pair: GitHub's side, so that tests can open
// what the provider sealed.
type storeKey struct {
	id      string
	public  *[32]byte
	private *[32]byte
}

func newStoreKey(t *testing.T, id string) storeKey {
	t.Helper()
	pub, priv, err := box.GenerateKey(strings.NewReader(strings.Repeat(id, 64)))
	if err != nil {
		t.Fatal(err)
	}
	return storeKey{id: id, public: pub, private: priv}
}

func (k storeKey) answer() *github.SecretsPublicKey {
	return &github.SecretsPublicKey{KeyID: k.id, Key: base64.StdEncoding.EncodeToString(k.public[:])}
}

// open is the plaintext of a write sealed with k; ok false when k cannot
// open it.
func (k storeKey) open(s *github.EncryptedSecret) (string, bool) {
	raw, err := base64.StdEncoding.DecodeString(s.EncryptedValue)
	if err != nil || s.KeyID != k.id {
		return "", false
	}
	out, ok := box.OpenAnonymous(nil, raw, k.public, k.private)
	return string(out), ok
}

// call is one request the fake GitHub was sent.
type call struct {
	Op    string
	Store github.SecretStore
	Name  string
	// Value is the plaintext of a write, as the store's current key opens
	// it ("<unreadable>" when it cannot).
	Value string
	KeyID string
}

// api is the fake GitHub of a case. keys are the store's keys, current
// last; a write sealed with an earlier one is refused as GitHub does.
type api struct {
	get       *github.StoredSecret
	getErr    error
	keys      []storeKey
	keyErr    error
	putErr    error
	deleteErr error
}

func (a api) fake(t *testing.T, store github.SecretStore, calls *[]call) *ghfake.MockSecretsAPI {
	t.Helper()
	check := func(op, owner, name string, s github.SecretStore) {
		if owner != repo.Owner || name != repo.Name || s != store {
			t.Errorf("%s(%s, %s, %v): want demo-org/app and %v", op, owner, name, s, store)
		}
	}
	current := func() storeKey { return a.keys[len(a.keys)-1] }
	return &ghfake.MockSecretsAPI{
		MockGetSecret: func(_ context.Context, owner, name string, s github.SecretStore, secret string) (*github.StoredSecret, error) {
			check("GetSecret", owner, name, s)
			*calls = append(*calls, call{Op: "get", Store: s, Name: secret})
			return a.get, a.getErr
		},
		MockGetSecretsPublicKey: func(_ context.Context, owner, name string, s github.SecretStore) (*github.SecretsPublicKey, error) {
			check("GetSecretsPublicKey", owner, name, s)
			*calls = append(*calls, call{Op: "key", Store: s})
			if a.keyErr != nil {
				return nil, a.keyErr
			}
			return current().answer(), nil
		},
		MockPutSecret: func(_ context.Context, owner, name string, s github.SecretStore, secret string, enc *github.EncryptedSecret) error {
			check("PutSecret", owner, name, s)
			v, ok := current().open(enc)
			if !ok {
				v = "<unreadable>"
			}
			*calls = append(*calls, call{Op: "put", Store: s, Name: secret, Value: v, KeyID: enc.KeyID})
			if !ok {
				return ghErr("PUT", "/repos/demo-org/app/actions/secrets/"+secret, 422, "Bad request - key_id is not valid")
			}
			return a.putErr
		},
		MockDeleteSecret: func(_ context.Context, owner, name string, s github.SecretStore, secret string) error {
			check("DeleteSecret", owner, name, s)
			*calls = append(*calls, call{Op: "delete", Store: s, Name: secret})
			return a.deleteErr
		},
	}
}

func ghErr(method, path string, status int, message string) error {
	return kindtest.GitHubErr(method, path, status, message)
}

// noValueShown fails the test when the secret's value shows in an error,
// an event or the resource.
func noValueShown(t *testing.T, err error, rec *kindtest.Recorder, mg Object) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), tokenValue) {
		t.Errorf("the error shows the value: %v", err)
	}
	for _, e := range rec.Events {
		if strings.Contains(e.Message, tokenValue) {
			t.Errorf("an event shows the value: %s", e.Message)
		}
	}
	b, _ := json.Marshal(mg)
	if strings.Contains(string(b), tokenValue) {
		t.Errorf("the resource shows the value: %s", b)
	}
}
