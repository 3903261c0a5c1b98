package emulator_test

import (
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestAutolinkPrefixesAreARepositorysOwn: key prefixes may not overlap
// within a repository only; the same prefix in another repository is
// another autolink, and a prefix is free again once its autolink is
// deleted.
func TestAutolinkPrefixesAreARepositorysOwn(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	const body = `{"key_prefix":"TICKET-","url_template":"https://example.com/<num>"}`
	a := do(t, srv, call{method: "POST", path: "/repos/demo-org/svc/autolinks", token: "demo-token", body: body})
	if a.status != 201 {
		t.Fatalf("creating the autolink: %d %s", a.status, a.body)
	}
	runWith(t, srv, []exchange{
		{"the same prefix in another repository", call{method: "POST", path: "/repos/demo-org/other/autolinks", token: "demo-token", body: body}, 201, `"key_prefix":"TICKET-"`, ""},
		{"an overlapping one in the first", call{method: "POST", path: "/repos/demo-org/svc/autolinks", token: "demo-token", body: `{"key_prefix":"TICKET-A","url_template":"https://example.com/<num>"}`}, 422,
			`"code":"already_exists"`, ""},
		{"each repository lists its own", call{method: "GET", path: "/repos/demo-org/other/autolinks", token: "demo-token"}, 200, `"key_prefix":"TICKET-"`, `"key_prefix":"TICKET-A"`},
	})
}

// TestAutolinksGoWithTheirRepository: autolinks follow a rename and go
// when the repository is deleted.
func TestAutolinksGoWithTheirRepository(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	runWith(t, srv, []exchange{
		{"create", call{method: "POST", path: "/repos/demo-org/svc/autolinks", token: "demo-token", body: `{"key_prefix":"JIRA:","url_template":"https://jira.example/<num>","is_alphanumeric":false}`}, 201, "", ""},
		{"rename the repository", call{method: "PATCH", path: "/repos/demo-org/svc", token: "demo-token", body: `{"name":"svc2"}`}, 200, "", ""},
		{"the autolink follows", call{method: "GET", path: "/repos/demo-org/svc2/autolinks", token: "demo-token"}, 200, `"is_alphanumeric":false`, ""},
		{"delete the repository", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"a repository of the old name has none", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2"}`}, 201, "", ""},
		{"none", call{method: "GET", path: "/repos/demo-org/svc2/autolinks", token: "demo-token"}, 200, "[]", ""},
	})
}
