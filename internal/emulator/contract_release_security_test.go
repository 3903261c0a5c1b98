package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

func init() { contractScenarios = append(contractScenarios, releaseSecurityContract) }

// releaseSecurityContract drives a repository's private vulnerability
// reporting and immutable releases, and its organization's enforcement of
// immutable releases: every operation answered, and GitHub's errors.
func releaseSecurityContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var id int64
	const repo = "/repos/demo-org/guarded-releases"
	const pvr, imm = repo + "/private-vulnerability-reporting", repo + "/immutable-releases"
	const org = "/orgs/demo-org/settings/immutable-releases"
	skipReq := map[string]string{emulatortest.SkipRequestValidationHeader: "1"} // requests GitHub's description refuses
	steps := []step{
		{"create a public repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"guarded-releases"}`}, 201,
			func(t *testing.T, a answer) { id = int64(a.json(t)["id"].(float64)) }},
		{"reporting: off on a new repository", call{method: "GET", path: pvr, token: "demo-token"}, 200, field("enabled", false)},
		{"reporting: turn it on", call{method: "PUT", path: pvr, token: "demo-token"}, 204, nil},
		{"reporting: on", call{method: "GET", path: pvr, token: "demo-token"}, 200, field("enabled", true)},
		{"reporting: a reader may not", call{method: "PUT", path: pvr, token: "member-token"}, 403, nil},
		{"reporting: turn it off", call{method: "DELETE", path: pvr, token: "demo-token"}, 204, nil},
		{"reporting: off", call{method: "GET", path: pvr, token: "demo-token"}, 200, field("enabled", false)},
		{"reporting: unknown repository", call{method: "GET", path: "/repos/demo-org/nowhere/private-vulnerability-reporting", token: "demo-token"}, 404, nil},

		{"immutable: off is a 404", call{method: "GET", path: imm, token: "demo-token"}, 404, nil},
		{"immutable: turn it on", call{method: "PUT", path: imm, token: "demo-token"}, 204, nil},
		{"immutable: on, by the repository", call{method: "GET", path: imm, token: "demo-token"}, 200,
			all(field("enabled", true), field("enforced_by_owner", false))},
		{"immutable: turn it off", call{method: "DELETE", path: imm, token: "demo-token"}, 204, nil},

		{"org: none enforced at first", call{method: "GET", path: org, token: "demo-token"}, 200, field("enforced_repositories", "none")},
		{"org: a member may not read it", call{method: "GET", path: org, token: "member-token"}, 403, nil},
		{"org: an unknown policy", call{method: "PUT", path: org, token: "demo-token", body: `{"enforced_repositories":"some"}`, headers: skipReq}, 422, nil},
		{"org: the policy is required", call{method: "PUT", path: org, token: "demo-token", body: `{}`, headers: skipReq}, 422, nil},
		{"org: ids only with selected", call{method: "PUT", path: org, token: "demo-token", body: `{"enforced_repositories":"all","selected_repository_ids":[<id>]}`}, 422, nil},
		{"org: a selection kept for later", call{method: "PUT", path: org + "/repositories/<id>", token: "demo-token"}, 204, nil},
		{"org: not enforced while none", call{method: "GET", path: imm, token: "demo-token"}, 404, nil},
		{"org: select this one", call{method: "PUT", path: org, token: "demo-token", body: `{"enforced_repositories":"selected","selected_repository_ids":[<id>]}`}, 204, nil},
		{"org: a repository of another owner", call{method: "PUT", path: org + "/repositories/1", token: "demo-token"}, 404, nil},
		{"org: selected, with the list's URL", call{method: "GET", path: org, token: "demo-token"}, 200,
			all(field("enforced_repositories", "selected"), bodyContains(`/orgs/demo-org/settings/immutable-releases/repositories"`))},
		{"org: the selected ones", call{method: "GET", path: org + "/repositories", token: "demo-token"}, 200, field("total_count", 1)},
		{"immutable: on, by the organization", call{method: "GET", path: imm, token: "demo-token"}, 200,
			all(field("enabled", true), field("enforced_by_owner", true))},
		{"immutable: cannot be turned off", call{method: "DELETE", path: imm, token: "demo-token"}, 409, nil},
		{"org: remove it", call{method: "DELETE", path: org + "/repositories/<id>", token: "demo-token"}, 204, nil},
		{"org: set the list", call{method: "PUT", path: org + "/repositories", token: "demo-token", body: `{"selected_repository_ids":[<id>]}`}, 204, nil},
		{"org: an unknown repository", call{method: "PUT", path: org + "/repositories", token: "demo-token", body: `{"selected_repository_ids":[999999]}`}, 422, nil},
		{"org: add it", call{method: "PUT", path: org + "/repositories/<id>", token: "demo-token"}, 204, nil},
		{"org: enforce none", call{method: "PUT", path: org, token: "demo-token", body: `{"enforced_repositories":"none"}`}, 204, nil},
		{"immutable: off again", call{method: "GET", path: imm, token: "demo-token"}, 404, nil},

		{"make it private", call{method: "PATCH", path: repo, token: "demo-token", body: `{"private":true}`}, 200, nil},
		{"reporting: not for a private repository", call{method: "PUT", path: pvr, token: "demo-token"}, 422,
			field("message", "Private vulnerability reporting is only available for public repositories.")},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: immutable cannot change", call{method: "PUT", path: imm, token: "demo-token"}, 403, nil},
		{"archived: still read", call{method: "GET", path: pvr, token: "demo-token"}, 200, nil},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<id>", fmt.Sprint(id))
		c.body = strings.ReplaceAll(c.body, "<id>", fmt.Sprint(id))
		return c
	})
}
