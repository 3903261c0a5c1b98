package emulator_test

import (
	"fmt"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestHookSecrets: GitHub keeps a hook's secret and never shows it; a
// config sent without one removes it, an update without a config keeps it.
func TestHookSecrets(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: branchSeed()})
	a := do(t, srv, call{method: "POST", path: "/repos/demo-org/svc/hooks", token: "demo-token", body: `{"config":{"url":"https://a.example.com","secret":"one"}}`})
	if a.status != 201 {
		t.Fatalf("create: %d %s", a.status, a.body)
	}
	id := int64(a.json(t)["id"].(float64))
	path := fmt.Sprintf("/repos/demo-org/svc/hooks/%d", id)
	secret := func(want string) exchange {
		return exchange{"secret is " + want, call{method: "GET", path: path, token: "demo-token"}, 200, "", `"one"`}
	}
	check := func(want string) {
		t.Helper()
		if got, _ := emu.State().HookSecret("demo-org", "svc", id); got != want {
			t.Errorf("secret = %q, want %q", got, want)
		}
	}
	runWith(t, srv, []exchange{secret("one"),
		{"events only", call{method: "PATCH", path: path, token: "demo-token", body: `{"events":["issues","push","issues"]}`}, 200, `"events":["issues","push"]`, `"one"`}})
	check("one")
	runWith(t, srv, []exchange{{"config without a secret", call{method: "PATCH", path: path, token: "demo-token", body: `{"config":{"url":"https://a.example.com"}}`}, 200, "", `"secret"`}})
	check("")
	runWith(t, srv, []exchange{{"a secret again", call{method: "PATCH", path: path, token: "demo-token", body: `{"config":{"url":"https://a.example.com","secret":"two"}}`}, 200, `"secret":"********"`, ""}})
	check("two")
}

// TestHookEvents: events come back sorted, each once; "*" stands for every
// event and overlaps every other hook's events for the same URL; hooks of
// the same URL with disjoint events may coexist; a rename keeps the hooks,
// a delete drops them.
func TestHookEvents(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	const hooks = "/repos/demo-org/svc/hooks"
	runWith(t, srv, []exchange{
		{"default event", call{method: "POST", path: hooks, token: "demo-token", body: `{"config":{"url":"https://a.example.com"}}`}, 201, `"events":["push"]`, ""},
		{"star with others", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["issues","*"],"config":{"url":"https://b.example.com"}}`}, 201, `"events":["*"]`, ""},
		{"same URL, star", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["release"],"config":{"url":"https://b.example.com"}}`}, 422, "Hook already exists", ""},
		{"same URL in another repository", call{method: "POST", path: "/repos/demo-org/other/hooks", token: "demo-token", body: `{"config":{"url":"https://a.example.com"}}`}, 201, "", ""},
		{"rename", call{method: "PATCH", path: "/repos/demo-org/svc", token: "demo-token", body: `{"name":"svc2"}`}, 200, "", ""},
		{"kept", call{method: "GET", path: "/repos/demo-org/svc2/hooks", token: "demo-token"}, 200, `/repos/demo-org/svc2/hooks/`, ""},
		{"delete", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"create again", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2"}`}, 201, "", ""},
		{"none", call{method: "GET", path: "/repos/demo-org/svc2/hooks", token: "demo-token"}, 200, "[]", ""},
	})
}
