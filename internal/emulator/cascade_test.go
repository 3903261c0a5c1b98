package emulator_test

import (
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestRepositoryStateFollowsTheRepository drives the state a repository owns
// (its topics and its vulnerability-alerts switch) through a rename, a
// delete and a re-creation under the same name, through the API.
func TestRepositoryStateFollowsTheRepository(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{})
	steps := []struct {
		name   string
		call   call
		status int
		body   string
	}{
		{"create", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"life"}`}, 201, ""},
		{"set topics", call{method: "PUT", path: "/repos/demo-user/life/topics", token: "demo-token", body: `{"names":["kept"]}`}, 200, `{"names":["kept"]}`},
		{"enable vulnerability alerts", call{method: "PUT", path: "/repos/demo-user/life/vulnerability-alerts", token: "demo-token"}, 204, ""},
		{"rename", call{method: "PATCH", path: "/repos/demo-user/life", token: "demo-token", body: `{"name":"life2"}`}, 200, ""},
		{"topics kept by the rename", call{method: "GET", path: "/repos/demo-user/life2/topics", token: "demo-token"}, 200, `{"names":["kept"]}`},
		{"alerts kept by the rename", call{method: "GET", path: "/repos/demo-user/life2/vulnerability-alerts", token: "demo-token"}, 204, ""},
		{"delete", call{method: "DELETE", path: "/repos/demo-user/life2", token: "demo-token"}, 204, ""},
		{"create again under the same name", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"life2"}`}, 201, ""},
		{"topics not resurrected", call{method: "GET", path: "/repos/demo-user/life2/topics", token: "demo-token"}, 200, `{"names":[]}`},
		{"alerts not resurrected", call{method: "GET", path: "/repos/demo-user/life2/vulnerability-alerts", token: "demo-token"}, 404, ""},
		{"old name no longer redirects", call{method: "GET", path: "/repos/demo-user/life/topics", token: "demo-token"}, 404, ""},
	}
	for _, s := range steps {
		a := do(t, srv, s.call)
		if a.status != s.status {
			t.Errorf("%s: %s %s = %d, want %d: %.300s", s.name, s.call.method, s.call.path, a.status, s.status, a.body)
			continue
		}
		if s.body != "" && string(a.body) != s.body {
			t.Errorf("%s: %s %s body = %s, want %s", s.name, s.call.method, s.call.path, a.body, s.body)
		}
	}
}
