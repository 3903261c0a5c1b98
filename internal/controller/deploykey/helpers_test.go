package deploykey

import (
	"context"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// Public keys of these tests (made with ssh-keygen; the private halves were
// thrown away).
const (
	pubKey   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJO720MIMydoiThejBuNZuq6pQFEEcRqhtShAZkV9qTi"
	otherKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILpY14EvLbZMbzZ7UEtGbA22QU2K7wuOvvZd58iNaz8i"
)

// repo is the repository of every case: demo-org/app.
var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// The namespace of namespaced cases, and of the Secrets of cluster ones.
const ns = "team"

// A scope is one of the DeployKey kinds that share external[T].
type scope struct {
	name      string
	deployKey func(m ...mod) Object
	external  func(api github.DeployKeysAPI, kube client.Client, rec event.Recorder) kindtest.Client[Object]
	// conn sets the connection Secret of a DeployKey of this scope.
	conn func(Object, string)
	// keyRef is the publicKeySecretRef of this scope.
	keyRef *common.DeployKeySecretKeySelector
}

func (s scope) ScopeName() string { return s.name }

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	keyRef := &common.DeployKeySecretKeySelector{Name: "keys", Key: "ci.pub"}
	if newT(ns, "dk").GetNamespace() == "" {
		keyRef.Namespace = ptr.To(ns)
	}
	return scope{
		name: string(s),
		deployKey: func(m ...mod) Object {
			d := newT(ns, "dk")
			d.SetUID("uid-dk")
			*d.Parameters() = common.DeployKeyParameters{
				RepositoryTarget: common.RepositoryTarget{Repository: &repo.Name},
				Title:            "ci", ReadOnly: ptr.To(true), PublicKey: ptr.To(pubKey + " ci@example.com"),
			}
			for _, f := range m {
				f(d)
			}
			return d
		},
		external: func(api github.DeployKeysAPI, kube client.Client, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, repo: repo, record: rec, kube: kube}}
		},
		conn:   conn,
		keyRef: keyRef,
	}
}

// conn sets the connection Secret of d: a cluster-scoped DeployKey names
// its namespace, ns.
func conn(d Object, n string) {
	switch w := d.(type) {
	case resource.LocalConnectionSecretWriterTo:
		w.SetWriteConnectionSecretToReference(&xpv2.LocalSecretReference{Name: n})
	case resource.ConnectionSecretWriterTo:
		w.SetWriteConnectionSecretToReference(&xpv2.SecretReference{Name: n, Namespace: ns})
	}
}

var scopes = twins.EachDeployKey(scopeOf, scopeOf)

// A mod changes a DeployKey of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(d Object) { meta.SetExternalName(d, n) } }
func withPending(t time.Time) mod   { return func(d Object) { meta.SetExternalCreatePending(d, t) } }
func withTitle(t string) mod        { return func(d Object) { d.Parameters().Title = t } }
func deleting() mod {
	return func(d Object) { now := metav1.Now(); d.SetDeletionTimestamp(&now) }
}

// generated makes the DeployKey generate its key, into connection Secret
// "dk-conn".
func (s scope) generated() mod {
	return func(d Object) {
		p := d.Parameters()
		p.PublicKey, p.GenerateKey = nil, ptr.To(true)
		s.conn(d, "dk-conn")
	}
}

// fromSecret makes the DeployKey read its key from Secret "keys".
func (s scope) fromSecret() mod {
	return func(d Object) {
		p := d.Parameters()
		p.PublicKey, p.PublicKeySecretRef = nil, s.keyRef
	}
}

var createdAt = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// answer is the DeployKey's key as GitHub answers it, with id.
func answer(id int64, mods ...func(*github.DeployKey)) *github.DeployKey {
	k := &github.DeployKey{ID: id, Key: pubKey, Title: "ci", ReadOnly: true, Verified: true, AddedBy: ptr.To("demo-user"), CreatedAt: &createdAt}
	for _, m := range mods {
		m(k)
	}
	return k
}

// kube is a Kubernetes API holding objs.
func kube(t *testing.T, objs ...client.Object) client.Client {
	t.Helper()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	return fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
}

// secret is a Secret of namespace ns with data, controlled by the
// resource of uid when uid is not empty.
func secret(name string, uid types.UID, data map[string][]byte) *corev1.Secret {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}, Data: data}
	if uid != "" {
		s.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "DeployKey", Name: "dk", UID: uid, Controller: ptr.To(true)}}
	}
	return s
}

func readSecret(t *testing.T, c client.Client, name string) *corev1.Secret {
	t.Helper()
	s := &corev1.Secret{}
	if err := c.Get(context.Background(), types.NamespacedName{Namespace: ns, Name: name}, s); err != nil {
		t.Fatalf("reading Secret %s: %v", name, err)
	}
	return s
}
