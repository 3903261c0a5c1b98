package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// createRuleset posts a ruleset to demo-org/svc and returns its id.
func createRuleset(t *testing.T, srv *httptest.Server, body string) int64 {
	t.Helper()
	a := do(t, srv, call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: body})
	if a.status != 201 {
		t.Fatalf("creating ruleset: %d %s", a.status, a.body)
	}
	return int64(a.json(t)["id"].(float64))
}

// TestRulesetDefaults: GitHub fills in some parameters the request leaves
// out (all merge methods for pull requests, do_not_enforce_on_create for
// status checks, update_allows_fetch_and_merge for update) and keeps those
// it is sent; the other rules come back as sent.
func TestRulesetDefaults(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	const pr = `"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":0,"required_review_thread_resolution":false`
	runWith(t, srv, []exchange{
		{"defaults filled in", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"a","enforcement":"active","rules":[
			{"type":"update"},
			{"type":"pull_request","parameters":{` + pr + `}},
			{"type":"required_status_checks","parameters":{"strict_required_status_checks_policy":false,"required_status_checks":[]}}]}`}, 201,
			`"rules":[{"type":"update","parameters":{"update_allows_fetch_and_merge":false}},{"type":"pull_request","parameters":{"allowed_merge_methods":["merge","squash","rebase"],`, ""},
		{"sent values kept", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"b","enforcement":"active","rules":[
			{"type":"pull_request","parameters":{"allowed_merge_methods":["squash"],` + pr + `}},
			{"type":"required_status_checks","parameters":{"do_not_enforce_on_create":true,"strict_required_status_checks_policy":true,"required_status_checks":[{"context":"ci"}]}}]}`}, 201,
			`"allowed_merge_methods":["squash"]`, `"merge","squash"`},
		{"no merge method at all", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"c","enforcement":"active","rules":[
			{"type":"pull_request","parameters":{"allowed_merge_methods":[],` + pr + `}}]}`, headers: map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}}, 422,
			"Invalid property /rules/0", ""},
		{"pattern rules as sent", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"d","enforcement":"active","rules":[
			{"type":"committer_email_pattern","parameters":{"operator":"ends_with","pattern":"@example.com"}}]}`}, 201,
			`"parameters":{"operator":"ends_with","pattern":"@example.com"}`, `"negate"`},
		{"target defaults to branch", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"e","enforcement":"evaluate"}`}, 201,
			`"target":"branch"`, `"conditions"`},
	})
	list := do(t, srv, call{method: "GET", path: "/repos/demo-org/svc/rulesets", token: "demo-token"})
	count(4)(t, list)
	var items []struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(list.body, &items); err != nil || len(items) == 0 {
		t.Fatalf("list: %v: %s", err, list.body)
	}
	first := do(t, srv, call{method: "GET", path: fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", items[0].ID), token: "demo-token"})
	bodyContains(`{"type":"required_status_checks","parameters":{"do_not_enforce_on_create":false,`)(t, first)
}

// TestRulesetIDsAndNames: ids grow and are never reused; a name is unique
// within its repository, case-insensitively, and free in another one.
func TestRulesetIDsAndNames(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	a := createRuleset(t, srv, `{"name":"Protect","enforcement":"active"}`)
	b := createRuleset(t, srv, `{"name":"Other","enforcement":"active"}`)
	if b <= a {
		t.Errorf("second id %d not above first %d", b, a)
	}
	runWith(t, srv, []exchange{
		{"delete the second", call{method: "DELETE", path: fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", b), token: "demo-token"}, 204, "", ""},
		{"the name is free again", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"other","enforcement":"active"}`}, 201,
			fmt.Sprintf(`"id":%d`, b+1), ""},
		{"the same name, another case", call{method: "POST", path: "/repos/demo-org/svc/rulesets", token: "demo-token", body: `{"name":"PROTECT","enforcement":"active"}`}, 422,
			"Name must be unique", ""},
		{"the same name in another repository", call{method: "POST", path: "/repos/demo-org/other/rulesets", token: "demo-token", body: `{"name":"Protect","enforcement":"active"}`}, 201,
			`"source":"demo-org/other"`, ""},
		{"not under another repository", call{method: "GET", path: fmt.Sprintf("/repos/demo-org/other/rulesets/%d", a), token: "demo-token"}, 404, "", ""},
	})
}

