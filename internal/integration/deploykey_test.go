package integration

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	dk "github.com/crossplane-github/provider-github/internal/clients/deploykey"
)

// A generated key pair lands in the connection Secret, its public half on
// GitHub and in the status; nothing is written again poll after poll; a
// key deleted on GitHub is added again with the same public key (the
// private key in the Secret stays valid); deleting the resource deletes
// the key. No event or condition carries the private key.
func TestDeployKeyGeneratedLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newDeployKeyFixture(t)
		p := keyParams("ci")
		p.GenerateKey = ptr.To(true)
		d := f.deployKey(s, "ci", p)
		withConnectionSecret(f, d, "ci-key")
		f.must(kube.Create(f.ctx, d))
		got := waitReady(f, d)

		id := meta.GetExternalName(got)
		if _, err := strconv.ParseInt(id, 10, 64); err != nil {
			t.Fatalf("external name %q: want the key's id", id)
		}
		conn := f.connectionData("ci-key")
		pair, err := dk.KeyPairOf(conn[dk.ConnectionPrivateKey])
		if err != nil {
			t.Fatalf("connection Secret: %v", err)
		}
		keys := f.ghDeployKeys(keyRepo)
		if len(keys) != 1 || fmt.Sprint(keys[0].ID) != id || keys[0].Key != pair.PublicKey.Canonical || !keys[0].ReadOnly || keys[0].Title != "ci" {
			t.Fatalf("deploy keys on GitHub %+v: want one read-only key %s titled ci with the connection Secret's public key", keys, id)
		}
		if string(conn[dk.ConnectionPublicKey]) != pair.PublicKey.Canonical+"\n" {
			t.Errorf("connection Secret publicKey %q: want %q", conn[dk.ConnectionPublicKey], pair.PublicKey.Canonical)
		}
		if o := got.Observation(); ptr.Deref(o.PublicKey, "") != pair.PublicKey.Canonical || ptr.Deref(o.Fingerprint, "") != pair.PublicKey.Fingerprint {
			t.Errorf("status.atProvider %+v: want the public key and its fingerprint", o)
		}
		deployKeysQuiet(f, keyRepo, "created")

		f.ghMust(204, goodToken, "DELETE", fmt.Sprintf("/repos/%s/%s/keys/%s", owner, keyRepo, id), "")
		f.eventually("key added again with the same public key", func() string {
			newID := meta.GetExternalName(get(f, d))
			if newID == id {
				return "external name still " + id
			}
			keys := f.ghDeployKeys(keyRepo)
			if len(keys) != 1 || fmt.Sprint(keys[0].ID) != newID || keys[0].Key != pair.PublicKey.Canonical {
				return fmt.Sprintf("deploy keys %+v", keys)
			}
			return ""
		})
		// The external name is saved before the create's connection details
		// are published and before its event is recorded: wait for the second
		// CreatedExternalResource (one Event counted twice), which the
		// provider records after publishing the connection Secret and after
		// any warning of the re-add, so the Secret and the events read below
		// are those of the re-add.
		f.waitEventThat(d, "a second CreatedExternalResource event", func(e corev1.Event) bool {
			return e.Reason == "CreatedExternalResource" && e.Count >= 2
		})
		if after := f.connectionData("ci-key"); !bytes.Equal(after[dk.ConnectionPrivateKey], pair.PrivateKey) {
			t.Errorf("the private key in the connection Secret changed: want it kept")
		}

		for _, e := range f.events(get(f, d)) {
			if e.Type == "Warning" && e.Reason != "ExternalResourceMissing" {
				t.Errorf("warning event %s: %s", e.Reason, e.Message)
			}
			if strings.Contains(e.Message, "PRIVATE KEY") || strings.Contains(e.Message, strings.Fields(pair.PublicKey.Canonical)[1][:40]) {
				t.Errorf("event %s carries key material: %s", e.Reason, e.Message)
			}
		}

		f.must(kube.Delete(f.ctx, get(f, d)))
		f.eventually("key deleted on GitHub and the resource gone", func() string {
			if l := f.ghDeployKeys(keyRepo); len(l) != 0 {
				return fmt.Sprintf("deploy keys on GitHub: %+v", l)
			}
			if err := kube.Get(f.ctx, s.key(f, "ci"), fresh(d)); !kerrors.IsNotFound(err) {
				return "DeployKey still there"
			}
			return ""
		})
	})
}

