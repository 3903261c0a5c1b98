package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, codeScanningDefaultSetupContract) }

// codeScanningDefaultSetupContract drives the code scanning default setup of a repository: GitHub's default,
// a PUT read back, and GitHub's errors.
func codeScanningDefaultSetupContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/codescanningdefaultsetup-contract"
	setting := repo + "/code-scanning/default-setup"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"codescanningdefaultsetup-contract"}`}, 201, nil},
		{"GitHub's default", call{method: "GET", path: setting, token: "demo-token"}, 200, field("enabled", false)},
		{"set it", call{method: "PUT", path: setting, token: "demo-token", body: `{"enabled":true}`}, 204, nil},
		{"read it back", call{method: "GET", path: setting, token: "demo-token"}, 200, field("enabled", true)},
		{"a field of the wrong type", call{method: "PUT", path: setting, token: "demo-token", body: `{"enabled":"yes"}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\nFor 'properties/enabled', \"yes\" is not a boolean.")},
		{"set as a reader", call{method: "PUT", path: setting, token: "member-token", body: `{"enabled":false}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nothing/code-scanning/default-setup", token: "demo-token"}, 404, field("message", "Not Found")},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: set", call{method: "PUT", path: setting, token: "demo-token", body: `{"enabled":false}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: still read", call{method: "GET", path: setting, token: "demo-token"}, 200, field("enabled", true)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"unchanged by what was refused", call{method: "GET", path: setting, token: "demo-token"}, 200, field("enabled", true)},
	}
	runSteps(t, srv, steps, nil)
}
