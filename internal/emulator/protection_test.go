package emulator_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// protectionSeed has an organization with a member, a parent team with a
// push grant on demo-org/svc through which its child team's member can push,
// a team without a grant, and two apps installed on the organization: one
// that can push and one that only reads.
func protectionSeed(t *testing.T) *emulator.Seed {
	_, pub := appKey(t)
	s := branchSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: "reader-user"})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "reader-user", Role: emulator.RoleMember})
	s.Teams = []emulator.SeedTeam{
		{Org: "demo-org", Name: "Platform", Privacy: "closed"},
		{Org: "demo-org", Name: "SRE", Parent: "platform", Members: []emulator.SeedTeamMember{{Login: "member-user"}}},
		{Org: "demo-org", Name: "Idle"},
	}
	s.Apps = []emulator.SeedApp{
		{ID: 42, Slug: "pusher", PublicKeyPEM: pub, Installations: []emulator.SeedInstallation{{ID: 4201, Account: "demo-org", Permissions: map[string]string{"contents": "write"}}}},
		{ID: 43, Slug: "looker", PublicKeyPEM: pub, Installations: []emulator.SeedInstallation{{ID: 4301, Account: "demo-org", Permissions: map[string]string{"contents": "read"}}}},
	}
	return s
}

// protectionOf reads a branch's protection as a generic object.
func protectionOf(t *testing.T, a answer) map[string]any {
	t.Helper()
	if a.status != 200 {
		t.Fatalf("protection: %d %s", a.status, a.body)
	}
	return a.json(t)
}

// names lists a field of each object of a JSON array.
func names(list any, key string) string {
	var out []string
	for _, it := range list.([]any) {
		out = append(out, it.(map[string]any)[key].(string))
	}
	return strings.Join(out, ",")
}

// TestProtectionKeepsOnlyWhoCanPush: users, teams and apps named in push
// restrictions, dismissal restrictions or bypass allowances stay only when
// they can push to the repository (a team through its parent's grant); the
// others are dropped without an error, as GitHub does. Logins and slugs are
// matched case-insensitively.
func TestProtectionKeepsOnlyWhoCanPush(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: protectionSeed(t)})
	const prot = "/repos/demo-org/svc/branches/main/protection"
	runWith(t, srv, []exchange{
		{"grant the parent team push", call{method: "PUT", path: "/orgs/demo-org/teams/platform/repos/demo-org/svc", token: "demo-token", body: `{"permission":"push"}`}, 204, "", ""},
	})
	actors := `{"users":["MEMBER-USER","reader-user","demo-user"],"teams":["sre","idle","Platform"],"apps":["pusher","looker"]}`
	a := do(t, srv, call{method: "PUT", path: prot, token: "demo-token", body: `{"required_status_checks":null,"enforce_admins":false,
		"required_pull_request_reviews":{"dismissal_restrictions":` + actors + `,"bypass_pull_request_allowances":` + actors + `},"restrictions":` + actors + `}`})
	p := protectionOf(t, a)
	reviews := p["required_pull_request_reviews"].(map[string]any)
	for name, set := range map[string]map[string]any{
		"restrictions":           p["restrictions"].(map[string]any),
		"dismissal_restrictions": reviews["dismissal_restrictions"].(map[string]any),
		"bypass_allowances":      reviews["bypass_pull_request_allowances"].(map[string]any),
	} {
		if got, want := names(set["users"], "login"), "demo-user,member-user"; got != want {
			t.Errorf("%s users = %s, want %s", name, got, want)
		}
		if got, want := names(set["teams"], "slug"), "platform,sre"; got != want {
			t.Errorf("%s teams = %s, want %s", name, got, want)
		}
		if got, want := names(set["apps"], "slug"), "pusher"; got != want {
			t.Errorf("%s apps = %s, want %s", name, got, want)
		}
	}
	runWith(t, srv, []exchange{
		{"rename a team", call{method: "PATCH", path: "/orgs/demo-org/teams/sre", token: "demo-token", body: `{"name":"Site Reliability"}`}, 200, "", ""},
		{"the protection follows the team", call{method: "GET", path: prot, token: "demo-token"}, 200, `"slug":"site-reliability"`, `"slug":"sre"`},
		{"nobody left to push", call{method: "PUT", path: prot, token: "demo-token",
			body: `{"required_status_checks":null,"enforce_admins":false,"required_pull_request_reviews":null,"restrictions":{"users":["reader-user"],"teams":["idle"]}}`}, 200,
			`"users":[],"teams":[],"apps":[]`, ""},
	})
}

// TestReviewCount: one approving review when the count is left out, zero
// allowed, at most six.
func TestReviewCount(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	const prot = "/repos/demo-org/svc/branches/main/protection"
	body := func(reviews string) string {
		return `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":` + reviews + `,"restrictions":null}`
	}
	runWith(t, srv, []exchange{
		{"left out", call{method: "PUT", path: prot, token: "demo-token", body: body(`{"dismiss_stale_reviews":true}`)}, 200, `"required_approving_review_count":1`, ""},
		{"zero", call{method: "PUT", path: prot, token: "demo-token", body: body(`{"required_approving_review_count":0}`)}, 200, `"required_approving_review_count":0`, ""},
		{"six", call{method: "PUT", path: prot, token: "demo-token", body: body(`{"required_approving_review_count":6}`)}, 200, `"required_approving_review_count":6`, ""},
		{"negative", call{method: "PUT", path: prot, token: "demo-token", body: body(`{"required_approving_review_count":-1}`)}, 422, "must be between 0 and 6", ""},
		{"unchanged by the refusal", call{method: "GET", path: prot, token: "demo-token"}, 200, `"required_approving_review_count":6`, ""},
		{"reviews off", call{method: "PUT", path: prot, token: "demo-token", body: body(`null`)}, 200, "", `"required_pull_request_reviews"`},
	})
}