// A public key from a Secret: a missing Secret is a condition naming it;
// once it exists, the key is added, with the comment dropped as GitHub
// drops it, and not written again.
func TestDeployKeyFromSecret(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newDeployKeyFixture(t)
		p := keyParams("from-secret")
		p.ReadOnly = ptr.To(false)
		p.PublicKeySecretRef = &common.DeployKeySecretKeySelector{Name: "bot-key", Key: "id.pub"}
		if !s.namespaced {
			p.PublicKeySecretRef.Namespace = ptr.To(f.ns)
		}
		d := f.deployKey(s, "from-secret", p)
		f.must(kube.Create(f.ctx, d))
		waitSyncError(f, d, fmt.Sprintf("Secret %s/bot-key does not exist", f.ns))

		f.secret("bot-key", map[string][]byte{"id.pub": []byte(testPublicKey + " bot@example.com\n")})
		waitReady(f, d)
		keys := f.ghDeployKeys(keyRepo)
		if len(keys) != 1 || keys[0].Key != testPublicKey || keys[0].ReadOnly {
			t.Errorf("deploy keys on GitHub %+v: want the Secret's key, read and write, without its comment", keys)
		}
		deployKeysQuiet(f, keyRepo, "created from a Secret")
	})
}

// Key material GitHub already has: a deploy key of this repository is not
// taken over (the condition says how to adopt it, and with the annotation
// it is adopted); one of another repository reads clearly, and nothing is
// added.
func TestDeployKeyInUse(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newDeployKeyFixture(t)
		id := f.ghAddDeployKey(keyRepo, "ci", testPublicKey)
		f.ghAddDeployKey(otherKeyRepo, "elsewhere", otherPublicKey)

		p := keyParams("ci")
		p.PublicKey = ptr.To(testPublicKey + " ci@example.com")
		d := f.deployKey(s, "here", p)
		f.must(kube.Create(f.ctx, d))
		waitSyncError(f, d, fmt.Sprintf(`as deploy key "ci" (id %d), which this DeployKey did not add`, id),
			fmt.Sprintf(`set the annotation crossplane.io/external-name: "%d"`, id))

		elsewhere := keyParams("elsewhere")
		elsewhere.PublicKey = ptr.To(otherPublicKey)
		e := f.deployKey(s, "elsewhere", elsewhere)
		f.must(kube.Create(f.ctx, e))
		waitSyncError(f, e, `GitHub answered "key is already in use"`, "a deploy key of another repository or a user's SSH key")
		// It keeps trying; out of the way of the count of writes below.
		f.must(kube.Delete(f.ctx, get(f, e)))
		f.eventually("the refused DeployKey gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "elsewhere"), fresh(e)); !kerrors.IsNotFound(err) {
				return "still there"
			}
			return ""
		})

		update(f, d, func(d deployKeyObject) { meta.SetExternalName(d, fmt.Sprint(id)) })
		waitReady(f, d)
		if keys := f.ghDeployKeys(keyRepo); len(keys) != 1 || keys[0].ID != id {
			t.Errorf("deploy keys on GitHub %+v: want only the adopted key %d", keys, id)
		}
		deployKeysQuiet(f, keyRepo, "adopted")
	})
}

// A repository GitHub does not have is named in the condition.
func TestDeployKeyMissingRepository(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newDeployKeyFixture(t)
		p := keyParams("ci")
		p.Repository = ptr.To("nowhere")
		p.PublicKey = ptr.To(testPublicKey)
		d := f.deployKey(s, "ci", p)
		f.must(kube.Create(f.ctx, d))
		waitSyncError(f, d, "cannot find repository demo-org/nowhere")
	})
}

// A create interrupted after GitHub added the key (the provider stopped
// before the id was saved) leaves no second key: the key added since the
// create began is found by its key material.
func TestDeployKeyInterruptedCreateRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newDeployKeyFixture(t)
		began := time.Now()
		id := f.ghAddDeployKey(keyRepo, "ci", testPublicKey)
		p := keyParams("ci")
		p.PublicKey = ptr.To(testPublicKey)
		d := f.deployKey(s, "ci", p)
		meta.SetExternalCreatePending(d, began)
		f.must(kube.Create(f.ctx, d))
		got := waitReady(f, d)
		if ext := meta.GetExternalName(got); ext != fmt.Sprint(id) {
			t.Errorf("external name %q, want the id %d of the key the interrupted create added", ext, id)
		}
		if n := len(f.ghDeployKeys(keyRepo)); n != 1 {
			t.Errorf("%d deploy keys on GitHub, want 1", n)
		}
	})
}

