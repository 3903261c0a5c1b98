package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, codeSecurityConfigurationsContract) }

// codeSecurityConfigurationsContract drives a repository's configurations: every operation
// answered, and GitHub's errors.
func codeSecurityConfigurationsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	items := "/orgs/demo-org/code-security/configurations"
	key := "bug"
	steps := []step{
		{"none yet", call{method: "GET", path: items, token: "demo-token"}, 200, count(0)},
		{"create one", call{method: "POST", path: items, token: "demo-token", body: `{"name":"bug","description":"Something is wrong"}`}, 201,
			all(field("name", "bug"), field("description", "Something is wrong"), func(t *testing.T, a answer) { key = fmt.Sprint(int64(a.json(t)["id"].(float64))) })},
		{"get it", call{method: "GET", path: items + "/<key>", token: "demo-token"}, 200, field("name", "bug")},
		{"list them", call{method: "GET", path: items + "?per_page=10", token: "demo-token"}, 200, count(1)},
		{"update it", call{method: "PATCH", path: items + "/<key>", token: "demo-token", body: `{"description":"Still wrong"}`}, 200, field("description", "Still wrong")},
		{"the same name again", call{method: "POST", path: items, token: "demo-token", body: `{"name":"bug"}`}, 422, field("message", "Validation Failed")},
		{"get an unknown one", call{method: "GET", path: items + "/1", token: "demo-token"}, 404, field("message", "Not Found")},
		{"an unknown organization", call{method: "GET", path: "/orgs/nobody/code-security/configurations", token: "demo-token"}, 404, nil},
		{"delete it", call{method: "DELETE", path: items + "/<key>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: items + "/<key>", token: "demo-token"}, 404, nil},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<key>", key)
		return c
	})
}
