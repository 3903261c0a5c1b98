package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, rulesetsContract) }

// branchRuleset is a POST .../rulesets body with most branch rules.
const branchRuleset = `{
	"name": "Main rules", "target": "branch", "enforcement": "active",
	"bypass_actors": [
		{"actor_id": 5, "actor_type": "RepositoryRole", "bypass_mode": "always"},
		{"actor_id": 1, "actor_type": "OrganizationAdmin", "bypass_mode": "pull_request"},
		{"actor_id": 42, "actor_type": "Integration"}
	],
	"conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH", "refs/heads/release/**"], "exclude": []}},
	"rules": [
		{"type": "deletion"}, {"type": "non_fast_forward"}, {"type": "update"}, {"type": "required_linear_history"}, {"type": "required_signatures"},
		{"type": "pull_request", "parameters": {"dismiss_stale_reviews_on_push": true, "require_code_owner_review": false,
			"require_last_push_approval": false, "required_approving_review_count": 1, "required_review_thread_resolution": true}},
		{"type": "required_status_checks", "parameters": {"strict_required_status_checks_policy": true, "required_status_checks": [{"context": "ci", "integration_id": 42}]}},
		{"type": "commit_message_pattern", "parameters": {"operator": "regex", "pattern": "^(feat|fix):", "negate": false, "name": "conventional"}},
		{"type": "branch_name_pattern", "parameters": {"operator": "starts_with", "pattern": "release/"}},
		{"type": "required_deployments", "parameters": {"required_deployment_environments": ["staging"]}},
		{"type": "merge_queue", "parameters": {"check_response_timeout_minutes": 60, "grouping_strategy": "ALLGREEN", "max_entries_to_build": 5,
			"max_entries_to_merge": 5, "merge_method": "SQUASH", "min_entries_to_merge": 1, "min_entries_to_merge_wait_minutes": 5}}
	]
}`

