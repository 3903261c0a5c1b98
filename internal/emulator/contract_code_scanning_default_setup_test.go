package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, codeScanningDefaultSetupContract) }

// codeScanningDefaultSetupContract drives the code scanning default setup of
// a repository: not configured at first, a repository without code refused,
// a setup applied by a run (202, the GET unchanged until the run ends, the
// same setup again answered with the run, another one 409), a language the
// repository lacks refused, runner labels, the setup turned off at once,
// and GitHub's errors.
func codeScanningDefaultSetupContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/codescanning-contract"
	setting := repo + "/code-scanning/default-setup"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"codescanning-contract"}`}, 201, nil},
		{"not configured", call{method: "GET", path: setting, token: "demo-token"}, 200,
			all(field("state", "not-configured"), field("languages", []any{}), field("query_suite", "default"), field("updated_at", nil), field("schedule", nil))},
		{"a repository without code", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"configured"}`}, 422,
			bodyContains("no languages that CodeQL can analyze")},
	}
	runSteps(t, srv, steps, nil)
	if err := emu.State().SetCodeScanningLanguages("demo-org", "codescanning-contract", []string{"python", "go"}); err != nil {
		t.Fatalf("SetCodeScanningLanguages: %v", err)
	}
	steps = []step{
		{"configure", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"configured","query_suite":"extended"}`}, 202,
			all(field("run_id", 7300001.0), field("run_url", srv.URL+"/repos/demo-org/codescanning-contract/actions/runs/7300001"))},
		{"not yet applied", call{method: "GET", path: setting, token: "demo-token"}, 200, field("state", "not-configured")},
		{"the same again: the same run", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"configured","query_suite":"extended"}`}, 202,
			field("run_id", 7300001.0)},
		{"another setup meanwhile", call{method: "PATCH", path: setting, token: "demo-token", body: `{"query_suite":"default"}`}, 409,
			bodyContains("already in progress")},
	}
	runSteps(t, srv, steps, nil)
	if err := emu.State().ApplyCodeScanningDefaultSetup("demo-org", "codescanning-contract"); err != nil {
		t.Fatalf("ApplyCodeScanningDefaultSetup: %v", err)
	}
	steps = []step{
		{"applied: the detected languages", call{method: "GET", path: setting, token: "demo-token"}, 200,
			all(field("state", "configured"), field("query_suite", "extended"), field("languages", []any{"go", "python"}), field("schedule", "weekly"), field("threat_model", "remote"))},
		{"nothing to change", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"configured"}`}, 200, bodyContains("{}")},
		{"a language the repository lacks", call{method: "PATCH", path: setting, token: "demo-token", body: `{"languages":["ruby","go"]}`}, 422,
			all(bodyContains("cannot analyze ruby"), bodyContains("in this repository: go, python"))},
		{"a language GitHub does not know", call{method: "PATCH", path: setting, token: "demo-token", body: `{"languages":["cobol"]}`, headers: skipReq}, 422,
			bodyContains(`For 'properties/languages', \"cobol\" is not one of`)},
		{"a state GitHub does not know", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"on"}`, headers: skipReq}, 422,
			bodyContains(`For 'properties/state', \"on\" is not one of`)},
		{"a key GitHub does not take", call{method: "PATCH", path: setting, token: "demo-token", body: `{"enabled":true}`, headers: skipReq}, 422,
			bodyContains(`\"enabled\" is not a permitted key`)},
		{"labeled without a label", call{method: "PATCH", path: setting, token: "demo-token", body: `{"runner_type":"labeled"}`}, 422,
			bodyContains("runner label is required")},
		{"a label on standard runners", call{method: "PATCH", path: setting, token: "demo-token", body: `{"runner_type":"standard","runner_label":"big"}`}, 422,
			bodyContains("only be used with the labeled runner type")},
		{"labeled runners, one language", call{method: "PATCH", path: setting, token: "demo-token",
			body: `{"runner_type":"labeled","runner_label":"code-scanning","languages":["go"],"threat_model":"remote_and_local"}`}, 202, field("run_id", 7300002.0)},
	}
	runSteps(t, srv, steps, nil)
	if err := emu.State().ApplyCodeScanningDefaultSetup("demo-org", "codescanning-contract"); err != nil {
		t.Fatalf("ApplyCodeScanningDefaultSetup: %v", err)
	}
	steps = []step{
		{"read them back", call{method: "GET", path: setting, token: "demo-token"}, 200,
			all(field("runner_type", "labeled"), field("runner_label", "code-scanning"), field("languages", []any{"go"}), field("threat_model", "remote_and_local"))},
		{"set as a reader", call{method: "PATCH", path: setting, token: "member-token", body: `{"state":"not-configured"}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"read as a reader", call{method: "GET", path: setting, token: "member-token"}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nothing/code-scanning/default-setup", token: "demo-token"}, 404, field("message", "Not Found")},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: set", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"not-configured"}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: still read", call{method: "GET", path: setting, token: "demo-token"}, 200, field("state", "configured")},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"turn it off: at once", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"not-configured"}`}, 200, nil},
		{"off", call{method: "GET", path: setting, token: "demo-token"}, 200, all(field("state", "not-configured"), field("languages", []any{}), field("schedule", nil))},
		{"off again: nothing to change", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"not-configured"}`}, 200, nil},
	}
	runSteps(t, srv, steps, nil)

	// Config.CodeScanningLanguages gives code to the repositories whose
	// languages nobody set.
	cfg := emu.Config()
	defer emu.SetConfig(cfg)
	more := cfg
	more.CodeScanningLanguages = []string{"ruby", "actions"}
	emu.SetConfig(more)
	const other = "/repos/demo-org/codescanning-contract-2/code-scanning/default-setup"
	steps = []step{
		{"create another repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"codescanning-contract-2"}`}, 201, nil},
		{"its languages from the config", call{method: "PATCH", path: other, token: "demo-token", body: `{"state":"configured","languages":["go"]}`}, 422,
			bodyContains("in this repository: actions, ruby")},
		{"the first keeps its own", call{method: "PATCH", path: setting, token: "demo-token", body: `{"state":"configured","languages":["ruby"]}`}, 422,
			bodyContains("in this repository: go, python")},
		{"configured with them", call{method: "PATCH", path: other, token: "demo-token", body: `{"state":"configured"}`}, 202, nil},
	}
	runSteps(t, srv, steps, nil)
}
