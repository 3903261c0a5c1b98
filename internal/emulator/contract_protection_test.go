package emulator_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, protectionContract) }

// fullProtection is a PUT .../protection body with every part on. other-user
// (no access) and the watchers team (no grant) are dropped from the
// restrictions by GitHub's rule that only those who can push are kept.
const fullProtection = `{
	"required_status_checks": {"strict": true, "contexts": ["ci/build", "ci/build"]},
	"enforce_admins": true,
	"required_pull_request_reviews": {
		"dismissal_restrictions": {"users": ["member-user"], "teams": ["guardians"]},
		"dismiss_stale_reviews": true, "require_code_owner_reviews": true,
		"required_approving_review_count": 2, "require_last_push_approval": true,
		"bypass_pull_request_allowances": {"users": ["demo-user"], "apps": ["demo-app"]}
	},
	"restrictions": {"users": ["Member-User", "other-user"], "teams": ["guardians", "watchers"], "apps": ["demo-app"]},
	"required_linear_history": true, "allow_force_pushes": false, "allow_deletions": false,
	"block_creations": true, "required_conversation_resolution": true, "lock_branch": false, "allow_fork_syncing": false
}`

// minimalProtection turns protection on with nothing in it.
const minimalProtection = `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":null}`

// protectionContract drives branch protection and required signatures.
func protectionContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var sha string
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/guarded"
	const prot = repo + "/branches/release/protection"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"guarded","auto_init":true}`}, 201, nil},
		{"its head", call{method: "GET", path: repo + "/git/ref/heads/main", token: "demo-token"}, 200,
			func(t *testing.T, a answer) { sha = a.json(t)["object"].(map[string]any)["sha"].(string) }},
		{"create a branch", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/release","sha":"<sha>"}`}, 201, nil},
		{"create a branch with a slash", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature/p","sha":"<sha>"}`}, 201, nil},
		{"create a team", call{method: "POST", path: "/orgs/demo-org/teams", token: "demo-token", body: `{"name":"Guardians"}`}, 201, nil},
		{"create a team without access", call{method: "POST", path: "/orgs/demo-org/teams", token: "demo-token", body: `{"name":"Watchers"}`}, 201, nil},
		{"let the team push", call{method: "PUT", path: "/orgs/demo-org/teams/guardians/repos/demo-org/guarded", token: "demo-token", body: `{"permission":"push"}`}, 204, nil},
		{"let a member push", call{method: "PUT", path: repo + "/collaborators/member-user", token: "demo-token", body: `{"permission":"push"}`}, 204, nil},

		{"not protected yet", call{method: "GET", path: prot, token: "demo-token"}, 404, field("message", "Branch not protected")},
		{"unknown branch", call{method: "GET", path: repo + "/branches/nope/protection", token: "demo-token"}, 404, field("message", "Branch not found")},
		{"protect a branch", call{method: "PUT", path: prot, token: "demo-token", body: fullProtection}, 200, all(
			bodyContains(`"required_status_checks":{"url":"`), bodyContains(`"strict":true,"contexts":["ci/build"],"contexts_url":"`),
			bodyContains(`"checks":[{"context":"ci/build","app_id":null}]`),
			bodyContains(`"required_approving_review_count":2,"require_last_push_approval":true`),
			bodyContains(`/branches/release/protection/dismissal_restrictions"`),
			bodyContains(`"enforce_admins":{"url":"`), bodyContains(`/protection/enforce_admins","enabled":true}`),
			bodyContains(`"required_linear_history":{"enabled":true}`), bodyContains(`"block_creations":{"enabled":true}`),
			bodyContains(`"lock_branch":{"enabled":false}`), bodyContains(`"allow_deletions":{"enabled":false}`),
			bodyContains(`"restrictions":{"url":"`), bodyContains(`"slug":"guardians"`), bodyContains(`"slug":"demo-app"`),
			notContains(`"login":"other-user"`), notContains(`"slug":"watchers"`))},
		{"get the protection", call{method: "GET", path: prot, token: "demo-token"}, 200, all(
			bodyContains(`"bypass_pull_request_allowances":{"users":[{"login":"demo-user"`), bodyContains(`"required_signatures":{"url":"`),
			func(t *testing.T, a answer) {
				users := a.json(t)["restrictions"].(map[string]any)["users"].([]any)
				if len(users) != 1 || users[0].(map[string]any)["login"] != "member-user" {
					t.Errorf("restricted users = %v, want member-user only", users)
				}
			})},
		{"the branch is protected", call{method: "GET", path: repo + "/branches/release", token: "demo-token"}, 200, all(field("protected", true),
			bodyContains(`"protection":{"enabled":true,"required_status_checks":{"enforcement_level":"everyone","contexts":["ci/build"],"checks":[{"context":"ci/build","app_id":null}]}}`))},
		{"list protected branches", call{method: "GET", path: repo + "/branches?protected=true", token: "demo-token"}, 200, all(count(1), bodyContains(`"name":"release"`))},
		{"read the protection as a writer", call{method: "GET", path: prot, token: "member-token"}, 403, field("message", "Must have admin rights to Repository.")},
		{"protect as a writer", call{method: "PUT", path: prot, token: "member-token", body: minimalProtection}, 403, nil},

		{"replace: checks with an app, reviews by default", call{method: "PUT", path: prot, token: "demo-token",
			body: `{"required_status_checks":{"strict":false,"contexts":[],"checks":[{"context":"lint","app_id":42},{"context":"test","app_id":-1}]},"enforce_admins":false,"required_pull_request_reviews":{},"restrictions":null}`}, 200,
			all(bodyContains(`"contexts":["lint","test"]`), bodyContains(`"checks":[{"context":"lint","app_id":42},{"context":"test","app_id":null}]`),
				bodyContains(`"required_approving_review_count":1`), bodyContains(`"dismiss_stale_reviews":false`), notContains(`"restrictions"`), notContains(`"dismissal_restrictions"`),
				notContains(`"bypass_pull_request_allowances"`), bodyContains(`"required_linear_history":{"enabled":false}`))},
		{"status checks off", call{method: "GET", path: repo + "/branches/release", token: "demo-token"}, 200,
			bodyContains(`"enforcement_level":"non_admins"`)},
		{"replace with nothing", call{method: "PUT", path: prot, token: "demo-token", body: minimalProtection}, 200,
			all(notContains(`"required_status_checks"`), notContains(`"required_pull_request_reviews"`), bodyContains(`"enforce_admins":{"url":"`))},
		{"fields missing", call{method: "PUT", path: prot, token: "demo-token", body: `{"enforce_admins":true}`, headers: skipReq}, 422,
			field("message", "Invalid request.\n\n\"required_status_checks\", \"required_pull_request_reviews\", \"restrictions\" weren't supplied.")},
		{"status checks without strict", call{method: "PUT", path: prot, token: "demo-token", headers: skipReq,
			body: `{"required_status_checks":{"contexts":["x"]},"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":null}`}, 422, bodyContains(`\"strict\" wasn't supplied.`)},
		{"a wrong type", call{method: "PUT", path: prot, token: "demo-token", headers: skipReq,
			body: `{"required_status_checks":null,"enforce_admins":"yes","required_pull_request_reviews":null,"restrictions":null}`}, 422, bodyContains(`For 'properties/enforce_admins'`)},
		{"too many reviews", call{method: "PUT", path: prot, token: "demo-token",
			body: `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":{"required_approving_review_count":7},"restrictions":null}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`must be between 0 and 6`))},
		{"unknown actors", call{method: "PUT", path: prot, token: "demo-token",
			body: `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":{"users":["ghost"],"teams":["nope"],"apps":["nope"]}}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"Could not resolve to a User with the login of 'ghost'."`), bodyContains(`Team with the slug of 'nope'`), bodyContains(`App with the slug of 'nope'`))},
		{"restrictions without teams", call{method: "PUT", path: prot, token: "demo-token", headers: skipReq,
			body: `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":{"users":[]}}`}, 422, bodyContains(`\"teams\" wasn't supplied.`)},

		{"signatures off", call{method: "GET", path: prot + "/required_signatures", token: "demo-token"}, 200, all(field("enabled", false), bodyContains(`/protection/required_signatures"`))},
		{"require signatures", call{method: "POST", path: prot + "/required_signatures", token: "demo-token"}, 200, field("enabled", true)},
		{"signatures on", call{method: "GET", path: prot + "/required_signatures", token: "demo-token"}, 200, field("enabled", true)},
		{"a new protection keeps signatures", call{method: "PUT", path: prot, token: "demo-token", body: minimalProtection}, 200,
			bodyContains(`/protection/required_signatures","enabled":true}`)},
		{"stop requiring signatures", call{method: "DELETE", path: prot + "/required_signatures", token: "demo-token"}, 204, nil},
		{"signatures off again", call{method: "GET", path: prot + "/required_signatures", token: "demo-token"}, 200, field("enabled", false)},
		{"signatures of an unprotected branch", call{method: "POST", path: repo + "/branches/main/protection/required_signatures", token: "demo-token"}, 404,
			field("message", "Branch not protected")},
		{"signatures of an unknown branch", call{method: "GET", path: repo + "/branches/nope/protection/required_signatures", token: "demo-token"}, 404,
			field("message", "Branch not found")},

		{"a protected branch cannot be deleted", call{method: "DELETE", path: repo + "/git/refs/heads/release", token: "demo-token"}, 422,
			field("message", "Cannot delete this protected branch")},
		{"rename the protected branch", call{method: "POST", path: repo + "/branches/release/rename", token: "demo-token", body: `{"new_name":"release-2"}`}, 201,
			all(field("name", "release-2"), field("protected", true))},
		{"protection followed the rename", call{method: "GET", path: repo + "/branches/release-2/protection", token: "demo-token"}, 200, bodyContains(`/branches/release-2/protection"`)},
		{"old name has no branch", call{method: "GET", path: prot, token: "demo-token"}, 404, field("message", "Branch not found")},
		{"protect a branch with a slash", call{method: "PUT", path: repo + "/branches/feature%2Fp/protection", token: "demo-token", body: minimalProtection}, 200,
			bodyContains(`/branches/feature/p/protection"`)},
		{"get it with the slash unescaped", call{method: "GET", path: repo + "/branches/feature/p/protection", token: "demo-token"}, 200, nil},
		{"signatures with the slash unescaped", call{method: "GET", path: repo + "/branches/feature/p/protection/required_signatures", token: "demo-token"}, 200, nil},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: protect", call{method: "PUT", path: repo + "/branches/release-2/protection", token: "demo-token", body: minimalProtection}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: unprotect", call{method: "DELETE", path: repo + "/branches/release-2/protection", token: "demo-token"}, 403, nil},
		{"archived: require signatures", call{method: "POST", path: repo + "/branches/release-2/protection/required_signatures", token: "demo-token"}, 403, nil},
		{"archived: protection still reads", call{method: "GET", path: repo + "/branches/release-2/protection", token: "demo-token"}, 200, nil},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"unprotect", call{method: "DELETE", path: repo + "/branches/release-2/protection", token: "demo-token"}, 204, nil},
		{"unprotect again", call{method: "DELETE", path: repo + "/branches/release-2/protection", token: "demo-token"}, 404, field("message", "Branch not protected")},
		{"an unprotected branch can be deleted", call{method: "DELETE", path: repo + "/git/refs/heads/release-2", token: "demo-token"}, 204, nil},

		{"a personal repository", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"solo","auto_init":true}`}, 201, nil},
		{"personal: no push restrictions", call{method: "PUT", path: "/repos/demo-user/solo/branches/main/protection", token: "demo-token",
			body: `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":{"users":[],"teams":[]}}`}, 422,
			field("message", "Only organization repositories can have users and team restrictions")},
		{"personal: no dismissal restrictions", call{method: "PUT", path: "/repos/demo-user/solo/branches/main/protection", token: "demo-token",
			body: `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":{"dismissal_restrictions":{"users":["demo-user"]}},"restrictions":null}`}, 422,
			bodyContains(`only for repositories owned by an organization`)},
		{"personal: reviews", call{method: "PUT", path: "/repos/demo-user/solo/branches/main/protection", token: "demo-token",
			body: `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":{"dismissal_restrictions":{},"required_approving_review_count":0},"restrictions":null}`}, 200,
			all(bodyContains(`"required_approving_review_count":0`), notContains(`"dismissal_restrictions"`))},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path, c.body = strings.ReplaceAll(c.path, "<sha>", sha), strings.ReplaceAll(c.body, "<sha>", sha)
		return c
	})
}
