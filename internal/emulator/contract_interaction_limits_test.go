package emulator_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() {
	contractScenarios = append(contractScenarios, repositoryInteractionLimitContract, organizationInteractionLimitContract)
}

// expiresAt checks that the answer says when the limit expires.
func expiresAt() func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		if s, _ := a.json(t)["expires_at"].(string); len(s) != len("2006-01-02T15:04:05Z") {
			t.Errorf("expires_at = %q, want a time", s)
		}
	}
}

// repositoryInteractionLimitContract drives the interaction limit of a
// repository: none, set (one_day by default) and read back, expired ({}),
// removed, GitHub's refusals, and its 409 while the organization has one.
func repositoryInteractionLimitContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/interaction-contract"
	limits := repo + "/interaction-limits"
	runSteps(t, srv, []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"interaction-contract"}`}, 201, nil},
		{"none in effect", call{method: "GET", path: limits, token: "demo-token"}, 200, all(bodyContains("{}"), notContains("limit"))},
		{"set it, one day by default", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"collaborators_only"}`}, 200,
			all(field("limit", "collaborators_only"), field("origin", "repository"), expiresAt())},
		{"read it back", call{method: "GET", path: limits, token: "demo-token"}, 200,
			all(field("limit", "collaborators_only"), field("origin", "repository"), expiresAt())},
		{"change it for a week", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"existing_users","expiry":"one_week"}`}, 200,
			field("limit", "existing_users")},
		{"limit left out", call{method: "PUT", path: limits, token: "demo-token", body: `{"expiry":"one_day"}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\n\"limit\" wasn't supplied.")},
		{"a limit GitHub does not have", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"everyone"}`, headers: skipReq}, 422,
			bodyContains(`For 'properties/limit', \"everyone\" is not one of`)},
		{"an expiry GitHub does not have", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"existing_users","expiry":"one_year"}`, headers: skipReq}, 422,
			bodyContains(`For 'properties/expiry', \"one_year\" is not one of`)},
		{"unchanged by what was refused", call{method: "GET", path: limits, token: "demo-token"}, 200, field("limit", "existing_users")},
		{"set as a reader", call{method: "PUT", path: limits, token: "member-token", body: `{"limit":"existing_users"}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nothing/interaction-limits", token: "demo-token"}, 404, field("message", "Not Found")},
	}, nil)
	if err := emu.ExpireRepositoryInteractionLimit("demo-org", "interaction-contract", 0); err != nil {
		t.Fatalf("ExpireRepositoryInteractionLimit: %v", err)
	}
	runSteps(t, srv, []step{
		{"expired: none in effect", call{method: "GET", path: limits, token: "demo-token"}, 200, notContains("limit")},
		{"set again", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"contributors_only","expiry":"six_months"}`}, 200,
			field("limit", "contributors_only")},
		{"remove it", call{method: "DELETE", path: limits, token: "demo-token"}, 204, nil},
		{"removed", call{method: "GET", path: limits, token: "demo-token"}, 200, notContains("limit")},
		{"remove it again", call{method: "DELETE", path: limits, token: "demo-token"}, 204, nil},
		{"set before the organization's", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"contributors_only"}`}, 200, nil},
		{"the organization's limit", call{method: "PUT", path: "/orgs/demo-org/interaction-limits", token: "demo-token", body: `{"limit":"existing_users","expiry":"one_week"}`}, 200,
			field("origin", "organization")},
		{"the repository reads the organization's", call{method: "GET", path: limits, token: "demo-token"}, 200,
			all(field("limit", "existing_users"), field("origin", "organization"))},
		{"set while the organization has one", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"collaborators_only"}`}, 409, nil},
		{"remove while the organization has one", call{method: "DELETE", path: limits, token: "demo-token"}, 409, nil},
		{"the organization's removed", call{method: "DELETE", path: "/orgs/demo-org/interaction-limits", token: "demo-token"}, 204, nil},
		{"the repository's was overwritten by it", call{method: "GET", path: limits, token: "demo-token"}, 200, notContains("limit")},
	}, nil)
}

