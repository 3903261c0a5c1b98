package deploykey

import (
	"context"
	"strings"
	"testing"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/convergetest"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// An RSA key with a unicode comment (made with ssh-keygen; the private half
// was thrown away); the other keys are key_test.go's.
const (
	rsaKey = "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQC9Hg/ZUSiVsQQbwh8dUBwcMpCh9l0VLx2XFBQdAjJP3YiB5cK1f6NLg38Tdev9SlY4MgtsYU7w7O0GuuJ/7nOG20iPRZbKrEouNAGJgLnnoJtt1WktBDas/rdUiUe8UW9Dv8KMbWYmDXmZHkHaCSo9fmphO0r4dDI7FWNVR3eYdw== deploy ☃ key"
)

// FuzzDeployKeyConverges adds the deploy key a spec declares (a given
// public key, or one generated as generateKey does) through our client on
// the emulator, and requires that it reads back without drift (deploy keys
// cannot be updated: there is no second chance), that it is found by its
// key, and that its observation shows it. A key the provider cannot read is
// refused before any request, without quoting it; GitHub refusing a key
// (422) is an acceptable end, when our client words it.
func FuzzDeployKeyConverges(f *testing.F) {
	f.Add("ci deploy key", byte(1), false, ed25519Key+" ci@example")                 // full: read-only, given
	f.Add("k", byte(0), true, "")                                                    // minimal: generated, readOnly left to its default
	f.Add("write ☃ 𝄞", byte(2), false, rsaKey)                                       // read and write, unicode comment
	f.Add(strings.Repeat("t", 255), byte(1), false, ecdsaKey+"   \n")                // longest title, trailing space
	f.Add("t", byte(1), false, "ssh-ed25519 AAAA")                                   // a truncated key
	f.Add("t", byte(1), false, "ssh-rsa "+strings.Split(ed25519Key, " ")[1])         // a body of another type
	f.Add("t", byte(1), false, ed25519Key+"\n"+ecdsaKey)                             // two keys: refused by the schema
	f.Add("t", byte(1), false, "ssh-ed25519 "+strings.Split(ed25519Key, " ")[1]+"=") // padding
	f.Add(" padded ", byte(1), false, ed25519Key)                                    // refused by the schema
	f.Add("t", byte(1), false, "sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAIA==")
	schema := convergetest.Schema(f, "repo.github.m.crossplane.io_deploykeys.yaml")
	f.Fuzz(func(t *testing.T, title string, access byte, generate bool, publicKey string) {
		p := &common.DeployKeyParameters{RepositoryTarget: convergetest.Target(), Title: title}
		switch access % 3 {
		case 1:
			p.ReadOnly = ptr.To(true)
		case 2:
			p.ReadOnly = ptr.To(false)
		}
		if generate {
			p.GenerateKey = ptr.To(true)
		} else {
			p.PublicKey = ptr.To(publicKey)
		}
		if p = convergetest.Admit(t, schema, p); p == nil {
			return
		}
		publicKey = ptr.Deref(p.PublicKey, "")

		// The key material, as the controller reads it.
		var key PublicKey
		if generate {
			pair, err := GenerateKeyPair()
			if err != nil {
				t.Fatalf("GenerateKeyPair(): %v", err)
			}
			if again, err := KeyPairOf(pair.PrivateKey); err != nil || again.PublicKey != pair.PublicKey {
				t.Fatalf("KeyPairOf(the generated private key) = %+v, %v: want the generated key", again.PublicKey, err)
			}
			key = pair.PublicKey
		} else {
			var err error
			if key, err = ParsePublicKey(publicKey); err != nil {
				if body := strings.Fields(publicKey); len(body) > 1 && len(body[1]) > 8 && strings.Contains(err.Error(), body[1]) {
					t.Fatalf("ParsePublicKey(...) = %q: quotes the key", err)
				}
				return
			}
		}

		ctx := context.Background()
		gh, _ := convergetest.Start(t)
		api := github.NewDeployKeysClient(gh)
		created, err := api.CreateDeployKey(ctx, convergetest.Owner, convergetest.Repo, Request(p, key))
		// A key the provider reads is one GitHub takes; a fresh repository
		// has no key in use.
		if convergetest.RefusedAsExpected(t, "CreateDeployKey(...)", err, false) {
			return
		}
		got, err := api.GetDeployKey(ctx, convergetest.Owner, convergetest.Repo, created.ID)
		if err != nil {
			t.Fatalf("GetDeployKey(%d) after an add GitHub accepted: %v", created.ID, err)
		}
		if d := Drift(p, key, got); len(d) > 0 {
			t.Fatalf("drift %v right after the add (sent %+v, GitHub has %+v): deploy keys cannot be updated", d, Request(p, key), got)
		}
		list, err := api.ListDeployKeys(ctx, convergetest.Owner, convergetest.Repo)
		if err != nil {
			t.Fatalf("ListDeployKeys(...): %v", err)
		}
		if found := FindByKey(list, key); found == nil || found.ID != created.ID {
			t.Fatalf("FindByKey(...) = %+v, want deploy key %d", found, created.ID)
		}
		o := Observation(convergetest.Owner+"/"+convergetest.Repo, got)
		if ptr.Deref(o.Fingerprint, "") != key.Fingerprint || ptr.Deref(o.Title, "") != p.Title ||
			ptr.Deref(o.ReadOnly, !readOnly(p)) != readOnly(p) || ptr.Deref(o.ID, 0) != created.ID {
			t.Fatalf("Observation(...) = %+v does not show the spec %+v (fingerprint %s)", o, p, key.Fingerprint)
		}
	})
}