// rulesetsContract drives repository rulesets.
func rulesetsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var id int64
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/ruled"
	rules := repo + "/rulesets"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"ruled","auto_init":true,"private":true}`}, 201, nil},
		{"no rulesets yet", call{method: "GET", path: rules + "?includes_parents=false", token: "demo-token"}, 200, count(0)},
		{"create a branch ruleset", call{method: "POST", path: rules, token: "demo-token", body: branchRuleset}, 201, all(
			field("name", "Main rules"), field("source_type", "Repository"), field("source", "demo-org/ruled"), field("current_user_can_bypass", "always"),
			bodyContains(`{"actor_id":null,"actor_type":"OrganizationAdmin","bypass_mode":"pull_request"}`),
			bodyContains(`{"actor_id":42,"actor_type":"Integration","bypass_mode":"always"}`),
			bodyContains(`"conditions":{"ref_name":{"exclude":[],"include":["~DEFAULT_BRANCH","refs/heads/release/**"]}}`),
			bodyContains(`{"type":"update","parameters":{"update_allows_fetch_and_merge":false}}`),
			bodyContains(`"allowed_merge_methods":["merge","squash","rebase"]`), bodyContains(`"do_not_enforce_on_create":false`),
			bodyContains(`{"type":"deletion"}`), bodyContains(`/demo-org/ruled/rules/`),
			func(t *testing.T, a answer) {
				m := a.json(t)
				id = int64(m["id"].(float64))
				if !regexp.MustCompile(`^RRS_[A-Za-z0-9_-]+$`).MatchString(m["node_id"].(string)) {
					t.Errorf("node_id %v does not look like GitHub's", m["node_id"])
				}
				if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-07:00$`).MatchString(m["created_at"].(string)) {
					t.Errorf("created_at %v is not GitHub's ruleset timestamp", m["created_at"])
				}
			})},
		{"get the ruleset", call{method: "GET", path: rules + "/<id>?includes_parents=true", token: "demo-token"}, 200,
			all(field("enforcement", "active"), bodyContains(`"bypass_actors":[`), bodyContains(`"merge_method":"SQUASH"`))},
		{"a reader sees no bypass actors", call{method: "GET", path: rules + "/<id>", token: "member-token"}, 200,
			all(notContains(`"bypass_actors"`), field("current_user_can_bypass", "never"), bodyContains(`"rules":[`))},
		{"an outsider sees nothing", call{method: "GET", path: rules + "/<id>", token: "other-token"}, 404, nil},
		{"list the rulesets", call{method: "GET", path: rules, token: "demo-token"}, 200,
			all(count(1), bodyContains(`"name":"Main rules"`), notContains(`"rules"`), notContains(`"bypass_actors"`), notContains(`"conditions"`))},
		{"list tag rulesets", call{method: "GET", path: rules + "?targets=tag", token: "demo-token"}, 200, count(0)},
		{"the default branch is protected by the ruleset", call{method: "GET", path: repo + "/branches/main", token: "demo-token"}, 200,
			all(field("protected", true), bodyContains(`"protection":{"enabled":false`))},

		{"a taken name", call{method: "POST", path: rules, token: "demo-token", body: `{"name":"main RULES","enforcement":"disabled"}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"errors":["Name must be unique"]`))},
		{"a rule the target does not have", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"tags","target":"tag","enforcement":"active","rules":[{"type":"pull_request","parameters":{"dismiss_stale_reviews_on_push":true,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":1,"required_review_thread_resolution":true}}]}`}, 422,
			bodyContains(`"errors":["Invalid rule 'pull_request': "]`)},
		{"an unknown rule", call{method: "POST", path: rules, token: "demo-token", headers: skipReq,
			body: `{"name":"x","enforcement":"active","rules":[{"type":"deletion"},{"type":"required_conversation_resolution"}]}`}, 422,
			field("message", "Invalid request.\n\nInvalid property /rules/1: data matches no possible input.")},
		{"a rule without its parameters", call{method: "POST", path: rules, token: "demo-token", headers: skipReq,
			body: `{"name":"x","enforcement":"active","rules":[{"type":"pull_request","parameters":{"required_approving_review_count":1}}]}`}, 422,
			bodyContains(`Invalid property /rules/0`)},
		{"a parameter out of range", call{method: "POST", path: rules, token: "demo-token", headers: skipReq,
			body: `{"name":"x","enforcement":"active","rules":[{"type":"max_file_size","parameters":{"max_file_size":500}}],"target":"push"}`}, 422,
			bodyContains(`Invalid property /rules/0`)},
		{"a ref pattern without refs/heads/", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"x","enforcement":"active","conditions":{"ref_name":{"include":["main"],"exclude":[]}}}`}, 422,
			bodyContains(`"errors":["Invalid target patterns: 'main'"]`)},
		{"an unknown enforcement", call{method: "POST", path: rules, token: "demo-token", headers: skipReq, body: `{"name":"x","enforcement":"on"}`}, 422,
			bodyContains(`Invalid property /enforcement`)},
		{"no name", call{method: "POST", path: rules, token: "demo-token", headers: skipReq, body: `{"enforcement":"active"}`}, 422,
			bodyContains(`\"name\" wasn't supplied.`)},
		{"an unknown team", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"x","enforcement":"active","bypass_actors":[{"actor_id":1,"actor_type":"Team","bypass_mode":"always"}]}`}, 422,
			bodyContains(`"errors":["Invalid actor: Team 1"]`)},
		{"a bad regular expression", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"x","enforcement":"active","rules":[{"type":"commit_message_pattern","parameters":{"operator":"regex","pattern":"(("}}]}`}, 422,
			bodyContains(`Invalid rule 'commit_message_pattern'`)},
		{"create as a reader", call{method: "POST", path: rules, token: "member-token", body: `{"name":"x","enforcement":"active"}`}, 403, nil},
		{"create a tag ruleset", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"tags","target":"tag","enforcement":"evaluate","conditions":{"ref_name":{"include":["refs/tags/v*"]}},"rules":[{"type":"creation"},{"type":"update","parameters":{"update_allows_fetch_and_merge":true}},{"type":"tag_name_pattern","parameters":{"operator":"starts_with","pattern":"v"}}]}`}, 201,
			all(field("target", "tag"), bodyContains(`"ref_name":{"exclude":[],"include":["refs/tags/v*"]}`), bodyContains(`"update_allows_fetch_and_merge":true`))},
		{"create a push ruleset", call{method: "POST", path: rules, token: "demo-token",
			body: `{"name":"pushes","target":"push","enforcement":"active","rules":[{"type":"file_path_restriction","parameters":{"restricted_file_paths":["secrets/**"]}},{"type":"file_extension_restriction","parameters":{"restricted_file_extensions":["*.exe"]}},{"type":"max_file_path_length","parameters":{"max_file_path_length":255}},{"type":"max_file_size","parameters":{"max_file_size":10}}]}`}, 201,
			all(field("target", "push"), notContains(`"conditions"`))},
		{"list, one per page", call{method: "GET", path: rules + "?per_page=1&page=2", token: "demo-token"}, 200,
			all(count(1), bodyContains(`"name":"tags"`), header("Link", `rel="prev"`))},

		{"update one field", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"enforcement":"disabled"}`}, 200,
			all(field("enforcement", "disabled"), field("name", "Main rules"), bodyContains(`{"type":"deletion"}`), bodyContains(`"refs/heads/release/**"`))},
		{"a disabled ruleset protects nothing", call{method: "GET", path: repo + "/branches/main", token: "demo-token"}, 200, field("protected", false)},
		{"replace the rules", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"enforcement":"active","rules":[{"type":"creation"}],"bypass_actors":[]}`}, 200,
			all(bodyContains(`"rules":[{"type":"creation"}]`), bodyContains(`"bypass_actors":[]`), field("current_user_can_bypass", "never"))},
		{"rename onto a taken name", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"name":"Tags"}`}, 422, bodyContains(`Name must be unique`)},
		{"keep its own name", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"name":"Main rules"}`}, 200, nil},
		{"update an unknown ruleset", call{method: "PUT", path: rules + "/1", token: "demo-token", body: `{"enforcement":"active"}`}, 404, field("message", "Not Found")},
		{"get an unknown ruleset", call{method: "GET", path: rules + "/1", token: "demo-token"}, 404, field("message", "Not Found")},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: create", call{method: "POST", path: rules, token: "demo-token", body: `{"name":"y","enforcement":"active"}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: update", call{method: "PUT", path: rules + "/<id>", token: "demo-token", body: `{"enforcement":"active"}`}, 403, nil},
		{"archived: delete", call{method: "DELETE", path: rules + "/<id>", token: "demo-token"}, 403, nil},
		{"archived: rulesets still read", call{method: "GET", path: rules, token: "demo-token"}, 200, count(3)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"delete as a reader", call{method: "DELETE", path: rules + "/<id>", token: "member-token"}, 403, nil},
		{"delete the ruleset", call{method: "DELETE", path: rules + "/<id>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: rules + "/<id>", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: rules + "/<id>", token: "demo-token"}, 404, nil},

		{"a personal repository", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"ruled-solo","auto_init":true}`}, 201, nil},
		{"personal: no organization admins", call{method: "POST", path: "/repos/demo-user/ruled-solo/rulesets", token: "demo-token",
			body: `{"name":"x","enforcement":"active","bypass_actors":[{"actor_type":"OrganizationAdmin","bypass_mode":"always"}]}`}, 422,
			bodyContains(`not applicable for personal repositories`)},
		{"personal: a user may bypass", call{method: "POST", path: "/repos/demo-user/ruled-solo/rulesets", token: "demo-token",
			body: `{"name":"x","enforcement":"active","bypass_actors":[{"actor_id":180000002,"actor_type":"User","bypass_mode":"exempt"}],"conditions":{"ref_name":{"include":["~ALL"],"exclude":["refs/heads/tmp/*"]}}}`}, 201,
			field("current_user_can_bypass", "exempt")},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<id>", fmt.Sprint(id))
		return c
	})
}
