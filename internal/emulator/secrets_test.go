package emulator_test

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"testing"

	"golang.org/x/crypto/nacl/box"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestSecretKeysAndStores: a write sealed with a key the store no longer
// has is refused (a rotated key); each store opens only what its own key
// sealed; secrets follow a rename and go with the repository, and an
// environment's go with the environment.
func TestSecretKeysAndStores(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: branchSeed()})
	const repo = "/repos/demo-org/svc"
	key := func(store string) (id string, pk *[32]byte) {
		t.Helper()
		a := do(t, srv, call{method: "GET", path: repo + "/" + store + "/public-key", token: "demo-token"})
		if a.status != 200 {
			t.Fatalf("public key of %s: %d %s", store, a.status, a.body)
		}
		m := a.json(t)
		raw, err := base64.StdEncoding.DecodeString(m["key"].(string))
		if err != nil || len(raw) != 32 {
			t.Fatalf("public key of %s is not a base64 32-byte key: %v", store, m["key"])
		}
		pk = new([32]byte)
		copy(pk[:], raw)
		return m["key_id"].(string), pk
	}
	put := func(store, name, value, id string, pk *[32]byte) answer {
		t.Helper()
		sealed, err := box.SealAnonymous(nil, []byte(value), pk, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		body := fmt.Sprintf(`{"encrypted_value":%q,"key_id":%q}`, base64.StdEncoding.EncodeToString(sealed), id)
		return do(t, srv, call{method: "PUT", path: repo + "/" + store + "/" + name, token: "demo-token", body: body})
	}
	holds := func(owner, name, store, secret, want string) {
		t.Helper()
		got, _, ok := emu.State().SecretValue(owner, name, store, secret)
		if !ok || got != want {
			t.Errorf("%s/%s %s secret %s = %q (found %t), want %q", owner, name, store, secret, got, ok, want)
		}
	}

	id, pk := key("actions/secrets")
	if a := put("actions/secrets", "TOKEN", "one", id, pk); a.status != 201 {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	holds("demo-org", "svc", "actions", "TOKEN", "one")
	if again, _ := key("actions/secrets"); again != id {
		t.Errorf("the key changed between reads: %s then %s", id, again)
	}

	// A rotated key: the old one's writes are refused, the new one's taken.
	if err := emu.State().RotateSecretKey("demo-org", "svc", "actions"); err != nil {
		t.Fatal(err)
	}
	if a := put("actions/secrets", "TOKEN", "two", id, pk); a.status != 422 {
		t.Errorf("write with the old key: %d, want 422", a.status)
	}
	newID, newPK := key("actions/secrets")
	if newID == id {
		t.Errorf("the rotated key kept its id %s", id)
	}
	if a := put("actions/secrets", "TOKEN", "two", newID, newPK); a.status != 204 {
		t.Errorf("update with the new key: %d %s", a.status, a.body)
	}
	holds("demo-org", "svc", "actions", "TOKEN", "two")

	// Dependabot has a key of its own.
	depID, depPK := key("dependabot/secrets")
	if a := put("dependabot/secrets", "TOKEN", "x", newID, newPK); a.status != 422 {
		t.Errorf("Dependabot write sealed with the Actions key: %d, want 422", a.status)
	}
	if a := put("dependabot/secrets", "TOKEN", "dep", depID, depPK); a.status != 201 {
		t.Errorf("Dependabot write: %d %s", a.status, a.body)
	}
	holds("demo-org", "svc", "dependabot", "TOKEN", "dep")

	// An environment's secrets go with it.
	if a := do(t, srv, call{method: "PUT", path: repo + "/environments/prod", token: "demo-token"}); a.status != 200 {
		t.Fatalf("environment: %d %s", a.status, a.body)
	}
	envID, envPK := key("environments/prod/secrets")
	if a := put("environments/prod/secrets", "TOKEN", "env", envID, envPK); a.status != 201 {
		t.Fatalf("environment secret: %d %s", a.status, a.body)
	}
	holds("demo-org", "svc", "environments/PROD", "TOKEN", "env")
	do(t, srv, call{method: "DELETE", path: repo + "/environments/prod", token: "demo-token"})
	do(t, srv, call{method: "PUT", path: repo + "/environments/prod", token: "demo-token"})
	if _, _, ok := emu.State().SecretValue("demo-org", "svc", "environments/prod", "TOKEN"); ok {
		t.Error("an environment created again still has the secrets of the one deleted")
	}

	// A rename keeps the secrets; a delete drops them.
	runWith(t, srv, []exchange{{"rename", call{method: "PATCH", path: repo, token: "demo-token", body: `{"name":"svc2"}`}, 200, "", ""}})
	holds("demo-org", "svc2", "actions", "TOKEN", "two")
	runWith(t, srv, []exchange{
		{"delete", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"create again", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2"}`}, 201, "", ""},
		{"none", call{method: "GET", path: "/repos/demo-org/svc2/actions/secrets", token: "demo-token"}, 200, `"total_count":0`, ""},
	})
}
