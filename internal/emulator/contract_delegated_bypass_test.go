package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, delegatedBypassContract) }

// delegatedBypassContract drives a repository's secret scanning delegated
// bypass: push protection's bypass requests reviewed by teams and
// organization roles, set with the repository's PATCH.
func delegatedBypassContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var teamID int64
	const repo = "/repos/demo-org/bypassed"
	sa := func(body string) string { return `{"security_and_analysis":` + body + `}` }
	steps := []step{
		{"create a public repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"bypassed"}`}, 201,
			bodyContains(`"secret_scanning_delegated_bypass":{"status":"disabled"}`)},
		{"a team", call{method: "POST", path: "/orgs/demo-org/teams", token: "demo-token", body: `{"name":"Secret Reviewers"}`}, 201,
			func(t *testing.T, a answer) { teamID = int64(a.json(t)["id"].(float64)) }},
		{"delegated bypass without push protection", call{method: "PATCH", path: repo, token: "demo-token",
			body: sa(`{"secret_scanning_delegated_bypass":{"status":"enabled"}}`)}, 422, bodyContains(`requires secret scanning push protection`)},
		{"with push protection, a team and a role", call{method: "PATCH", path: repo, token: "demo-token",
			body: sa(`{"secret_scanning":{"status":"enabled"},"secret_scanning_push_protection":{"status":"enabled"},"secret_scanning_delegated_bypass":{"status":"enabled"},` +
				`"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":<team>,"reviewer_type":"TEAM"},{"reviewer_id":138,"reviewer_type":"ROLE","mode":"EXEMPT"}]}}`)}, 200,
			all(bodyContains(`"secret_scanning_delegated_bypass":{"status":"enabled"}`),
				later(func() check {
					return bodyContains(fmt.Sprintf(`"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":%d,"reviewer_type":"TEAM","mode":"ALWAYS"},{"reviewer_id":138,"reviewer_type":"ROLE","mode":"EXEMPT"}]}`, teamID))
				}))},
		{"read back", call{method: "GET", path: repo, token: "demo-token"}, 200, bodyContains(`"reviewer_type":"ROLE","mode":"EXEMPT"`)},
		{"a reader does not see it", call{method: "GET", path: repo, token: "member-token"}, 200, notContains(`secret_scanning_delegated_bypass`)},
		{"options without reviewers keep them", call{method: "PATCH", path: repo, token: "demo-token", body: sa(`{"secret_scanning_delegated_bypass_options":{}}`)}, 200,
			bodyContains(`"reviewer_id":138`)},
		{"only the role", call{method: "PATCH", path: repo, token: "demo-token",
			body: sa(`{"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":138,"reviewer_type":"ROLE"}]}}`)}, 200,
			all(bodyContains(`"reviewers":[{"reviewer_id":138,"reviewer_type":"ROLE","mode":"ALWAYS"}]`))},
		{"an unknown team", call{method: "PATCH", path: repo, token: "demo-token",
			body: sa(`{"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":1,"reviewer_type":"TEAM"}]}}`)}, 422, bodyContains(`is not a team of demo-org`)},
		{"an unknown role", call{method: "PATCH", path: repo, token: "demo-token",
			body: sa(`{"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":1,"reviewer_type":"ROLE"}]}}`)}, 422, bodyContains(`is not a role of demo-org`)},
		{"an unknown reviewer type", call{method: "PATCH", path: repo, token: "demo-token", headers: map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"},
			body: sa(`{"secret_scanning_delegated_bypass_options":{"reviewers":[{"reviewer_id":1,"reviewer_type":"USER"}]}}`)}, 422, bodyContains(`Valid values are: TEAM, ROLE`)},
		{"push protection off turns it off", call{method: "PATCH", path: repo, token: "demo-token",
			body: sa(`{"secret_scanning_push_protection":{"status":"disabled"}}`)}, 200,
			all(bodyContains(`"secret_scanning_delegated_bypass":{"status":"disabled"}`), notContains(`secret_scanning_delegated_bypass_options`))},
		{"a user's repository has none", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"bypass-mine"}`}, 201,
			notContains(`secret_scanning_delegated_bypass`)},
		{"and cannot enable it", call{method: "PATCH", path: "/repos/demo-user/bypass-mine", token: "demo-token",
			body: sa(`{"secret_scanning_push_protection":{"status":"enabled"},"secret_scanning_delegated_bypass":{"status":"enabled"}}`)}, 422,
			bodyContains(`only available for repositories owned by an organization`)},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.body = strings.ReplaceAll(c.body, "<team>", fmt.Sprint(teamID))
		return c
	})
}