// Bad input is refused at admission, with a message a person can act on.
func TestDeployKeyAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(f *fixture, s scope, d deployKeyObject)
		want   string
	}{
		"NoKey": {func(*fixture, scope, deployKeyObject) {}, "set exactly one of publicKey, publicKeySecretRef or generateKey: true"},
		"TwoKeys": {func(_ *fixture, _ scope, d deployKeyObject) {
			d.Parameters().PublicKey, d.Parameters().GenerateKey = ptr.To(testPublicKey), ptr.To(true)
		}, "set exactly one of publicKey"},
		"NotAKey": {func(_ *fixture, _ scope, d deployKeyObject) { d.Parameters().PublicKey = ptr.To("ssh-dss AAAAB3") }, "spec.forProvider.publicKey"},
		"GenerateWithoutSecret": {func(_ *fixture, _ scope, d deployKeyObject) { d.Parameters().GenerateKey = ptr.To(true) },
			"generateKey needs writeConnectionSecretToRef"},
		"SecretNamespace": {func(f *fixture, s scope, d deployKeyObject) {
			d.Parameters().PublicKeySecretRef = &common.DeployKeySecretKeySelector{Name: "k", Key: "pub"}
			if s.namespaced {
				d.Parameters().PublicKeySecretRef.Namespace = ptr.To(f.ns)
			}
		}, "publicKeySecretRef.namespace"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				d := f.deployKey(s, "refused", keyParams("ci"))
				tc.change(f, s, d)
				err := kube.Create(f.ctx, d)
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the API server to refuse, saying %q; got %v", tc.want, err)
				}
			})
		})
	}
}

// Deploy keys cannot be changed on GitHub: a change is refused at
// admission, saying to recreate the DeployKey.
func TestDeployKeyImmutable(t *testing.T) {
	cases := map[string]struct {
		change func(d deployKeyObject)
		want   string
	}{
		"Title":    {func(d deployKeyObject) { d.Parameters().Title = "renamed" }, "title cannot be changed"},
		"ReadOnly": {func(d deployKeyObject) { d.Parameters().ReadOnly = ptr.To(false) }, "readOnly cannot be changed"},
		"Key":      {func(d deployKeyObject) { d.Parameters().PublicKey = ptr.To(otherPublicKey) }, "publicKey cannot be changed"},
		"Source": {func(d deployKeyObject) {
			d.Parameters().PublicKey, d.Parameters().PublicKeySecretRef = nil, &common.DeployKeySecretKeySelector{Name: "k", Key: "pub", Namespace: ptr.To("x")}
		}, "the source of the public key cannot be changed"},
		"Repository": {func(d deployKeyObject) { d.Parameters().Repository = ptr.To(otherKeyRepo) }, "repository and owner cannot be changed"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				p := keyParams("ci")
				p.Repository = ptr.To("nowhere")
				p.PublicKey = ptr.To(testPublicKey)
				d := f.deployKey(s, "fixed", p)
				f.must(kube.Create(f.ctx, d))
				var err error
				// The controller writes the resource too: retry a conflict,
				// as long as it takes (ten tries at once all conflicted
				// under stress).
				f.eventually("an update that does not conflict", func() string {
					got := get(f, d)
					tc.change(got)
					if err = kube.Update(f.ctx, got); kerrors.IsConflict(err) {
						return err.Error()
					}
					return ""
				})
				if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "delete and recreate the DeployKey") {
					t.Errorf("want the API server to refuse, saying %q and to recreate; got %v", tc.want, err)
				}
			})
		})
	}
}

// The DeployKey examples of both scopes are accepted by the API server,
// and every repositoryRef in them names a Repository example of its scope.
func TestDeployKeyExamplesAreAccepted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		examples := examplesOf(t, s, "deploykey")
		if len(examples) == 0 {
			t.Fatal("no DeployKey examples")
		}
		repos := map[string]bool{}
		for _, r := range examplesOf(t, s, "repository") {
			repos[r.GetName()] = true
		}
		for _, mg := range examples {
			d, ok := mg.(deployKeyObject)
			if !ok {
				t.Fatalf("%s: %T is not a DeployKey", mg.GetName(), mg)
			}
			if ref := d.Parameters().RepositoryRef; ref != nil && !repos[ref.Name] {
				t.Errorf("%s: repositoryRef %s names no Repository example of its scope", d.GetName(), ref.Name)
			}
			placeExample(f, s, d)
			if err := kube.Create(f.ctx, d, client.DryRunAll); err != nil {
				t.Errorf("%s: refused: %v", d.GetName(), err)
			}
		}
	})
}
