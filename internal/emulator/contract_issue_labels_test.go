package emulator_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, issueLabelsContract) }

// issueLabelsContract drives a repository's labels: a new repository's
// defaults, every operation answered, and GitHub's errors.
func issueLabelsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	const repo = "/repos/demo-org/labelled"
	labels := repo + "/labels"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"labelled"}`}, 201, nil},
		{"its nine default labels", call{method: "GET", path: labels + "?per_page=100", token: "demo-token"}, 200,
			all(count(9), bodyContains(`"name":"bug","description":"Something isn't working","color":"d73a4a","default":true`))},
		{"create one", call{method: "POST", path: labels, token: "demo-token", body: `{"name":"Needs Triage","color":"#FBCA04","description":"New"}`}, 201,
			all(field("name", "Needs Triage"), field("color", "fbca04"), field("description", "New"), field("default", false),
				header("Location", `/repos/demo-org/labelled/labels/Needs%20Triage$`))},
		{"get it, whatever the case", call{method: "GET", path: labels + "/needs%20triage", token: "demo-token"}, 200, field("name", "Needs Triage")},
		{"a label without color is grey", call{method: "POST", path: labels, token: "demo-token", body: `{"name":"plain"}`}, 201,
			all(field("color", "ededed"), field("description", nil))},
		{"list, one per page", call{method: "GET", path: labels + "?per_page=1&page=10", token: "demo-token"}, 200,
			all(count(1), bodyContains(`"name":"Needs Triage"`), header("Link", `rel="prev"`))},
		{"update it", call{method: "PATCH", path: labels + "/Needs%20Triage", token: "demo-token", body: `{"color":"0e8a16","description":"Triaged"}`}, 200,
			all(field("color", "0e8a16"), field("description", "Triaged"))},
		{"rename it", call{method: "PATCH", path: labels + "/Needs%20Triage", token: "demo-token", body: `{"new_name":"triaged"}`}, 200, field("name", "triaged")},
		{"the old name is gone", call{method: "GET", path: labels + "/Needs%20Triage", token: "demo-token"}, 404, field("message", "Not Found")},
		{"rename it in case only: the same label", call{method: "PATCH", path: labels + "/triaged", token: "demo-token", body: `{"new_name":"Triaged"}`}, 200,
			all(field("name", "Triaged"), field("color", "0e8a16"))},
		{"found under its new case", call{method: "GET", path: labels + "/TRIAGED", token: "demo-token"}, 200, field("name", "Triaged")},
		{"rename to a blank name", call{method: "PATCH", path: labels + "/triaged", token: "demo-token", body: `{"new_name":" "}`}, 422,
			bodyContains(`{"resource":"Label","code":"missing_field","field":"name"}`)},

		{"a name in use, in another case", call{method: "POST", path: labels, token: "demo-token", body: `{"name":"BUG"}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`{"resource":"Label","code":"already_exists","field":"name"}`))},
		{"rename onto a name in use", call{method: "PATCH", path: labels + "/triaged", token: "demo-token", body: `{"new_name":"bug"}`}, 422,
			bodyContains(`"code":"already_exists"`)},
		{"not a color", call{method: "POST", path: labels, token: "demo-token", body: `{"name":"x","color":"red"}`}, 422,
			bodyContains(`{"resource":"Label","code":"invalid","field":"color"}`)},
		{"a description over 100 characters", call{method: "POST", path: labels, token: "demo-token", body: `{"name":"x","description":"` + strings.Repeat("d", 101) + `"}`}, 422,
			bodyContains(`{"resource":"Label","code":"invalid","field":"description"}`)},
		{"create as a reader", call{method: "POST", path: labels, token: "member-token", body: `{"name":"x"}`}, 403, nil},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: create", call{method: "POST", path: labels, token: "demo-token", body: `{"name":"other"}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: still read", call{method: "GET", path: labels + "/bug", token: "demo-token"}, 200, nil},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},

		{"delete a default label", call{method: "DELETE", path: labels + "/wontfix", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: labels + "/wontfix", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: labels + "/wontfix", token: "demo-token"}, 404, nil},
	}
	runSteps(t, srv, steps, nil)
}