// TestRulesetRefsFollowBranches: a ruleset naming a branch exactly follows
// its rename, as branch protection does; patterns and ~DEFAULT_BRANCH are
// matched against the branches as they are, which makes them protected.
func TestRulesetRefsFollowBranches(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	id := createRuleset(t, srv, `{"name":"r","enforcement":"active","conditions":{"ref_name":{
		"include":["~DEFAULT_BRANCH","refs/heads/alpha","refs/heads/feature/*"],"exclude":["refs/heads/feature/b"]}},"rules":[{"type":"deletion"}]}`)
	rs := fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", id)
	protected := func(branch string, want bool) exchange {
		return exchange{branch + " protected: " + fmt.Sprint(want), call{method: "GET", path: "/repos/demo-org/svc/branches/" + branch, token: "demo-token"}, 200,
			fmt.Sprintf(`"protected":%t`, want), ""}
	}
	runWith(t, srv, []exchange{
		protected("main", true), protected("alpha", true), protected("feature/a", true), protected("feature/b", false), protected("zeta", false),
		{"list protected", call{method: "GET", path: "/repos/demo-org/svc/branches?protected=true", token: "demo-token"}, 200, `"name":"alpha"`, `"name":"zeta"`},
		{"rename alpha", call{method: "POST", path: "/repos/demo-org/svc/branches/alpha/rename", token: "demo-token", body: `{"new_name":"omega"}`}, 201, `"protected":true`, ""},
		{"the ruleset followed", call{method: "GET", path: rs, token: "demo-token"}, 200, `"refs/heads/omega"`, `"refs/heads/alpha"`},
		{"rename a branch a pattern covers", call{method: "POST", path: "/repos/demo-org/svc/branches/feature/a/rename", token: "demo-token", body: `{"new_name":"feature/a/deep"}`}, 201,
			`"protected":false`, ""},
		{"the pattern stays", call{method: "GET", path: rs, token: "demo-token"}, 200, `"refs/heads/feature/*"`, ""},
		{"rename the default branch", call{method: "POST", path: "/repos/demo-org/svc/branches/main/rename", token: "demo-token", body: `{"new_name":"trunk"}`}, 201, `"protected":true`, ""},
		{"include everything", call{method: "PUT", path: rs, token: "demo-token", body: `{"conditions":{"ref_name":{"include":["~ALL"],"exclude":["refs/heads/feature/**"]}}}`}, 200, "", ""},
		protected("zeta", true), protected("feature/a/deep", false),
		{"rules kept by the update", call{method: "GET", path: rs, token: "demo-token"}, 200, `"rules":[{"type":"deletion"}]`, ""},
		{"a tag ruleset protects no branch", call{method: "PUT", path: rs, token: "demo-token", body: `{"target":"tag","conditions":{"ref_name":{"include":["~ALL"],"exclude":[]}}}`}, 200, "", ""},
		protected("zeta", false),
	})
}

// TestRulesetBypass: current_user_can_bypass names how the caller may
// bypass: through a repository role, a team (or a team below it), an app's
// installation or as a user, in pull requests only or always.
func TestRulesetBypass(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: protectionSeed(t)})
	inst, err := emu.State().IssueInstallationToken(4201, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	id := createRuleset(t, srv, `{"name":"r","enforcement":"active","bypass_actors":[
		{"actor_id":9000001,"actor_type":"Team","bypass_mode":"pull_request"},
		{"actor_id":42,"actor_type":"Integration","bypass_mode":"always"},
		{"actor_id":4,"actor_type":"RepositoryRole","bypass_mode":"exempt"}]}`)
	rs := fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", id)
	runWith(t, srv, []exchange{
		{"child team member", call{method: "GET", path: rs, token: "member-token"}, 200, `"current_user_can_bypass":"pull_requests_only"`, `"bypass_actors"`},
		{"the app", call{method: "GET", path: rs, token: inst}, 200, `"current_user_can_bypass":"always"`, ""},
		{"an admin through the write role", call{method: "GET", path: rs, token: "demo-token"}, 200, `"current_user_can_bypass":"exempt"`, ""},
		{"an anonymous reader", call{method: "GET", path: rs}, 200, `"current_user_can_bypass":"never"`, `"bypass_actors"`},
		{"an unknown role", call{method: "PUT", path: rs, token: "demo-token", body: `{"bypass_actors":[{"actor_id":3,"actor_type":"RepositoryRole"}]}`}, 422, "Invalid actor: RepositoryRole 3", ""},
		{"an unknown user", call{method: "PUT", path: rs, token: "demo-token", body: `{"bypass_actors":[{"actor_id":7,"actor_type":"User"}]}`}, 422, "Invalid actor: User 7", ""},
		{"an unknown app", call{method: "PUT", path: rs, token: "demo-token", body: `{"bypass_actors":[{"actor_id":7,"actor_type":"Integration"}]}`}, 422, "Invalid actor: Integration 7", ""},
		{"no id", call{method: "PUT", path: rs, token: "demo-token", body: `{"bypass_actors":[{"actor_type":"Team"}]}`}, 422, "actor_id is required for Team", ""},
		{"pull requests only, on tags", call{method: "PUT", path: rs, token: "demo-token", body: `{"target":"tag"}`}, 422, "Invalid bypass mode 'pull_request'", ""},
		{"deploy keys", call{method: "PUT", path: rs, token: "demo-token", body: `{"bypass_actors":[{"actor_id":12,"actor_type":"DeployKey"}]}`}, 200,
			`"bypass_actors":[{"actor_id":null,"actor_type":"DeployKey","bypass_mode":"always"}]`, ""},
	})
}

