package emulator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// TestVariableStores: a repository's variables and each environment's are
// apart; an environment deleted and created again starts with none; a
// refused update changes nothing; the lists go by 10, at most 30.
func TestVariableStores(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	const repo = "/repos/demo-org/svc"
	vars, env := repo+"/actions/variables", repo+"/environments/production"
	post := func(path, name string) exchange {
		return exchange{"create " + name, call{method: "POST", path: path, token: "demo-token", body: `{"name":"` + name + `","value":"v"}`}, 201, "{}", ""}
	}
	steps := []exchange{
		{"an environment", call{method: "PUT", path: env, token: "demo-token", body: `{}`}, 200, "", ""},
		post(vars, "Shared"), post(env+"/variables", "shared"),
		{"the environment's own", call{method: "GET", path: env + "/variables/SHARED", token: "demo-token"}, 200, `"name":"SHARED"`, ""},
		post(vars, "other"),
		{"a value too long", call{method: "PATCH", path: vars + "/other", token: "demo-token", body: `{"value":"` + strings.Repeat("x", 48*1024+1) + `"}`}, 422, "Variable value is too large", ""},
		{"a name GitHub keeps", call{method: "PATCH", path: vars + "/other", token: "demo-token", body: `{"name":"github_x"}`}, 422, "must not start with GITHUB_", ""},
		{"unchanged", call{method: "GET", path: vars + "/OTHER", token: "demo-token"}, 200, `"value":"v"`, ""},
		{"delete the environment", call{method: "DELETE", path: env, token: "demo-token"}, 204, "", ""},
		{"create it again", call{method: "PUT", path: env, token: "demo-token", body: `{}`}, 200, "", ""},
		{"with no variables", call{method: "GET", path: env + "/variables", token: "demo-token"}, 200, `"total_count":0`, ""},
		{"the repository's stay", call{method: "GET", path: vars, token: "demo-token"}, 200, `"total_count":2`, ""},
	}
	for i := 0; i < 40; i++ {
		steps = append(steps, post(env+"/variables", fmt.Sprintf("V%02d", i)))
	}
	steps = append(steps,
		exchange{"ten a page", call{method: "GET", path: env + "/variables", token: "demo-token"}, 200, `"name":"V09"`, `"name":"V10"`},
		exchange{"thirty at most", call{method: "GET", path: env + "/variables?per_page=100&page=2", token: "demo-token"}, 200, `"variables":[{"name":"V30"`, `"name":"V29"`})
	runWith(t, srv, steps)
}