// organizationInteractionLimitContract drives the interaction limit of an
// organization: none, set and read back, expired, removed, and who may.
func organizationInteractionLimitContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const limits = "/orgs/demo-org/interaction-limits"
	runSteps(t, srv, []step{
		{"none in effect", call{method: "GET", path: limits, token: "demo-token"}, 200, notContains("limit")},
		{"set it", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"collaborators_only","expiry":"one_month"}`}, 200,
			all(field("limit", "collaborators_only"), field("origin", "organization"), expiresAt())},
		{"read it back", call{method: "GET", path: limits, token: "demo-token"}, 200,
			all(field("limit", "collaborators_only"), field("origin", "organization"), expiresAt())},
		{"an expiry GitHub does not have", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"existing_users","expiry":"forever"}`, headers: skipReq}, 422,
			bodyContains(`For 'properties/expiry', \"forever\" is not one of`)},
		{"limit left out", call{method: "PUT", path: limits, token: "demo-token", body: `{}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\n\"limit\" wasn't supplied.")},
		{"set as a member", call{method: "PUT", path: limits, token: "member-token", body: `{"limit":"existing_users"}`}, 403,
			field("message", "You must be an organization owner.")},
		{"read as a member", call{method: "GET", path: limits, token: "member-token"}, 403, nil},
		{"an unknown organization", call{method: "GET", path: "/orgs/nothing/interaction-limits", token: "demo-token"}, 404, field("message", "Not Found")},
	}, nil)
	if err := emu.ExpireOrganizationInteractionLimit("demo-org", 0); err != nil {
		t.Fatalf("ExpireOrganizationInteractionLimit: %v", err)
	}
	runSteps(t, srv, []step{
		{"expired: none in effect", call{method: "GET", path: limits, token: "demo-token"}, 200, notContains("limit")},
		{"set again", call{method: "PUT", path: limits, token: "demo-token", body: `{"limit":"existing_users"}`}, 200, field("limit", "existing_users")},
		{"remove it", call{method: "DELETE", path: limits, token: "demo-token"}, 204, nil},
		{"removed", call{method: "GET", path: limits, token: "demo-token"}, 200, notContains("limit")},
	}, nil)
}

func init() { contractScenarios = append(contractScenarios, pullCreationCapContract) }

// pullCreationCapContract drives the pull request creation caps of a
// repository and an organization, and the repository's bypass list.
func pullCreationCapContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/pull-cap-contract"
	repoCap, orgCap, bypass := repo+"/interaction-limits/pulls/creation-cap", "/orgs/demo-org/interaction-limits/pulls/creation-cap", repo+"/interaction-limits/pulls/bypass-list"
	runSteps(t, srv, []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"pull-cap-contract"}`}, 201, nil},
		{"the repository's cap, off", call{method: "GET", path: repoCap, token: "demo-token"}, 200, all(field("enabled", false), field("max_open_pull_requests", 1))},
		{"turn it on at 5", call{method: "PATCH", path: repoCap, token: "demo-token", body: `{"enabled":true,"max_open_pull_requests":5}`}, 200,
			all(field("enabled", true), field("max_open_pull_requests", 5))},
		{"read it back", call{method: "GET", path: repoCap, token: "demo-token"}, 200, all(field("enabled", true), field("max_open_pull_requests", 5))},
		{"off, the number kept", call{method: "PATCH", path: repoCap, token: "demo-token", body: `{"enabled":false}`}, 200,
			all(field("enabled", false), field("max_open_pull_requests", 5))},
		{"enabled left out", call{method: "PATCH", path: repoCap, token: "demo-token", body: `{"max_open_pull_requests":5}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\n\"enabled\" wasn't supplied.")},
		{"more than 1000", call{method: "PATCH", path: repoCap, token: "demo-token", body: `{"enabled":true,"max_open_pull_requests":1001}`, headers: skipReq}, 422,
			bodyContains("greater than the maximum of 1000")},
		{"none", call{method: "PATCH", path: repoCap, token: "demo-token", body: `{"enabled":true,"max_open_pull_requests":0}`, headers: skipReq}, 422,
			bodyContains("less than the minimum of 1")},
		{"as a reader", call{method: "PATCH", path: repoCap, token: "member-token", body: `{"enabled":true}`}, 403, nil},
		{"the organization's cap", call{method: "GET", path: orgCap, token: "demo-token"}, 200, field("enabled", false)},
		{"turn it on", call{method: "PATCH", path: orgCap, token: "demo-token", body: `{"enabled":true,"max_open_pull_requests":3}`}, 200,
			all(field("enabled", true), field("max_open_pull_requests", 3))},
		{"read it back", call{method: "GET", path: orgCap, token: "demo-token"}, 200, field("max_open_pull_requests", 3)},
		{"as a member", call{method: "PATCH", path: orgCap, token: "member-token", body: `{"enabled":false}`}, 403, field("message", "You must be an organization owner.")},
		{"turn it off", call{method: "PATCH", path: orgCap, token: "demo-token", body: `{"enabled":false}`}, 200, field("enabled", false)},
		{"no one bypasses", call{method: "GET", path: bypass, token: "demo-token"}, 200, bodyContains("[]")},
		{"add two", call{method: "PUT", path: bypass, token: "demo-token", body: `{"users":["member-user","demo-user"]}`}, 204, nil},
		{"add one again", call{method: "PUT", path: bypass, token: "demo-token", body: `{"users":["Member-User"]}`}, 204, nil},
		{"both, once", call{method: "GET", path: bypass, token: "demo-token"}, 200,
			func(t *testing.T, a answer) {
				t.Helper()
				if n := strings.Count(string(a.body), `"login"`); n != 2 {
					t.Errorf("%d users, want 2: %s", n, a.body)
				}
			}},
		{"a user GitHub does not have", call{method: "PUT", path: bypass, token: "demo-token", body: `{"users":["nobody-at-all"]}`}, 422, bodyContains("nobody-at-all")},
		{"users left out", call{method: "PUT", path: bypass, token: "demo-token", body: `{}`, headers: skipReq}, 422, field("message", "Invalid request.\n\n\"users\" wasn't supplied.")},
		{"remove one", call{method: "DELETE", path: bypass, token: "demo-token", body: `{"users":["demo-user"]}`}, 204, nil},
		{"one left", call{method: "GET", path: bypass, token: "demo-token"}, 200, all(bodyContains(`"login":"member-user"`), notContains(`"login":"demo-user"`))},
		{"as a reader", call{method: "GET", path: bypass, token: "member-token"}, 403, nil},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nothing/interaction-limits/pulls/bypass-list", token: "demo-token"}, 404, nil},
	}, nil)
}
