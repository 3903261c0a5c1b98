package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, environmentsContract) }

// environmentsContract drives deployment environments and their custom
// deployment branch policies.
func environmentsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var memberID, teamID, policyID int64
	id := func(into *int64) check {
		return func(t *testing.T, a answer) { *into = int64(a.json(t)["id"].(float64)) }
	}
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/deployed"
	envs := repo + "/environments"
	prod := envs + "/production"
	pols := prod + "/deployment-branch-policies"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"deployed","auto_init":true}`}, 201, nil},
		{"a member's id", call{method: "GET", path: "/users/member-user", token: "demo-token"}, 200, id(&memberID)},
		{"a team", call{method: "POST", path: "/orgs/demo-org/teams", token: "demo-token", body: `{"name":"Deployers","privacy":"closed"}`}, 201, id(&teamID)},
		{"no environments yet", call{method: "GET", path: envs, token: "demo-token"}, 200, all(field("total_count", 0), bodyContains(`"environments":[]`))},
		{"create an environment without a body", call{method: "PUT", path: envs + "/staging", token: "demo-token"}, 200,
			all(field("name", "staging"), bodyContains(`"protection_rules":[]`), bodyContains(`"deployment_branch_policy":null`),
				bodyContains(`/demo-org/deployed/deployments/activity_log?environments_filter=staging`))},
		{"a team without access to the repository is taken and left out", call{method: "PUT", path: envs + "/staging", token: "demo-token",
			body: `{"reviewers":[{"type":"User","id":<member>},{"type":"Team","id":<team>}]}`}, 200,
			all(bodyContains(`"login":"member-user"`), notContains(`"slug":"deployers"`))},
		{"and is not there afterwards", call{method: "GET", path: envs + "/staging", token: "demo-token"}, 200, notContains(`"slug":"deployers"`)},
		{"give the team access", call{method: "PUT", path: "/orgs/demo-org/teams/deployers/repos/demo-org/deployed", token: "demo-token", body: `{"permission":"pull"}`}, 204, nil},
		{"back to no rules", call{method: "PUT", path: envs + "/staging", token: "demo-token", body: `{"reviewers":null}`}, 200, bodyContains(`"protection_rules":[]`)},
		{"create an environment with every rule", call{method: "PUT", path: prod, token: "demo-token",
			body: `{"wait_timer":30,"prevent_self_review":true,"reviewers":[{"type":"User","id":<member>},{"type":"Team","id":<team>}],"deployment_branch_policy":{"protected_branches":false,"custom_branch_policies":true}}`}, 200,
			all(field("name", "production"), bodyContains(`"type":"wait_timer","wait_timer":30`), bodyContains(`"prevent_self_review":true`),
				bodyContains(`"login":"member-user"`), bodyContains(`"slug":"deployers"`), bodyContains(`"type":"branch_policy"`),
				bodyContains(`"deployment_branch_policy":{"protected_branches":false,"custom_branch_policies":true}`))},
		{"names are case-insensitive", call{method: "GET", path: envs + "/PRODUCTION", token: "member-token"}, 200,
			all(field("name", "production"), bodyContains(`"wait_timer":30`))},
		{"anyone reads a public repository's", call{method: "GET", path: prod, token: "other-token"}, 200, nil},
		{"an unknown environment", call{method: "GET", path: envs + "/nope", token: "demo-token"}, 404, field("message", "Not Found")},
		{"list the environments", call{method: "GET", path: envs + "?per_page=1&page=2", token: "demo-token"}, 200,
			all(field("total_count", 2), bodyContains(`"name":"production"`), header("Link", `rel="prev"`))},
		{"omitted fields stay", call{method: "PUT", path: envs + "/Production", token: "demo-token", body: `{"wait_timer":5}`}, 200,
			all(field("name", "production"), bodyContains(`"wait_timer":5`), bodyContains(`"login":"member-user"`), bodyContains(`"custom_branch_policies":true`))},

		{"add a branch policy", call{method: "POST", path: pols, token: "demo-token", body: `{"name":"release/*"}`}, 200,
			all(field("name", "release/*"), field("type", "branch"), id(&policyID))},
		{"add a tag policy", call{method: "POST", path: pols, token: "demo-token", body: `{"name":"v*","type":"tag"}`}, 200, field("type", "tag")},
		{"the same pattern again", call{method: "POST", path: pols, token: "demo-token", body: `{"name":"release/*","type":"branch"}`}, 303,
			later(func() check { return header("Location", fmt.Sprintf(`/deployment-branch-policies/%d$`, policyID)) })},
		{"list the policies", call{method: "GET", path: pols, token: "member-token"}, 200,
			all(field("total_count", 2), bodyContains(`"name":"release/*"`), bodyContains(`"name":"v*"`))},
		{"get a policy", call{method: "GET", path: pols + "/<policy>", token: "demo-token"}, 200, field("name", "release/*")},
		{"rename a policy", call{method: "PUT", path: pols + "/<policy>", token: "demo-token", body: `{"name":"releases/*"}`}, 200,
			all(field("name", "releases/*"), field("type", "branch"))},
		{"an unknown policy", call{method: "GET", path: pols + "/1", token: "demo-token"}, 404, nil},
		{"a policy as a reader", call{method: "POST", path: pols, token: "member-token", body: `{"name":"x"}`}, 403, nil},
		{"delete a policy", call{method: "DELETE", path: pols + "/<policy>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: pols + "/<policy>", token: "demo-token"}, 404, nil},
		{"no policies without custom policies", call{method: "POST", path: envs + "/staging/deployment-branch-policies", token: "demo-token", body: `{"name":"main"}`}, 404, nil},

		{"both branch policies", call{method: "PUT", path: prod, token: "demo-token", body: `{"deployment_branch_policy":{"protected_branches":true,"custom_branch_policies":true}}`}, 422,
			bodyContains(`exactly one of protected_branches and custom_branch_policies`)},
		{"neither branch policy", call{method: "PUT", path: prod, token: "demo-token", body: `{"deployment_branch_policy":{"protected_branches":false,"custom_branch_policies":false}}`}, 422, nil},
		{"a wait timer too long", call{method: "PUT", path: prod, token: "demo-token", body: `{"wait_timer":43201}`}, 422, bodyContains(`Wait timer`)},
		{"seven reviewers", call{method: "PUT", path: prod, token: "demo-token",
			body: `{"reviewers":[{"type":"User","id":1},{"type":"User","id":2},{"type":"User","id":3},{"type":"User","id":4},{"type":"User","id":5},{"type":"User","id":6},{"type":"User","id":7}]}`}, 422,
			bodyContains(`at most 6 reviewers`)},
		{"an unknown reviewer", call{method: "PUT", path: prod, token: "demo-token", body: `{"reviewers":[{"type":"Team","id":1}]}`}, 422,
			bodyContains(`Reviewer Team 1 does not exist`)},
		{"self review without reviewers", call{method: "PUT", path: envs + "/staging", token: "demo-token", body: `{"prevent_self_review":true}`}, 422,
			bodyContains(`at least one reviewer to set prevent_self_review`)},
		{"an unknown key", call{method: "PUT", path: prod, token: "demo-token", headers: skipReq, body: `{"can_admins_bypass":false}`}, 422,
			bodyContains(`\"can_admins_bypass\" is not a permitted key.`)},
		{"a name too long", call{method: "PUT", path: envs + "/" + strings.Repeat("x", 256), token: "demo-token"}, 422, bodyContains(`Invalid environment name`)},
		{"change as a reader", call{method: "PUT", path: prod, token: "member-token", body: `{}`}, 403, nil},

		{"protected branches drop the custom policies", call{method: "PUT", path: prod, token: "demo-token",
			body: `{"reviewers":null,"deployment_branch_policy":{"protected_branches":true,"custom_branch_policies":false}}`}, 200,
			all(notContains(`required_reviewers`), bodyContains(`"protected_branches":true`))},
		{"no policies left", call{method: "GET", path: pols, token: "demo-token"}, 200, field("total_count", 0)},
		{"every branch", call{method: "PUT", path: prod, token: "demo-token", body: `{"wait_timer":0,"deployment_branch_policy":null}`}, 200,
			all(bodyContains(`"protection_rules":[]`), bodyContains(`"deployment_branch_policy":null`))},
		{"a name with a slash", call{method: "PUT", path: envs + "/review%2Fpr-1", token: "demo-token"}, 200, field("name", "review/pr-1")},
		{"read it back", call{method: "GET", path: envs + "/review%2Fpr-1", token: "demo-token"}, 200, field("name", "review/pr-1")},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: update", call{method: "PUT", path: prod, token: "demo-token", body: `{}`}, 403, field("message", "Repository was archived so is read-only.")},
		{"archived: delete", call{method: "DELETE", path: prod, token: "demo-token"}, 403, nil},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"delete as a reader", call{method: "DELETE", path: prod, token: "member-token"}, 403, nil},
		{"delete the environment", call{method: "DELETE", path: envs + "/PRODUCTION", token: "demo-token"}, 204, nil},
		{"the environment is gone", call{method: "GET", path: prod, token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: prod, token: "demo-token"}, 404, nil},
		{"its policies are gone", call{method: "GET", path: pols, token: "demo-token"}, 404, nil},

		{"a team reviewer", call{method: "PUT", path: envs + "/staging", token: "demo-token", body: `{"reviewers":[{"type":"Team","id":<team>}]}`}, 200,
			bodyContains(`"slug":"deployers"`)},
		{"delete the team", call{method: "DELETE", path: "/orgs/demo-org/teams/deployers", token: "demo-token"}, 204, nil},
		{"a deleted team reviews no more", call{method: "GET", path: envs + "/staging", token: "demo-token"}, 200,
			all(notContains(`"slug":"deployers"`), notContains(`required_reviewers`))},
	}
	runSteps(t, srv, steps, func(c call) call {
		r := strings.NewReplacer("<member>", fmt.Sprint(memberID), "<team>", fmt.Sprint(teamID), "<policy>", fmt.Sprint(policyID))
		c.path, c.body = r.Replace(c.path), r.Replace(c.body)
		return c
	})
}
