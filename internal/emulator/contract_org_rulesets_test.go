package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, orgRulesetsContract) }

// orgRulesetsContract drives an organization's rulesets, what its
// repositories show of them, and their effect on pushes.
func orgRulesetsContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	var id, byID, byProperty, repoID int64
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/org-ruled"
	const rules = "/orgs/demo-org/rulesets"
	takeID := func(into *int64) func(*testing.T, answer) {
		return func(t *testing.T, a answer) { *into = int64(a.json(t)["id"].(float64)) }
	}
	setTier := func(t *testing.T, _ answer) {
		if err := emu.State().SetRepoPropertyValues("demo-org", "org-ruled", "tier", "production"); err != nil {
			t.Fatal(err)
		}
	}
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"org-ruled","auto_init":true,"private":true}`}, 201, takeID(&repoID)},
		{"no organization rulesets yet", call{method: "GET", path: rules, token: "demo-token"}, 200, count(0)},
		{"create a ruleset by repository name", call{method: "POST", path: rules, token: "demo-token", body: `{
			"name": "Org main", "target": "branch", "enforcement": "active",
			"bypass_actors": [{"actor_id": 5, "actor_type": "RepositoryRole", "bypass_mode": "pull_request"}, {"actor_type": "OrganizationAdmin", "bypass_mode": "pull_request"}],
			"conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH"], "exclude": []}, "repository_name": {"include": ["org-ruled*"], "exclude": ["*-archive"], "protected": true}},
			"rules": [{"type": "deletion"}, {"type": "update"}, {"type": "pull_request", "parameters": {"dismiss_stale_reviews_on_push": false, "require_code_owner_review": false,
				"require_last_push_approval": false, "required_approving_review_count": 1, "required_review_thread_resolution": false}}]}`}, 201,
			all(field("source_type", "Organization"), field("source", "demo-org"), notContains(`"current_user_can_bypass"`),
				bodyContains(`"repository_name":{"include":["org-ruled*"],"exclude":["*-archive"],"protected":true}`),
				bodyContains(`"ref_name":{"exclude":[],"include":["~DEFAULT_BRANCH"]}`), bodyContains(`/organizations/demo-org/settings/rules/`),
				bodyContains(`/orgs/demo-org/rulesets/`), bodyContains(`{"actor_id":null,"actor_type":"OrganizationAdmin","bypass_mode":"pull_request"}`), takeID(&id))},
		{"get it", call{method: "GET", path: rules + "/<id>", token: "demo-token"}, 200,
			all(field("name", "Org main"), bodyContains(`"bypass_actors":[`), bodyContains(`"allowed_merge_methods":["merge","squash","rebase"]`))},
		{"a member finds none", call{method: "GET", path: rules + "/<id>", token: "member-token"}, 404, nil},
		{"a member lists none", call{method: "GET", path: rules, token: "member-token"}, 404, nil},
		{"list them", call{method: "GET", path: rules, token: "demo-token"}, 200,
			all(count(1), notContains(`"rules"`), notContains(`"conditions"`), bodyContains(`"source_type":"Organization"`))},
		{"the repository lists its organization's", call{method: "GET", path: repo + "/rulesets", token: "demo-token"}, 200,
			all(count(1), bodyContains(`"source_type":"Organization"`), bodyContains(`"source":"demo-org"`))},
		{"but not without parents", call{method: "GET", path: repo + "/rulesets?includes_parents=false", token: "demo-token"}, 200, count(0)},
		{"the repository reads it", call{method: "GET", path: repo + "/rulesets/<id>", token: "demo-token"}, 200,
			all(field("source_type", "Organization"), field("current_user_can_bypass", "pull_requests_only"))},
		{"but not without parents", call{method: "GET", path: repo + "/rulesets/<id>?includes_parents=false", token: "demo-token"}, 404, nil},
		{"nor changes it", call{method: "PUT", path: repo + "/rulesets/<id>", token: "demo-token", body: `{"enforcement":"disabled"}`}, 404, nil},
		{"another repository does not see it", call{method: "GET", path: "/repos/demo-org/secret/rulesets", token: "demo-token"}, 200, count(0)},
		{"the default branch is protected", call{method: "GET", path: repo + "/branches/main", token: "demo-token"}, 200, field("protected", true)},
		{"the rules of the branch", call{method: "GET", path: repo + "/rules/branches/main", token: "demo-token"}, 200,
			all(count(3), func(t *testing.T, a answer) {
				bodyContains(fmt.Sprintf(`{"type":"deletion","ruleset_source_type":"Organization","ruleset_source":"demo-org","ruleset_id":%d}`, id))(t, a)
			})},
		{"no rules on another branch", call{method: "GET", path: repo + "/rules/branches/feature/x", token: "demo-token"}, 200, count(0)},
		{"a push it forbids", call{method: "PUT", path: repo + "/contents/README.md", token: "demo-token", body: `{"message":"m","content":"aGk=","sha":"0000000000000000000000000000000000000000"}`}, 409,
			field("message", "Repository rule violations found\n\nCannot update this protected ref.\n\nChanges must be made through a pull request.\n\n")},
		{"a rename it protects", call{method: "PATCH", path: repo, token: "demo-token", body: `{"name":"org-ruled-2"}`}, 422,
			bodyContains(`protected by a ruleset of the organization`)},

		{"a taken name", call{method: "POST", path: rules, token: "demo-token", body: `{"name":"ORG MAIN","enforcement":"active"}`}, 422,
			bodyContains(`"errors":["Name must be unique"]`)},
		{"two repository conditions", call{method: "POST", path: rules, token: "demo-token", headers: skipReq,
			body: `{"name":"x","enforcement":"active","conditions":{"ref_name":{"include":["~ALL"]},"repository_name":{"include":["~ALL"]},"repository_id":{"repository_ids":[1]}}}`}, 422,
			field("message", "Invalid request.\n\nInvalid property /conditions: data matches no possible input.")},
		{"a property without values", call{method: "POST", path: rules, token: "demo-token", headers: skipReq,
			body: `{"name":"x","enforcement":"active","conditions":{"ref_name":{"include":["~ALL"]},"repository_property":{"include":[{"name":"tier"}]}}}`}, 422,
			bodyContains(`Invalid property /conditions/repository_property`)},
		{"an unknown team", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"x","enforcement":"active","bypass_actors":[{"actor_id":999,"actor_type":"Team","bypass_mode":"always"}]}`}, 422,
			bodyContains(`"errors":["Invalid actor: Team 999"]`)},
		{"a member cannot create one", call{method: "POST", path: rules, token: "member-token", body: `{"name":"x","enforcement":"active"}`}, 404, nil},
		{"create a tag ruleset by repository id", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"Org tags","target":"tag","enforcement":"active","conditions":{"ref_name":{"include":["refs/tags/v*"],"exclude":[]},"repository_id":{"repository_ids":[<repo_id>]}},"rules":[{"type":"creation"},{"type":"deletion"}]}`}, 201,
			all(func(t *testing.T, a answer) {
				bodyContains(fmt.Sprintf(`"repository_id":{"repository_ids":[%d]}`, repoID))(t, a)
			}, takeID(&byID))},
		{"a tag it forbids", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/tags/v1","sha":"<head>"}`}, 422,
			field("message", "Repository rule violations found\n\nCannot create ref due to creations being restricted.\n\n")},
		{"a tag it does not cover", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/tags/x1","sha":"<head>"}`}, 201, nil},
		{"create a branch ruleset by property", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"Production","target":"branch","enforcement":"active","conditions":{"ref_name":{"include":["~ALL"],"exclude":[]},"repository_property":{"include":[{"name":"tier","property_values":["production"]}],"exclude":[]}},"rules":[{"type":"creation"}]}`}, 201,
			all(bodyContains(`"repository_property":{"include":[{"name":"tier","property_values":["production"],"source":"custom"}],"exclude":[]}`), takeID(&byProperty))},
		{"the repository has no tier yet", call{method: "GET", path: repo + "/rulesets", token: "demo-token"}, 200, all(count(2), notContains(`"Production"`))},
		{"a branch it will forbid", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/one","sha":"<head>"}`}, 201, setTier},
		{"the repository has tier production", call{method: "GET", path: repo + "/rulesets?targets=branch", token: "demo-token"}, 200, all(count(2), bodyContains(`"Production"`))},
		{"a branch it forbids", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/two","sha":"<head>"}`}, 422,
			bodyContains(`Cannot create ref due to creations being restricted.`)},

		{"delete the ruleset by property", call{method: "DELETE", path: rules + "/<by_property>", token: "demo-token"}, 204, nil},
		{"and its branch may be created", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/two","sha":"<head>"}`}, 201, nil},
		{"update one field", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"enforcement":"disabled"}`}, 200,
			all(field("enforcement", "disabled"), field("name", "Org main"), bodyContains(`"protected":true`))},
		{"a disabled ruleset protects nothing", call{method: "GET", path: repo + "/branches/main", token: "demo-token"}, 200, field("protected", false)},
		{"replace its conditions", call{method: "PUT", path: rules + "/<id>", token: "demo-token",
			body: `{"conditions":{"ref_name":{"include":["~DEFAULT_BRANCH"],"exclude":[]},"repository_name":{"include":["nothing-matches"]}}}`}, 200,
			bodyContains(`"repository_name":{"include":["nothing-matches"],"exclude":[],"protected":false}`)},
		{"rename onto a taken name", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"name":"org tags"}`}, 422, bodyContains(`Name must be unique`)},
		{"update an unknown ruleset", call{method: "PUT", path: rules + "/1", token: "demo-token", body: `{"enforcement":"active"}`}, 404, field("message", "Not Found")},
		{"get an unknown ruleset", call{method: "GET", path: rules + "/1", token: "demo-token"}, 404, field("message", "Not Found")},
		{"a repository's ruleset is not the organization's", call{method: "GET", path: rules + "/1", token: "demo-token"}, 404, nil},
		{"delete as a member", call{method: "DELETE", path: rules + "/<id>", token: "member-token"}, 404, nil},
		{"delete it", call{method: "DELETE", path: rules + "/<id>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: rules + "/<id>", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: rules + "/<id>", token: "demo-token"}, 404, nil},
		{"delete the last", call{method: "DELETE", path: rules + "/<by_id>", token: "demo-token"}, 204, nil},
	}
	head := ""
	runSteps(t, srv, steps, func(c call) call {
		if head == "" && strings.Contains(c.body, "<head>") {
			head = headOf(t, srv, "org-ruled", "main")
		}
		r := strings.NewReplacer("<id>", fmt.Sprint(id), "<by_id>", fmt.Sprint(byID), "<by_property>", fmt.Sprint(byProperty), "<repo_id>", fmt.Sprint(repoID), "<head>", head)
		c.path, c.body = r.Replace(c.path), r.Replace(c.body)
		return c
	})
}
