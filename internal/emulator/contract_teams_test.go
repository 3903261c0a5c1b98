package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, teamsContract) }

// count checks the number of items of a JSON array answer.
func count(n int) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		var items []json.RawMessage
		if err := json.Unmarshal(a.body, &items); err != nil || len(items) != n {
			t.Errorf("items = %d (%v), want %d: %.300s", len(items), err, n, a.body)
		}
	}
}

// teamsContract drives the teams and their repository permissions.
func teamsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var parentID int64
	repoMedia := map[string]string{"Accept": "application/vnd.github.v3.repository+json"}
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const teams = "/orgs/demo-org/teams"
	steps := []step{
		{"create team", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"Platform  Team!","description":"runs the platform","privacy":"closed"}`}, 201,
			all(field("slug", "platform-team"), field("name", "Platform  Team!"), field("privacy", "closed"), field("members_count", 1), field("parent", nil),
				bodyContains(`"organization":{"login":"demo-org"`), func(t *testing.T, a answer) { parentID = int64(a.json(t)["id"].(float64)) })},
		{"create team: name taken (same slug)", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"platform team"}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"errors":[{"resource":"Team","code":"unprocessable","field":"data","message":"Name must be unique for this org"}]`))},
		{"create team without name", call{method: "POST", path: teams, token: "demo-token", body: `{"description":"x"}`, headers: skipReq}, 422, bodyContains(`\"name\" wasn't supplied.`)},
		{"create team: name without a slug", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"!!!"}`}, 422, bodyContains(`"field":"name"`)},
		{"create child team", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"SRE","parent_team_id":<parent>,"notification_setting":"notifications_disabled"}`}, 201,
			all(field("slug", "sre"), field("privacy", "closed"), field("notification_setting", "notifications_disabled"), func(t *testing.T, a answer) {
				if p, _ := a.json(t)["parent"].(map[string]any); p == nil || int64(p["id"].(float64)) != parentID {
					t.Errorf("parent = %v, want team %d", a.json(t)["parent"], parentID)
				}
			})},
		{"create secret child team", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"hidden","parent_team_id":<parent>,"privacy":"secret"}`}, 422, bodyContains(`"field":"privacy"`)},
		{"create team with unknown parent", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"orphan","parent_team_id":1}`}, 422, bodyContains(`"field":"parent_team_id"`)},
		{"create team as outsider", call{method: "POST", path: teams, token: "other-token", body: `{"name":"x"}`}, 403, nil},
		{"create team in unknown org", call{method: "POST", path: "/orgs/nope/teams", token: "demo-token", body: `{"name":"x"}`}, 404, field("message", "Not Found")},
		{"create secret team", call{method: "POST", path: teams, token: "demo-token", body: `{"name":"Vault"}`}, 201, field("privacy", "secret")},

		{"list teams", call{method: "GET", path: teams + "?per_page=2", token: "demo-token"}, 200, all(count(2), header("Link", `rel="next"`), bodyContains(`"slug":"platform-team"`))},
		{"list teams: member sees closed teams only", call{method: "GET", path: teams, token: "member-token"}, 200, all(count(2), notContains(`"slug":"vault"`))},
		{"list teams: outsider sees none", call{method: "GET", path: teams, token: "other-token"}, 200, count(0)},
		{"get team", call{method: "GET", path: teams + "/platform-team", token: "demo-token"}, 200, all(field("slug", "platform-team"), field("repos_count", 0))},
		{"get secret team as member", call{method: "GET", path: teams + "/vault", token: "member-token"}, 404, field("message", "Not Found")},
		{"get team as outsider", call{method: "GET", path: teams + "/platform-team", token: "other-token"}, 404, nil},
		{"get unknown team", call{method: "GET", path: teams + "/nope", token: "demo-token"}, 404, nil},

		{"rename team", call{method: "PATCH", path: teams + "/platform-team", token: "demo-token", body: `{"name":"Platform","description":"renamed"}`}, 200,
			all(field("slug", "platform"), field("description", "renamed"), func(t *testing.T, a answer) {
				if id := int64(a.json(t)["id"].(float64)); id != parentID {
					t.Errorf("id = %d, want %d: a rename keeps the team", id, parentID)
				}
			})},
		{"old slug is gone", call{method: "GET", path: teams + "/platform-team", token: "demo-token"}, 404, nil},
		{"rename onto a taken name", call{method: "PATCH", path: teams + "/sre", token: "demo-token", body: `{"name":"VAULT"}`}, 422, bodyContains("Name must be unique for this org")},
		{"parent below itself", call{method: "PATCH", path: teams + "/platform", token: "demo-token", body: `{"parent_team_id":<sre>}`}, 422, bodyContains(`"field":"parent_team_id"`)},
		{"parent team cannot become secret", call{method: "PATCH", path: teams + "/platform", token: "demo-token", body: `{"privacy":"secret"}`}, 422, bodyContains(`"field":"privacy"`)},
		{"update team as member", call{method: "PATCH", path: teams + "/platform", token: "member-token", body: `{"description":"x"}`}, 403, nil},
		{"update unknown team", call{method: "PATCH", path: teams + "/nope", token: "demo-token", body: `{"description":"x"}`}, 404, nil},

		{"grant a repository", call{method: "PUT", path: teams + "/platform/repos/demo-org/secret", token: "demo-token", body: `{"permission":"maintain"}`}, 204, nil},
		{"grant with the default permission", call{method: "PUT", path: teams + "/sre/repos/demo-org/template", token: "demo-token"}, 204, nil},
		{"grant an unknown permission", call{method: "PUT", path: teams + "/platform/repos/demo-org/template", token: "demo-token", body: `{"permission":"owner"}`}, 422, field("message", "Validation Failed")},
		{"grant a repository outside the org", call{method: "PUT", path: teams + "/platform/repos/demo-user/gen2", token: "demo-token"}, 422, nil},
		{"grant an unknown repository", call{method: "PUT", path: teams + "/platform/repos/demo-org/nope", token: "demo-token"}, 404, nil},
		{"grant as member", call{method: "PUT", path: teams + "/platform/repos/demo-org/template", token: "member-token"}, 403, nil},
		{"check permission", call{method: "GET", path: teams + "/platform/repos/demo-org/secret", token: "demo-token"}, 204, nil},
		{"check permission with the repository media type", call{method: "GET", path: teams + "/platform/repos/demo-org/secret", token: "demo-token", headers: repoMedia}, 200,
			all(field("full_name", "demo-org/secret"), field("role_name", "maintain"), field("permissions", "map[admin:false maintain:true pull:true push:true triage:true]"))},
		{"default permission is push", call{method: "GET", path: teams + "/sre/repos/demo-org/template", token: "demo-token", headers: repoMedia}, 200, field("role_name", "write")},
		{"list repository teams", call{method: "GET", path: "/repos/demo-org/secret/teams", token: "demo-token"}, 200,
			all(count(1), bodyContains(`"slug":"platform"`), bodyContains(`"permission":"maintain"`))},
		{"list repository teams of an unknown repository", call{method: "GET", path: "/repos/demo-org/nope/teams", token: "demo-token"}, 404, nil},
		{"check a repository the team has no access to", call{method: "GET", path: teams + "/platform/repos/demo-org/template", token: "demo-token"}, 404, nil},
		{"define a custom role", call{method: "POST", path: "/_emulator/orgs/demo-org/repository-roles", body: `{"name":"deployer","baseRole":"write"}`}, 204, nil},
		{"grant a custom role, named in another case", call{method: "PUT", path: teams + "/sre/repos/demo-org/secret", token: "demo-token", body: `{"permission":"Deployer"}`}, 204, nil},
		{"custom role by name, permissions of its base role", call{method: "GET", path: teams + "/sre/repos/demo-org/secret", token: "demo-token", headers: repoMedia}, 200,
			all(field("role_name", "deployer"), field("permissions", "map[admin:false maintain:false pull:true push:true triage:true]"))},
		{"grant an undefined custom role", call{method: "PUT", path: teams + "/sre/repos/demo-org/secret", token: "demo-token", body: `{"permission":"releaser"}`}, 422, field("message", "Validation Failed")},
		{"list team repositories", call{method: "GET", path: teams + "/platform/repos", token: "demo-token"}, 200, all(count(1), bodyContains(`"full_name":"demo-org/secret"`), bodyContains(`"role_name":"maintain"`))},
		{"team counts its repositories", call{method: "GET", path: teams + "/platform", token: "demo-token"}, 200, field("repos_count", 1)},
		{"revoke a repository", call{method: "DELETE", path: teams + "/platform/repos/demo-org/secret", token: "demo-token"}, 204, nil},
		{"revoked repository is gone", call{method: "GET", path: teams + "/platform/repos/demo-org/secret", token: "demo-token"}, 404, nil},
		{"revoke as member", call{method: "DELETE", path: teams + "/sre/repos/demo-org/template", token: "member-token"}, 403, nil},

		{"delete team as member", call{method: "DELETE", path: teams + "/platform", token: "member-token"}, 403, nil},
		{"delete parent team", call{method: "DELETE", path: teams + "/platform", token: "demo-token"}, 204, nil},
		{"child team went with it", call{method: "GET", path: teams + "/sre", token: "demo-token"}, 404, nil},
		{"delete unknown team", call{method: "DELETE", path: teams + "/platform", token: "demo-token"}, 404, nil},
	}
	var sreID int64
	// The child's id is needed before the step that uses it runs.
	for i, s := range steps {
		if s.name == "create child team" {
			steps[i].check = all(s.check, func(t *testing.T, a answer) { sreID = int64(a.json(t)["id"].(float64)) })
		}
	}
	runSteps(t, srv, steps, func(c call) call {
		ids := strings.NewReplacer("<parent>", fmt.Sprint(parentID), "<sre>", fmt.Sprint(sreID))
		c.path, c.body = ids.Replace(c.path), ids.Replace(c.body)
		return c
	})
}
