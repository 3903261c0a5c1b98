package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, codeSecurityConfigurationsContract) }

// codeSecurityConfigurationsContract drives an organization's code security
// configurations: every operation answered (defaults, attach, the attached
// repositories, detach), and GitHub's errors.
func codeSecurityConfigurationsContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	items := "/orgs/demo-org/code-security/configurations"
	keys := map[string]string{}
	keyOf := func(name string) check {
		return func(t *testing.T, a answer) { keys[name] = fmt.Sprint(int64(a.json(t)["id"].(float64))) }
	}
	finish := func(t *testing.T, _ answer) {
		if err := emu.State().FinishCodeSecurityAttachments("demo-org"); err != nil {
			t.Fatal(err)
		}
	}
	statusOf := func(want ...string) check {
		return func(t *testing.T, a answer) {
			var items []struct {
				Status     string `json:"status"`
				Repository struct {
					Name string `json:"name"`
				} `json:"repository"`
			}
			if err := json.Unmarshal(a.body, &items); err != nil {
				t.Fatalf("%v: %.300s", err, a.body)
			}
			var got []string
			for _, x := range items {
				got = append(got, x.Repository.Name+"="+x.Status)
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("attached repositories %v, want %v", got, want)
			}
		}
	}
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	steps := []step{
		{"a first repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"csc-one"}`}, 201, keyOf("one")},
		{"a second repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"csc-two"}`}, 201, keyOf("two")},
		{"only GitHub's own yet", call{method: "GET", path: items, token: "demo-token"}, 200,
			all(count(1), bodyContains(`"id":17,`), bodyContains(`"name":"GitHub recommended"`), bodyContains(`"target_type":"global"`),
				bodyContains(`/organizations/demo-org/settings/security_products/configurations/view"`))},
		{"GitHub's own read by id", call{method: "GET", path: items + "/17", token: "demo-token"}, 200,
			all(field("name", "GitHub recommended"), field("target_type", "global"), field("enforcement", "enforced"), field("secret_scanning", "enabled"))},
		{"GitHub's own is not the organization's to change", call{method: "PATCH", path: items + "/17", token: "demo-token", body: `{"description":"mine now"}`}, 404, field("message", "Not Found")},
		{"nor to delete", call{method: "DELETE", path: items + "/17", token: "demo-token"}, 404, field("message", "Not Found")},
		{"create one", call{method: "POST", path: items, token: "demo-token", body: `{"name":"strict","description":"Everything on","secret_scanning":"enabled","code_scanning_default_setup":"enabled","code_scanning_default_setup_options":{"runner_type":"labeled","runner_label":"code-scanning"}}`}, 201,
			all(field("name", "strict"), field("description", "Everything on"), field("secret_scanning", "enabled"), field("dependency_graph", "enabled"),
				field("advanced_security", "disabled"), field("enforcement", "enforced"), field("target_type", "organization"), keyOf("strict"))},
		{"get it", call{method: "GET", path: items + "/<strict>", token: "demo-token"}, 200, all(field("name", "strict"), bodyContains(`"runner_label":"code-scanning"`))},
		{"list them", call{method: "GET", path: items + "?per_page=10", token: "demo-token"}, 200, all(count(2), bodyContains(`"name":"strict"`))},
		{"list GitHub's own only", call{method: "GET", path: items + "?target_type=global", token: "demo-token"}, 200, all(count(1), bodyContains(`"target_type":"global"`))},
		{"GitHub's own unchanged", call{method: "GET", path: items + "/17", token: "demo-token"}, 200, field("description", "Suggested settings for Dependabot, secret scanning, and code scanning.")},
		{"update it", call{method: "PATCH", path: items + "/<strict>", token: "demo-token", body: `{"description":"Still on","code_security":"enabled","secret_scanning_delegated_bypass":"enabled","secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":1,"reviewer_type":"ROLE"}]}}`}, 200,
			all(field("description", "Still on"), field("advanced_security", "code_security"), bodyContains(`"reviewer_type":"ROLE"`))},
		{"an unknown state", call{method: "PATCH", path: items + "/<strict>", token: "demo-token", body: `{"dependabot_alerts":"on"}`, headers: skipReq}, 422, bodyContains(`is not one of`)},
		{"the same name again", call{method: "POST", path: items, token: "demo-token", body: `{"name":"strict","description":"again"}`}, 422, field("message", "Validation Failed")},
		{"no name", call{method: "POST", path: items, token: "demo-token", body: `{"description":"nameless"}`, headers: skipReq}, 422, bodyContains(`wasn't supplied`)},
		{"get an unknown one", call{method: "GET", path: items + "/1", token: "demo-token"}, 404, field("message", "Not Found")},
		{"an unknown organization", call{method: "GET", path: "/orgs/nobody/code-security/configurations", token: "demo-token"}, 404, nil},
		{"no defaults yet", call{method: "GET", path: items + "/defaults", token: "demo-token"}, 200, count(0)},
		{"make it the default for public repositories", call{method: "PUT", path: items + "/<strict>/defaults", token: "demo-token", body: `{"default_for_new_repos":"public"}`}, 200,
			all(field("default_for_new_repos", "public"), bodyContains(`"name":"strict"`))},
		{"an unknown default", call{method: "PUT", path: items + "/<strict>/defaults", token: "demo-token", body: `{"default_for_new_repos":"some"}`, headers: skipReq}, 422, bodyContains(`is not one of`)},
		{"the defaults", call{method: "GET", path: items + "/defaults", token: "demo-token"}, 200, all(count(1), bodyContains(`"default_for_new_repos":"public"`))},
		{"the default of an unknown one", call{method: "PUT", path: items + "/1/defaults", token: "demo-token", body: `{"default_for_new_repos":"all"}`}, 404, nil},
		{"no repositories attached", call{method: "GET", path: items + "/<strict>/repositories", token: "demo-token"}, 200, count(0)},
		{"attach the first", call{method: "POST", path: items + "/<strict>/attach", token: "demo-token", body: `{"scope":"selected","selected_repository_ids":[<one>]}`}, 202, nil},
		{"it is attaching", call{method: "GET", path: items + "/<strict>/repositories", token: "demo-token"}, 200, all(statusOf("csc-one=attaching"), finish)},
		{"then attached", call{method: "GET", path: items + "/<strict>/repositories?status=attached", token: "demo-token"}, 200, statusOf("csc-one=attached")},
		{"selected without a list", call{method: "POST", path: items + "/<strict>/attach", token: "demo-token", body: `{"scope":"selected"}`, headers: skipReq}, 422, nil},
		{"an unknown scope", call{method: "POST", path: items + "/<strict>/attach", token: "demo-token", body: `{"scope":"some"}`, headers: skipReq}, 422, bodyContains(`is not one of`)},
		{"an unknown repository", call{method: "POST", path: items + "/<strict>/attach", token: "demo-token", body: `{"scope":"selected","selected_repository_ids":[1]}`, headers: skipReq}, 422, nil},
		{"attach to an unknown one", call{method: "POST", path: items + "/1/attach", token: "demo-token", body: `{"scope":"all"}`}, 404, nil},
		{"the repositories of an unknown one", call{method: "GET", path: items + "/1/repositories", token: "demo-token"}, 404, nil},
		{"attach the second too", call{method: "POST", path: items + "/<strict>/attach", token: "demo-token", body: `{"scope":"selected","selected_repository_ids":[<two>]}`}, 202, finish},
		{"both attached", call{method: "GET", path: items + "/<strict>/repositories", token: "demo-token"}, 200, statusOf("csc-one=attached", "csc-two=attached")},
		{"detach the first", call{method: "DELETE", path: items + "/detach", token: "demo-token", body: `{"selected_repository_ids":[<one>]}`}, 204, nil},
		{"detach nothing named", call{method: "DELETE", path: items + "/detach", token: "demo-token", body: `{}`, headers: skipReq}, 422, nil},
		{"the second stays", call{method: "GET", path: items + "/<strict>/repositories", token: "demo-token"}, 200, statusOf("csc-two=attached")},
		{"the second's configuration", call{method: "GET", path: "/repos/demo-org/csc-two/code-security-configuration", token: "demo-token"}, 200,
			all(field("status", "attached"), bodyContains(`"name":"strict"`), bodyContains(`"enforcement":"enforced"`))},
		{"the first has none", call{method: "GET", path: "/repos/demo-org/csc-one/code-security-configuration", token: "demo-token"}, 204, nil},
		{"an unknown repository's", call{method: "GET", path: "/repos/demo-org/nothing-here/code-security-configuration", token: "demo-token"}, 404, nil},
		{"a feature the enforced configuration sets is not changed", call{method: "PATCH", path: "/repos/demo-org/csc-two", token: "demo-token", body: `{"security_and_analysis":{"secret_scanning":{"status":"disabled"}}}`}, 422,
			bodyContains(`enforced by the code security configuration`)},
		{"to the configuration's state it is", call{method: "PATCH", path: "/repos/demo-org/csc-two", token: "demo-token", body: `{"security_and_analysis":{"secret_scanning":{"status":"enabled"}}}`}, 200, nil},
		{"the first is free", call{method: "PATCH", path: "/repos/demo-org/csc-one", token: "demo-token", body: `{"security_and_analysis":{"secret_scanning":{"status":"disabled"}}}`}, 200, nil},
		{"delete it", call{method: "DELETE", path: items + "/<strict>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: items + "/<strict>", token: "demo-token"}, 404, nil},
		{"and no default", call{method: "GET", path: items + "/defaults", token: "demo-token"}, 200, count(0)},
	}
	runSteps(t, srv, steps, func(c call) call {
		for k, v := range keys {
			c.path = strings.ReplaceAll(c.path, "<"+k+">", v)
			c.body = strings.ReplaceAll(c.body, "<"+k+">", v)
		}
		return c
	})
}
