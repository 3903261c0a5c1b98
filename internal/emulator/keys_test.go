package emulator_test

import (
	"fmt"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestDeployKeyInUseAcrossRepositories: GitHub takes a key once in the whole
// instance, whatever its comment: the same key in another repository is
// "key is already in use", and is free again once the first one is deleted.
func TestDeployKeyInUseAcrossRepositories(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	a := do(t, srv, call{method: "POST", path: "/repos/demo-org/svc/keys", token: "demo-token", body: `{"title":"a","key":"` + ed25519Key + ` first"}`})
	if a.status != 201 {
		t.Fatalf("adding the key: %d %s", a.status, a.body)
	}
	id := int64(a.json(t)["id"].(float64))
	runWith(t, srv, []exchange{
		{"another repository, another comment", call{method: "POST", path: "/repos/demo-org/other/keys", token: "demo-token", body: `{"title":"b","key":"` + ed25519Key + ` second"}`}, 422,
			"key is already in use", ""},
		{"not under another repository", call{method: "GET", path: fmt.Sprintf("/repos/demo-org/other/keys/%d", id), token: "demo-token"}, 404, "", ""},
		{"delete the first", call{method: "DELETE", path: fmt.Sprintf("/repos/demo-org/svc/keys/%d", id), token: "demo-token"}, 204, "", ""},
		{"now the other repository may have it", call{method: "POST", path: "/repos/demo-org/other/keys", token: "demo-token", body: `{"title":"b","key":"` + ed25519Key + `"}`}, 201,
			fmt.Sprintf(`"id":%d`, id+1), ""},
	})
}

// TestDeployKeysGoWithTheirRepository: deploy keys follow a rename and go
// when the repository is deleted, freeing their key material.
func TestDeployKeysGoWithTheirRepository(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	runWith(t, srv, []exchange{
		{"add", call{method: "POST", path: "/repos/demo-org/svc/keys", token: "demo-token", body: `{"title":"a","key":"` + ed25519Key + `"}`}, 201, "", ""},
		{"rename the repository", call{method: "PATCH", path: "/repos/demo-org/svc", token: "demo-token", body: `{"name":"svc2"}`}, 200, "", ""},
		{"the key follows", call{method: "GET", path: "/repos/demo-org/svc2/keys", token: "demo-token"}, 200, `"title":"a"`, ""},
		{"delete the repository", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"the key is free", call{method: "POST", path: "/repos/demo-org/other/keys", token: "demo-token", body: `{"title":"a","key":"` + ed25519Key + `"}`}, 201, "", ""},
	})
}
