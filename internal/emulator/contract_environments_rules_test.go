package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, protectionRulesContract) }

// protectionRulesContract drives an environment's custom deployment
// protection rules and the apps it may use (contractSeed installs
// deploy-gate, app 43, with permission on deployments; demo-app, 42,
// without).
func protectionRulesContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var ruleID int64
	const repo = "/repos/demo-org/gated"
	env := repo + "/environments/production"
	rules := env + "/deployment_protection_rules"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"gated"}`}, 201, nil},
		{"no environment, no rules", call{method: "GET", path: rules, token: "demo-token"}, 404, field("message", "Not Found")},
		{"no environment, no apps", call{method: "GET", path: rules + "/apps", token: "demo-token"}, 404, nil},
		{"create the environment", call{method: "PUT", path: env, token: "demo-token"}, 200, nil},
		{"no rules yet", call{method: "GET", path: rules, token: "demo-token"}, 200,
			all(field("total_count", 0), bodyContains(`"custom_deployment_protection_rules":[]`))},
		{"the apps it can use", call{method: "GET", path: rules + "/apps", token: "member-token"}, 200,
			all(field("total_count", 1), bodyContains(`"slug":"deploy-gate"`), bodyContains(`"id":43`),
				bodyContains(`/apps/deploy-gate"`), notContains(`"slug":"demo-app"`))},
		{"an app without permission on deployments", call{method: "POST", path: rules, token: "demo-token", body: `{"integration_id":42}`}, 422,
			bodyContains(`integration 42 is not installed on this repository`)},
		{"an unknown app", call{method: "POST", path: rules, token: "demo-token", body: `{"integration_id":9999}`}, 422, nil},
		{"without integration_id", call{method: "POST", path: rules, token: "demo-token", body: `{}`}, 422, bodyContains(`integration_id\" wasn't supplied`)},
		{"as a reader", call{method: "POST", path: rules, token: "member-token", body: `{"integration_id":43}`}, 403, nil},
		{"enable deploy-gate", call{method: "POST", path: rules, token: "demo-token", body: `{"integration_id":43}`}, 201,
			all(field("enabled", true), bodyContains(`"slug":"deploy-gate"`), func(t *testing.T, a answer) { ruleID = int64(a.json(t)["id"].(float64)) })},
		{"enable it again", call{method: "POST", path: rules, token: "demo-token", body: `{"integration_id":43}`}, 422, bodyContains(`already has`)},
		{"list the rules", call{method: "GET", path: rules, token: "member-token"}, 200,
			all(field("total_count", 1), bodyContains(`"slug":"deploy-gate"`), bodyContains(`"enabled":true`))},
		{"get the rule", call{method: "GET", path: rules + "/<rule>", token: "demo-token"}, 200, bodyContains(`"integration_url":`)},
		{"an unknown rule", call{method: "GET", path: rules + "/1", token: "demo-token"}, 404, nil},
		{"disable as a reader", call{method: "DELETE", path: rules + "/<rule>", token: "member-token"}, 403, nil},
		{"disable the rule", call{method: "DELETE", path: rules + "/<rule>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: rules + "/<rule>", token: "demo-token"}, 404, nil},
		{"disable it again", call{method: "DELETE", path: rules + "/<rule>", token: "demo-token"}, 404, nil},
		{"enable it once more", call{method: "POST", path: rules, token: "demo-token", body: `{"integration_id":43}`}, 201, nil},
		{"updating the environment keeps its rules", call{method: "PUT", path: env, token: "demo-token", body: `{"wait_timer":1}`}, 200, nil},
		{"still there", call{method: "GET", path: rules, token: "demo-token"}, 200, field("total_count", 1)},
		{"delete the environment", call{method: "DELETE", path: env, token: "demo-token"}, 204, nil},
		{"its rules are gone", call{method: "GET", path: rules, token: "demo-token"}, 404, nil},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<rule>", fmt.Sprint(ruleID))
		return c
	})
}