// TestRulesetsFollowTheRepository: rulesets live with the repository: a
// rename keeps them (source follows), a delete drops them.
func TestRulesetsFollowTheRepository(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	id := createRuleset(t, srv, `{"name":"r","enforcement":"active"}`)
	runWith(t, srv, []exchange{
		{"rename", call{method: "PATCH", path: "/repos/demo-org/svc", token: "demo-token", body: `{"name":"svc2"}`}, 200, "", ""},
		{"kept", call{method: "GET", path: fmt.Sprintf("/repos/demo-org/svc2/rulesets/%d", id), token: "demo-token"}, 200, `"source":"demo-org/svc2"`, ""},
		{"delete", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"create again", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2"}`}, 201, "", ""},
		{"none", call{method: "GET", path: "/repos/demo-org/svc2/rulesets", token: "demo-token"}, 200, "[]", ""},
	})
}

// TestRulesetEffectOnPushes: a repository's active ruleset refuses the
// pushes its rules forbid (git refs: 422, contents: 409) to whoever cannot
// bypass it, lets an exempt actor through, and refuses nothing once
// disabled.
func TestRulesetEffectOnPushes(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	id := createRuleset(t, srv, `{"name":"main","enforcement":"active","conditions":{"ref_name":{"include":["~DEFAULT_BRANCH","refs/heads/feature/*"],"exclude":[]}},
		"rules":[{"type":"deletion"},{"type":"non_fast_forward"},{"type":"creation"}]}`)
	head := headOf(t, srv, "svc", "main")
	runWith(t, srv, []exchange{
		{"a fast-forward is not forbidden", call{method: "PATCH", path: "/repos/demo-org/svc/git/refs/heads/main", token: "demo-token", body: `{"sha":"` + head + `"}`}, 200, "", ""},
		{"a force-push is", call{method: "PATCH", path: "/repos/demo-org/svc/git/refs/heads/main", token: "demo-token", body: `{"sha":"` + head + `","force":true}`}, 422,
			`Repository rule violations found\n\nCannot force-push to this branch\n\n`, ""},
		{"deleting a covered branch is", call{method: "DELETE", path: "/repos/demo-org/svc/git/refs/heads/feature/a", token: "demo-token"}, 422,
			"Cannot delete this protected ref.", ""},
		{"creating a covered branch is", call{method: "POST", path: "/repos/demo-org/svc/git/refs", token: "demo-token", body: `{"ref":"refs/heads/feature/c","sha":"` + head + `"}`}, 422,
			"Cannot create ref due to creations being restricted.", ""},
		{"a branch it does not cover is free", call{method: "POST", path: "/repos/demo-org/svc/git/refs", token: "demo-token", body: `{"ref":"refs/heads/other","sha":"` + head + `"}`}, 201, "", ""},
		{"an exempt actor goes through", call{method: "PUT", path: fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", id), token: "demo-token",
			body: `{"bypass_actors":[{"actor_id":5,"actor_type":"RepositoryRole","bypass_mode":"exempt"}]}`}, 200, "", ""},
		{"so the admin may delete", call{method: "DELETE", path: "/repos/demo-org/svc/git/refs/heads/feature/a", token: "demo-token"}, 204, "", ""},
		{"a pull-request bypass is not one", call{method: "PUT", path: fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", id), token: "demo-token",
			body: `{"bypass_actors":[{"actor_id":5,"actor_type":"RepositoryRole","bypass_mode":"pull_request"}],"rules":[{"type":"pull_request","parameters":{"dismiss_stale_reviews_on_push":false,"require_code_owner_review":false,"require_last_push_approval":false,"required_approving_review_count":0,"required_review_thread_resolution":false}}]}`}, 200, "", ""},
		{"a file written to main", call{method: "PUT", path: "/repos/demo-org/svc/contents/notes.md", token: "demo-token", body: `{"message":"m","content":"aGk="}`}, 409,
			"Changes must be made through a pull request.", ""},
		{"disabled, it forbids nothing", call{method: "PUT", path: fmt.Sprintf("/repos/demo-org/svc/rulesets/%d", id), token: "demo-token", body: `{"enforcement":"disabled"}`}, 200, "", ""},
		{"the file is written", call{method: "PUT", path: "/repos/demo-org/svc/contents/notes.md", token: "demo-token", body: `{"message":"m","content":"aGk="}`}, 201, "", ""},
	})
}
