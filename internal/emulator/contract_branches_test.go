package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, branchesContract) }

// branchesContract drives branches and git references.
func branchesContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var sha string
	var repoID int64
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/branchy"
	steps := []step{
		{"create a repository with a branch", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"branchy","auto_init":true}`}, 201,
			func(t *testing.T, a answer) { repoID = int64(a.json(t)["id"].(float64)) }},
		{"list branches", call{method: "GET", path: repo + "/branches", token: "demo-token"}, 200, all(count(1), bodyContains(`"name":"main"`), bodyContains(`"protected":false`))},
		{"get a branch", call{method: "GET", path: repo + "/branches/main", token: "demo-token"}, 200,
			all(field("name", "main"), field("protected", false), bodyContains(`"protection":{"enabled":false,"required_status_checks":{"enforcement_level":"off","contexts":[],"checks":[]}}`),
				bodyContains(`/repos/demo-org/branchy/branches/main/protection"`), func(t *testing.T, a answer) {
					sha = a.json(t)["commit"].(map[string]any)["sha"].(string)
				})},
		{"get a branch anonymously", call{method: "GET", path: repo + "/branches/main"}, 200, field("name", "main")},
		{"get an unknown branch", call{method: "GET", path: repo + "/branches/nope", token: "demo-token"}, 404, field("message", "Branch not found")},
		{"get a ref", call{method: "GET", path: repo + "/git/ref/heads/main", token: "demo-token"}, 200,
			all(field("ref", "refs/heads/main"), later(func() check { return bodyContains(`"object":{"type":"commit","sha":"` + sha + `"`) }))},
		{"get an unknown ref", call{method: "GET", path: repo + "/git/ref/heads/nope", token: "demo-token"}, 404, field("message", "Not Found")},

		{"create a branch", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature/x","sha":"<sha>"}`}, 201,
			all(field("ref", "refs/heads/feature/x"), header("Location", `/repos/demo-org/branchy/git/refs/heads/feature/x$`), later(func() check { return bodyContains(`/git/commits/` + sha + `"`) }))},
		{"create an existing ref", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature/x","sha":"<sha>"}`}, 422,
			field("message", "Reference already exists")},
		{"create a branch under an existing one", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature/x/y","sha":"<sha>"}`}, 422,
			field("message", "Reference update failed")},
		{"create a branch above an existing one", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature","sha":"<sha>"}`}, 422,
			field("message", "Reference update failed")},
		{"create from an unknown commit", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/y","sha":"` + strings.Repeat("0", 40) + `"}`}, 422,
			field("message", "Object does not exist")},
		{"create an invalid ref", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/bad..name","sha":"<sha>"}`}, 422,
			field("message", "Reference name is invalid")},
		{"create an unqualified ref", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"heads/y","sha":"<sha>"}`}, 422,
			field("message", "Reference name is invalid")},
		{"create without a commit", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/y"}`, headers: skipReq}, 422,
			bodyContains(`\"sha\" wasn't supplied.`)},
		{"create as a reader", call{method: "POST", path: repo + "/git/refs", token: "member-token", body: `{"ref":"refs/heads/y","sha":"<sha>"}`}, 403, nil},
		{"get a branch with a slash, escaped", call{method: "GET", path: repo + "/branches/feature%2Fx", token: "demo-token"}, 200,
			all(field("name", "feature/x"), bodyContains(`/demo-org/branchy/tree/feature/x"`), bodyContains(`/repos/demo-org/branchy/branches/feature/x"`))},
		{"get a branch with a slash", call{method: "GET", path: repo + "/branches/feature/x", token: "demo-token"}, 200, field("name", "feature/x")},
		{"get a ref with slashes", call{method: "GET", path: repo + "/git/ref/heads/feature/x", token: "demo-token"}, 200, field("ref", "refs/heads/feature/x")},
		{"get a ref, escaped", call{method: "GET", path: repo + "/git/ref/heads%2Ffeature%2Fx", token: "demo-token"}, 200, field("ref", "refs/heads/feature/x")},
		{"get a branch by repository id", call{method: "GET", path: "/repositories/<repo>/branches/feature/x", token: "demo-token"}, 200, field("name", "feature/x")},
		{"move a ref", call{method: "PATCH", path: repo + "/git/refs/heads/feature/x", token: "demo-token", body: `{"sha":"<sha>","force":true}`}, 200, field("ref", "refs/heads/feature/x")},
		{"move an unknown ref", call{method: "PATCH", path: repo + "/git/refs/heads/nope", token: "demo-token", body: `{"sha":"<sha>"}`}, 422, field("message", "Reference does not exist")},
		{"move to an unknown commit", call{method: "PATCH", path: repo + "/git/refs/heads/feature/x", token: "demo-token", body: `{"sha":"` + strings.Repeat("1", 40) + `"}`}, 422,
			field("message", "Object does not exist")},

		{"rename a branch", call{method: "POST", path: repo + "/branches/feature/x/rename", token: "demo-token", body: `{"new_name":"feature/y"}`}, 201,
			all(field("name", "feature/y"), later(func() check { return bodyContains(`"sha":"` + sha + `"`) }))},
		{"old name redirects", call{method: "GET", path: repo + "/branches/feature/x", token: "demo-token"}, 301,
			all(field("message", "Moved Permanently"), header("Location", `/repositories/\d+/branches/feature%2Fy$`))},
		{"old name is free for a ref", call{method: "GET", path: repo + "/git/ref/heads/feature/x", token: "demo-token"}, 404, nil},
		{"rename onto an existing branch", call{method: "POST", path: repo + "/branches/feature/y/rename", token: "demo-token", body: `{"new_name":"main"}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"code":"already_exists"`))},
		{"rename to an invalid name", call{method: "POST", path: repo + "/branches/feature/y/rename", token: "demo-token", body: `{"new_name":"a b"}`}, 422, bodyContains(`"field":"new_name"`)},
		{"rename an unknown branch", call{method: "POST", path: repo + "/branches/nope/rename", token: "demo-token", body: `{"new_name":"x"}`}, 404, field("message", "Branch not found")},
		{"rename as a reader", call{method: "POST", path: repo + "/branches/feature/y/rename", token: "member-token", body: `{"new_name":"z"}`}, 403, nil},
		{"rename the default branch", call{method: "POST", path: repo + "/branches/main/rename", token: "demo-token", body: `{"new_name":"trunk"}`}, 201, field("name", "trunk")},
		{"the default branch moved", call{method: "GET", path: repo, token: "demo-token"}, 200, field("default_branch", "trunk")},
		{"list branches, one per page", call{method: "GET", path: repo + "/branches?per_page=1", token: "demo-token"}, 200,
			all(count(1), bodyContains(`"name":"feature/y"`), header("Link", `rel="next"`))},
		{"list unprotected branches", call{method: "GET", path: repo + "/branches?protected=false", token: "demo-token"}, 200, count(2)},
		{"list protected branches", call{method: "GET", path: repo + "/branches?protected=true", token: "demo-token"}, 200, count(0)},

		{"create a tag", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/tags/v1","sha":"<sha>"}`}, 201, field("ref", "refs/tags/v1")},
		{"get a tag", call{method: "GET", path: repo + "/git/ref/tags/v1", token: "demo-token"}, 200, field("ref", "refs/tags/v1")},
		{"delete a tag", call{method: "DELETE", path: repo + "/git/refs/tags/v1", token: "demo-token"}, 204, nil},
		{"delete the default branch", call{method: "DELETE", path: repo + "/git/refs/heads/trunk", token: "demo-token"}, 422, field("message", "Cannot delete the default branch")},
		{"delete a branch", call{method: "DELETE", path: repo + "/git/refs/heads/feature/y", token: "demo-token"}, 204, nil},
		{"delete it again", call{method: "DELETE", path: repo + "/git/refs/heads/feature/y", token: "demo-token"}, 422, field("message", "Reference does not exist")},
		{"create it again from the old commit", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature/y","sha":"<sha>"}`}, 201, nil},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: create a ref", call{method: "POST", path: repo + "/git/refs", token: "demo-token", body: `{"ref":"refs/heads/z","sha":"<sha>"}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: move a ref", call{method: "PATCH", path: repo + "/git/refs/heads/feature/y", token: "demo-token", body: `{"sha":"<sha>"}`}, 403, nil},
		{"archived: delete a ref", call{method: "DELETE", path: repo + "/git/refs/heads/feature/y", token: "demo-token"}, 403, nil},
		{"archived: rename a branch", call{method: "POST", path: repo + "/branches/feature/y/rename", token: "demo-token", body: `{"new_name":"z"}`}, 403, nil},
		{"archived: branches still read", call{method: "GET", path: repo + "/branches", token: "demo-token"}, 200, count(2)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},

		{"create an empty repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"hollow"}`}, 201, nil},
		{"empty: no branches", call{method: "GET", path: "/repos/demo-org/hollow/branches", token: "demo-token"}, 200, count(0)},
		{"empty: no default branch", call{method: "GET", path: "/repos/demo-org/hollow/branches/main", token: "demo-token"}, 404, field("message", "Branch not found")},
		{"empty: get a ref", call{method: "GET", path: "/repos/demo-org/hollow/git/ref/heads/main", token: "demo-token"}, 409, field("message", "Git Repository is empty.")},
		{"empty: create a ref", call{method: "POST", path: "/repos/demo-org/hollow/git/refs", token: "demo-token", body: `{"ref":"refs/heads/main","sha":"<sha>"}`}, 409,
			field("message", "Git Repository is empty.")},
		{"empty: delete a ref", call{method: "DELETE", path: "/repos/demo-org/hollow/git/refs/heads/main", token: "demo-token"}, 409, nil},

		{"rename the repository", call{method: "PATCH", path: repo, token: "demo-token", body: `{"name":"branchy2"}`}, 200, nil},
		{"old repository name redirects a branch", call{method: "GET", path: repo + "/branches/feature/y", token: "demo-token"}, 301,
			header("Location", `/repositories/\d+/branches/feature/y$`)},
	}
	runSteps(t, srv, steps, func(c call) call {
		r := strings.NewReplacer("<sha>", sha, "<repo>", fmt.Sprint(repoID))
		c.path, c.body = r.Replace(c.path), r.Replace(c.body)
		return c
	})
}
