package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, actionsOIDCSubjectClaimContract) }

// actionsOIDCSubjectClaimContract drives the OIDC subject claim template of
// a repository: GitHub's default, claim keys set and read back, the default
// put back (the keys then ignored), and GitHub's errors.
func actionsOIDCSubjectClaimContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/oidc-contract"
	setting := repo + "/actions/oidc/customization/sub"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"oidc-contract"}`}, 201, nil},
		{"GitHub's default", call{method: "GET", path: setting, token: "demo-token"}, 200, all(field("use_default", true), notContains("include_claim_keys"))},
		{"set claim keys", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":false,"include_claim_keys":["repo","context","job_workflow_ref"]}`}, 201,
			bodyContains("{}")},
		{"read them back, in order", call{method: "GET", path: setting, token: "demo-token"}, 200,
			all(field("use_default", false), field("include_claim_keys", []any{"repo", "context", "job_workflow_ref"}))},
		{"use_default left out", call{method: "PUT", path: setting, token: "demo-token", body: `{"include_claim_keys":["repo"]}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\n\"use_default\" wasn't supplied.")},
		{"use_default of the wrong type", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":"no"}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\nFor 'properties/use_default', \"no\" is not a boolean.")},
		{"keys of the wrong type", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":false,"include_claim_keys":"repo"}`, headers: skipReq}, 422,
			bodyContains("For 'properties/include_claim_keys'")},
		{"a key with a dash", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":false,"include_claim_keys":["repo","job-workflow"]}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`Invalid claim key \"job-workflow\"`))},
		{"a key twice", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":false,"include_claim_keys":["repo","repo"]}`}, 422,
			bodyContains(`Duplicate claim key \"repo\"`)},
		{"unchanged by what was refused", call{method: "GET", path: setting, token: "demo-token"}, 200,
			field("include_claim_keys", []any{"repo", "context", "job_workflow_ref"})},
		{"set as a reader", call{method: "PUT", path: setting, token: "member-token", body: `{"use_default":true}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nothing/actions/oidc/customization/sub", token: "demo-token"}, 404, field("message", "Not Found")},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: set", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":true}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: still read", call{method: "GET", path: setting, token: "demo-token"}, 200, field("use_default", false)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"the default back: the keys sent are ignored", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":true,"include_claim_keys":["repo"]}`}, 201, nil},
		{"GitHub's default again", call{method: "GET", path: setting, token: "demo-token"}, 200, all(field("use_default", true), notContains("include_claim_keys"))},
		{"no keys: the organization's template", call{method: "PUT", path: setting, token: "demo-token", body: `{"use_default":false}`}, 201, nil},
		{"read without keys", call{method: "GET", path: setting, token: "demo-token"}, 200, all(field("use_default", false), notContains("include_claim_keys"))},
	}
	runSteps(t, srv, steps, nil)
}