// TestStatusChecksBothWays: contexts become checks any app may set; checks
// win over contexts; duplicates go; GitHub shows both lists.
func TestStatusChecksBothWays(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	const prot = "/repos/demo-org/svc/branches/main/protection"
	put := func(checks string) call {
		return call{method: "PUT", path: prot, token: "demo-token", body: `{"required_status_checks":` + checks + `,"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":null}`}
	}
	runWith(t, srv, []exchange{
		{"contexts", put(`{"strict":true,"contexts":["b","a","b"]}`), 200, `"contexts":["b","a"],"contexts_url":"`, ""},
		{"as checks", call{method: "GET", path: prot, token: "demo-token"}, 200, `"checks":[{"context":"b","app_id":null},{"context":"a","app_id":null}]`, ""},
		{"checks win", put(`{"strict":false,"contexts":["ignored"],"checks":[{"context":"ci","app_id":7},{"context":"ci"}]}`), 200,
			`"contexts":["ci"],"contexts_url":"`, "ignored"},
		{"one context, two apps", call{method: "GET", path: prot, token: "demo-token"}, 200, `"checks":[{"context":"ci","app_id":7},{"context":"ci","app_id":null}]`, ""},
		{"none required", put(`{"strict":true,"contexts":[]}`), 200, `"contexts":[],"contexts_url":"`, ""},
	})
}

// TestProtectionIsKeptByBranchName: like GitHub's protection rule, a
// branch's protection follows a rename of the branch and of the repository,
// outlives the branch when deletions are allowed and protects a branch
// created again under the name; it goes with the repository.
func TestProtectionIsKeptByBranchName(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: branchSeed()})
	sha := headOf(t, srv, "svc", "zeta")
	const minimal = `{"required_status_checks":null,"enforce_admins":null,"required_pull_request_reviews":null,"restrictions":null,"allow_deletions":true}`
	runWith(t, srv, []exchange{
		{"protect zeta", call{method: "PUT", path: "/repos/demo-org/svc/branches/zeta/protection", token: "demo-token", body: minimal}, 200, `"allow_deletions":{"enabled":true}`, ""},
		{"rename the repository", call{method: "PATCH", path: "/repos/demo-org/svc", token: "demo-token", body: `{"name":"svc2"}`}, 200, "", ""},
		{"protection kept", call{method: "GET", path: "/repos/demo-org/svc2/branches/zeta/protection", token: "demo-token"}, 200, "/repos/demo-org/svc2/branches/zeta/protection", ""},
		{"deletions allowed", call{method: "DELETE", path: "/repos/demo-org/svc2/git/refs/heads/zeta", token: "demo-token"}, 204, "", ""},
		{"no branch, no protection", call{method: "GET", path: "/repos/demo-org/svc2/branches/zeta/protection", token: "demo-token"}, 404, "Branch not found", ""},
		{"create it again", call{method: "POST", path: "/repos/demo-org/svc2/git/refs", token: "demo-token", body: `{"ref":"refs/heads/zeta","sha":"` + sha + `"}`}, 201, "", ""},
		{"protected again", call{method: "GET", path: "/repos/demo-org/svc2/branches/zeta", token: "demo-token"}, 200, `"protected":true`, ""},
		{"delete the repository", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, "", ""},
		{"create it again", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2","auto_init":true}`}, 201, "", ""},
		{"push zeta", call{method: "POST", path: "/_emulator/repos/demo-org/svc2/branches", body: `{"name":"zeta"}`}, 204, "", ""},
		{"a new repository starts unprotected", call{method: "GET", path: "/repos/demo-org/svc2/branches/zeta/protection", token: "demo-token"}, 404, "Branch not protected", ""},
	})
}

// TestProtectionRestrictionsAreForOrganizations: a personal repository
// takes every part of protection but push and dismissal restrictions; a user
// may bypass its pull request rules.
func TestProtectionRestrictionsAreForOrganizations(t *testing.T) {
	s := branchSeed()
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: "demo-user", Name: "mine", Branches: []string{"main"}})
	srv, _ := newServer(t, emulator.Options{Seed: s})
	a := do(t, srv, call{method: "PUT", path: "/repos/demo-user/mine/branches/main/protection", token: "demo-token",
		body: `{"required_status_checks":{"strict":true,"contexts":["ci"]},"enforce_admins":true,"required_pull_request_reviews":{"bypass_pull_request_allowances":{"users":["demo-user"]}},"restrictions":null,"lock_branch":true,"allow_fork_syncing":true}`})
	p := protectionOf(t, a)
	bypass := p["required_pull_request_reviews"].(map[string]any)["bypass_pull_request_allowances"].(map[string]any)
	if got := names(bypass["users"], "login"); got != "demo-user" {
		t.Errorf("bypass users = %s, want demo-user", got)
	}
	for _, k := range []string{"lock_branch", "allow_fork_syncing"} {
		if on, _ := p[k].(map[string]any)["enabled"].(bool); !on {
			t.Errorf("%s = %v, want enabled", k, on)
		}
	}
	if _, ok := p["restrictions"]; ok {
		t.Errorf("restrictions shown on a personal repository: %s", mustJSON(p))
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
