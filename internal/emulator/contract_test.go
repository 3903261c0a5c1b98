package emulator_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v4"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// contractSeed extends the default seed with an org member, a GitHub App
// installed on the org (and deploy-gate, which decides deployments), a template repository and a private repository.
func contractSeed(publicKeyPEM string) *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	s.Apps = []emulator.SeedApp{{ID: 42, Slug: "demo-app", PublicKeyPEM: publicKeyPEM, Installations: []emulator.SeedInstallation{
		{ID: 4242, Account: "demo-org", Permissions: map[string]string{"administration": "write", "metadata": "read"}},
	}}, {ID: 43, Slug: "deploy-gate", PublicKeyPEM: publicKeyPEM, Installations: []emulator.SeedInstallation{
		{ID: 4343, Account: "demo-org", Permissions: map[string]string{"deployments": "read", "metadata": "read"}},
	}}}
	s.Repos = []emulator.SeedRepo{
		{Owner: "demo-org", Name: "template", IsTemplate: true, Branches: []string{"main", "dev"}, Description: "a template"},
		{Owner: "demo-org", Name: "secret", Visibility: "private", Branches: []string{"main"}},
	}
	return s
}

// step is one exchange of the contract scenario and what must come back.
type step struct {
	name   string
	call   call
	status int
	check  func(t *testing.T, a answer)
}

func field(key string, want any) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		got := a.json(t)[key]
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s = %v, want %v", key, got, want)
		}
	}
}

func header(name, pattern string) func(*testing.T, answer) {
	re := regexp.MustCompile(pattern)
	return func(t *testing.T, a answer) {
		t.Helper()
		if !re.MatchString(a.header.Get(name)) {
			t.Errorf("header %s = %q, want match %q", name, a.header.Get(name), pattern)
		}
	}
}

func all(checks ...func(*testing.T, answer)) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		for _, c := range checks {
			c(t, a)
		}
	}
}

func bodyContains(s string) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		if !strings.Contains(string(a.body), s) {
			t.Errorf("body does not contain %q: %.300s", s, a.body)
		}
	}
}

func notContains(s string) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		if strings.Contains(string(a.body), s) {
			t.Errorf("body contains %q: %.300s", s, a.body)
		}
	}
}

func appJWT(t *testing.T, key any, appID int64, now time.Time, ttl time.Duration) string {
	t.Helper()
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"iss": fmt.Sprint(appID), "iat": now.Add(-30 * time.Second).Unix(), "exp": now.Add(ttl).Unix(),
	})
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatalf("signing JWT: %v", err)
	}
	return s
}

// TestContract drives every served operation and its main error paths
// through a server whose every exchange is validated against GitHub's
// official OpenAPI description, then checks that each operation of the
// description was exercised successfully.
func TestContract(t *testing.T) {
	key, pub := appKey(t)
	clk := newClock()
	srv, emu := newServer(t, emulator.Options{Seed: contractSeed(pub), Now: clk.Now})
	skipReq := map[string]string{emulatortest.SkipRequestValidationHeader: "1"}
	var alphaID int64
	var etag, instToken string
	jwtNow := appJWT(t, key, 42, clk.Now(), 9*time.Minute)

	steps := []step{
		{"rate limit anonymous", call{method: "GET", path: "/rate_limit"}, 200, bodyContains(`"rate":{"limit":60,"remaining":60,"reset":1714568400,"used":0,"resource":"core"}`)},
		{"rate limit authenticated", call{method: "GET", path: "/rate_limit", token: "demo-token"}, 200, header("X-RateLimit-Limit", "^5000$")},
		{"authenticated user", call{method: "GET", path: "/user", token: "demo-token"}, 200, all(field("login", "demo-user"), field("user_view_type", "private"))},
		{"authenticated user without token", call{method: "GET", path: "/user"}, 401, field("message", "Requires authentication")},
		{"bad token", call{method: "GET", path: "/user", token: "nope"}, 401, all(field("message", "Bad credentials"), field("documentation_url", "https://docs.github.com/rest"))},
		{"public user profile", call{method: "GET", path: "/users/demo-user"}, 200, field("type", "User")},
		{"unknown user", call{method: "GET", path: "/users/nobody"}, 404, field("message", "Not Found")},
		{"org", call{method: "GET", path: "/orgs/demo-org", token: "demo-token"}, 200, all(field("login", "demo-org"), field("total_private_repos", 1))},
		{"org for outsider hides private counts", call{method: "GET", path: "/orgs/demo-org", token: "other-token"}, 200, notContains("total_private_repos")},
		{"unknown org", call{method: "GET", path: "/orgs/nope"}, 404, nil},

		{"create user repo", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"alpha repo!","auto_init":true,"description":"first","has_wiki":false,"allow_auto_merge":true}`}, 201,
			all(field("name", "alpha-repo-"), field("full_name", "demo-user/alpha-repo-"), field("has_wiki", false), field("allow_auto_merge", true), field("default_branch", "main"),
				header("Location", `/repos/demo-user/alpha-repo-$`), func(t *testing.T, a answer) {
					m := a.json(t)
					alphaID = int64(m["id"].(float64))
					if !regexp.MustCompile(`^R_kgDO[A-Za-z0-9_-]{6}$`).MatchString(m["node_id"].(string)) {
						t.Errorf("node_id %v does not look like GitHub's", m["node_id"])
					}
					if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`).MatchString(m["created_at"].(string)) {
						t.Errorf("created_at %v is not RFC 3339 UTC", m["created_at"])
					}
				})},
		{"create duplicate name (case-insensitive)", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"ALPHA-REPO-"}`}, 422,
			all(field("message", "Repository creation failed."), bodyContains(`"errors":[{"resource":"Repository","code":"custom","field":"name","message":"name already exists on this account"}]`))},
		{"create invalid name", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":".."}`}, 422, bodyContains(`"field":"name"`)},
		{"create internal on user account", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"int","visibility":"internal"}`, headers: skipReq}, 422, bodyContains(`"field":"visibility"`)},
		{"create without token", call{method: "POST", path: "/user/repos", body: `{"name":"x"}`}, 401, field("message", "Requires authentication")},
		{"create malformed JSON", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":`, headers: skipReq}, 400, field("message", "Problems parsing JSON")},
		{"create wrong type", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"x","private":"yes"}`, headers: skipReq}, 422, bodyContains(`For 'properties/private'`)},
		{"create org repo", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"beta","private":true,"squash_merge_commit_title":"PR_TITLE","squash_merge_commit_message":"PR_BODY"}`}, 201,
			all(field("visibility", "private"), field("private", true), field("squash_merge_commit_title", "PR_TITLE"), bodyContains(`"organization":{"login":"demo-org"`), bodyContains(`"advanced_security":{"status":"disabled"}`))},
		{"create internal org repo", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"gamma","visibility":"internal"}`, headers: skipReq}, 201, field("visibility", "internal")},
		{"create org repo as member", call{method: "POST", path: "/orgs/demo-org/repos", token: "member-token", body: `{"name":"m"}`}, 403, nil},
		{"create org repo as outsider", call{method: "POST", path: "/orgs/demo-org/repos", token: "other-token", body: `{"name":"o"}`}, 403, nil},
		{"create repo in unknown org", call{method: "POST", path: "/orgs/nope/repos", token: "demo-token", body: `{"name":"o"}`}, 404, nil},

		{"private repo hidden from outsider", call{method: "GET", path: "/repos/demo-org/beta", token: "other-token"}, 404, field("message", "Not Found")},
		{"private repo hidden from anonymous", call{method: "GET", path: "/repos/demo-org/beta"}, 404, nil},
		{"member reads private org repo", call{method: "GET", path: "/repos/demo-org/beta", token: "member-token"}, 200,
			all(field("permissions", "map[admin:false maintain:false pull:true push:false triage:false]"), notContains("security_and_analysis"), notContains("allow_squash_merge"))},
		{"member cannot patch", call{method: "PATCH", path: "/repos/demo-org/beta", token: "member-token", body: `{"description":"x"}`}, 403, field("message", "Must have admin rights to Repository.")},
		{"member cannot delete", call{method: "DELETE", path: "/repos/demo-org/beta", token: "member-token"}, 403, nil},
		{"secret scanning needs advanced security on private repos", call{method: "PATCH", path: "/repos/demo-org/beta", token: "demo-token", body: `{"security_and_analysis":{"secret_scanning":{"status":"enabled"}}}`}, 422, bodyContains("Secret scanning")},
		{"enable advanced security and secret scanning", call{method: "PATCH", path: "/repos/demo-org/beta", token: "demo-token", body: `{"security_and_analysis":{"advanced_security":{"status":"enabled"},"secret_scanning":{"status":"enabled"},"dependabot_security_updates":{"status":"enabled"}}}`}, 200,
			bodyContains(`"security_and_analysis":{"advanced_security":{"status":"enabled"},"secret_scanning":{"status":"enabled"},"secret_scanning_push_protection":{"status":"disabled"},"dependabot_security_updates":{"status":"enabled"},"secret_scanning_delegated_bypass":{"status":"disabled"}}`)},

		{"get repo", call{method: "GET", path: "/repos/demo-user/alpha-repo-", token: "demo-token"}, 200, func(t *testing.T, a answer) {
			etag = a.header.Get("ETag")
			if !regexp.MustCompile(`^W/"[0-9a-f]{64}"$`).MatchString(etag) {
				t.Errorf("ETag %q is not shaped like GitHub's", etag)
			}
		}},
		{"conditional get", call{method: "GET", path: "/repos/demo-user/alpha-repo-", token: "demo-token", headers: map[string]string{"If-None-Match": "<etag>"}}, 304, func(t *testing.T, a answer) {
			if len(a.body) != 0 {
				t.Errorf("304 with body %q", a.body)
			}
		}},
		{"get repo anonymously", call{method: "GET", path: "/repos/demo-user/alpha-repo-"}, 200, notContains(`"permissions"`)},
		{"get repo case-insensitively", call{method: "GET", path: "/repos/Demo-User/ALPHA-REPO-", token: "demo-token"}, 200, field("name", "alpha-repo-")},
		{"unknown repo", call{method: "GET", path: "/repos/demo-user/nope", token: "demo-token"}, 404, nil},
		{"rename", call{method: "PATCH", path: "/repos/demo-user/alpha-repo-", token: "demo-token", body: `{"name":"alpha","homepage":"https://example.com","delete_branch_on_merge":true}`}, 200,
			all(field("name", "alpha"), field("homepage", "https://example.com"), field("delete_branch_on_merge", true))},
		{"old name redirects GET with 301", call{method: "GET", path: "/repos/demo-user/alpha-repo-", token: "demo-token"}, 301,
			all(field("message", "Moved Permanently"), header("Location", `^http://127\.0\.0\.1:\d+/repositories/\d+$`))},
		{"old name redirects PATCH with 307", call{method: "PATCH", path: "/repos/demo-user/alpha-repo-", token: "demo-token", body: `{"description":"y"}`}, 307, header("Location", `/repositories/\d+$`)},
		{"old name redirects DELETE with 307", call{method: "DELETE", path: "/repos/demo-user/alpha-repo-", token: "demo-token"}, 307, nil},
		{"old name redirects sub-resources", call{method: "GET", path: "/repos/demo-user/alpha-repo-/topics", token: "demo-token"}, 301, header("Location", `/repositories/\d+/topics$`)},
		{"get by id", call{method: "GET", path: "/repositories/<alpha>", token: "demo-token"}, 200, field("name", "alpha")},
		{"default branch must exist", call{method: "PATCH", path: "/repos/demo-user/alpha", token: "demo-token", body: `{"default_branch":"nope"}`}, 422, bodyContains(`"field":"default_branch"`)},
		{"at least one merge method", call{method: "PATCH", path: "/repos/demo-user/alpha", token: "demo-token", body: `{"allow_squash_merge":false,"allow_merge_commit":false,"allow_rebase_merge":false}`}, 422, bodyContains("no_merge_method")},
		{"rename onto existing name", call{method: "PATCH", path: "/repos/demo-org/beta", token: "demo-token", body: `{"name":"Template"}`}, 422, bodyContains("name already exists on this account")},
		{"archive", call{method: "PATCH", path: "/repos/demo-user/alpha", token: "demo-token", body: `{"archived":true}`}, 200, field("archived", true)},
		{"archived: patch refused", call{method: "PATCH", path: "/repos/demo-user/alpha", token: "demo-token", body: `{"description":"z"}`}, 403, field("message", "Repository was archived so is read-only.")},
		{"archived: topics refused", call{method: "PUT", path: "/repos/demo-user/alpha/topics", token: "demo-token", body: `{"names":["a"]}`}, 403, field("message", "Repository was archived so is read-only.")},
		{"archived: vulnerability alerts refused", call{method: "PUT", path: "/repos/demo-user/alpha/vulnerability-alerts", token: "demo-token"}, 403, nil},
		{"unarchive", call{method: "PATCH", path: "/repos/demo-user/alpha", token: "demo-token", body: `{"archived":false}`}, 200, field("archived", false)},

		{"replace topics", call{method: "PUT", path: "/repos/demo-user/alpha/topics", token: "demo-token", body: `{"names":["Go","kubernetes","go"]}`}, 200, field("names", "[go kubernetes]")},
		{"get topics", call{method: "GET", path: "/repos/demo-user/alpha/topics", token: "demo-token"}, 200, field("names", "[go kubernetes]")},
		{"invalid topic", call{method: "PUT", path: "/repos/demo-user/alpha/topics", token: "demo-token", body: `{"names":["-bad"]}`}, 422, field("message", "Validation Failed")},
		{"topics by outsider", call{method: "PUT", path: "/repos/demo-user/alpha/topics", token: "other-token", body: `{"names":["x"]}`}, 403, nil},
		{"topics by id", call{method: "GET", path: "/repositories/<alpha>/topics", token: "demo-token"}, 200, field("names", "[go kubernetes]")},

		{"vulnerability alerts disabled", call{method: "GET", path: "/repos/demo-user/alpha/vulnerability-alerts", token: "demo-token"}, 404, nil},
		{"enable vulnerability alerts", call{method: "PUT", path: "/repos/demo-user/alpha/vulnerability-alerts", token: "demo-token"}, 204, nil},
		{"vulnerability alerts enabled", call{method: "GET", path: "/repos/demo-user/alpha/vulnerability-alerts", token: "demo-token"}, 204, nil},
		{"disable vulnerability alerts", call{method: "DELETE", path: "/repos/demo-user/alpha/vulnerability-alerts", token: "demo-token"}, 204, nil},
		{"vulnerability alerts need admin", call{method: "GET", path: "/repos/demo-org/beta/vulnerability-alerts", token: "member-token"}, 403, nil},

		{"generate from template", call{method: "POST", path: "/repos/demo-org/template/generate", token: "demo-token", body: `{"owner":"demo-org","name":"generated","include_all_branches":true,"private":true}`}, 201,
			all(field("private", true), bodyContains(`"template_repository":{"id":`), func(t *testing.T, a answer) {
				r, ok := emu.State().RepoByName("demo-org", "generated")
				if !ok || len(r.Branches) != 2 {
					t.Errorf("generated repo branches = %+v, want main and dev", r.Branches)
				}
			})},
		{"generate default branch only", call{method: "POST", path: "/repos/demo-org/template/generate", token: "demo-token", body: `{"name":"gen2"}`}, 201,
			all(field("full_name", "demo-user/gen2"), func(t *testing.T, a answer) {
				r, _ := emu.State().RepoByName("demo-user", "gen2")
				if len(r.Branches) != 1 || r.Branches[0].Name != "main" {
					t.Errorf("branches = %+v, want only main", r.Branches)
				}
			})},
		{"generate from non-template", call{method: "POST", path: "/repos/demo-user/alpha/generate", token: "demo-token", body: `{"name":"g3"}`}, 422, nil},
		{"generate into org without rights", call{method: "POST", path: "/repos/demo-org/template/generate", token: "member-token", body: `{"owner":"demo-org","name":"g4"}`}, 403, nil},

		{"fork", call{method: "POST", path: "/repos/demo-org/template/forks", token: "other-token", body: `{"default_branch_only":true}`}, 202,
			all(field("fork", true), field("full_name", "other-user/template"), bodyContains(`"parent":{"id":`), bodyContains(`"source":{"id":`), func(t *testing.T, a answer) {
				r, _ := emu.State().RepoByName("other-user", "template")
				if len(r.Branches) != 1 {
					t.Errorf("fork branches = %+v, want only the default", r.Branches)
				}
			})},
		{"fork of invisible private repo", call{method: "POST", path: "/repos/demo-org/secret/forks", token: "other-token"}, 404, nil},
		{"fork into org", call{method: "POST", path: "/repos/demo-user/alpha/forks", token: "demo-token", body: `{"organization":"demo-org","name":"alpha-fork"}`}, 202, field("full_name", "demo-org/alpha-fork")},

		{"list user repos paginated", call{method: "GET", path: "/user/repos?per_page=2", token: "demo-token"}, 200,
			all(header("Link", `rel="next"`), header("Link", `rel="last"`), func(t *testing.T, a answer) {
				var items []map[string]any
				if err := json.Unmarshal(a.body, &items); err != nil || len(items) != 2 {
					t.Errorf("items = %d (%v), want 2", len(items), err)
				}
			})},
		{"list user repos last page", call{method: "GET", path: "/user/repos?per_page=2&page=4", token: "demo-token"}, 200, all(header("Link", `rel="prev"`), header("Link", `rel="first"`))},
		{"list private user repos", call{method: "GET", path: "/user/repos?visibility=private&affiliation=owner", token: "demo-token"}, 200, func(t *testing.T, a answer) {
			if strings.Contains(string(a.body), `"private":false`) {
				t.Errorf("public repo in private listing")
			}
		}},
		{"list user repos: type with visibility", call{method: "GET", path: "/user/repos?type=owner&visibility=public", token: "demo-token"}, 422, nil},
		{"list org repos for outsider", call{method: "GET", path: "/orgs/demo-org/repos", token: "other-token"}, 200, notContains(`"private":true`)},
		{"list org repos for member", call{method: "GET", path: "/orgs/demo-org/repos?type=private", token: "member-token"}, 200, bodyContains(`"full_name":"demo-org/secret"`)},

		{"installation token", call{method: "POST", path: "/app/installations/4242/access_tokens", headers: map[string]string{"Authorization": "Bearer " + jwtNow}}, 201,
			all(field("repository_selection", "all"), field("expires_at", "2024-05-01T13:00:00Z"), func(t *testing.T, a answer) { instToken = a.json(t)["token"].(string) })},
		{"installation token without JWT", call{method: "POST", path: "/app/installations/4242/access_tokens"}, 401, nil},
		{"installation token for unknown installation", call{method: "POST", path: "/app/installations/1/access_tokens", headers: map[string]string{"Authorization": "Bearer " + jwtNow}}, 404, nil},
		{"installation token with bad JWT", call{method: "POST", path: "/app/installations/4242/access_tokens", headers: map[string]string{"Authorization": "Bearer a.b.c"}}, 401, field("message", "A JSON web token could not be decoded")},
		{"installation reads private org repo", call{method: "GET", path: "/repos/demo-org/secret", token: "<inst>"}, 200, field("permissions", "map[admin:true maintain:true pull:true push:true triage:true]")},
		{"installation creates org repo", call{method: "POST", path: "/orgs/demo-org/repos", token: "<inst>", body: `{"name":"from-app"}`}, 201, nil},
		{"installation reads other accounts' public repos", call{method: "GET", path: "/repos/demo-user/gen2", token: "<inst>"}, 200, field("permissions", "map[admin:false maintain:false pull:true push:false triage:false]")},
		{"installation cannot use /user", call{method: "GET", path: "/user", token: "<inst>"}, 403, field("message", "Resource not accessible by integration")},

		{"GHES prefix", call{method: "GET", path: "/api/v3/repos/demo-org/template", token: "demo-token"}, 200, bodyContains(`/api/v3/repos/demo-org/template"`)},
		{"GHES prefix redirect", call{method: "GET", path: "/api/v3/repos/demo-user/alpha-repo-", token: "demo-token"}, 301, header("Location", `/api/v3/repositories/\d+$`)},
		{"unknown endpoint", call{method: "GET", path: "/repos/demo-user/alpha/unknown-thing", token: "demo-token", headers: skipReq}, 404, nil},

		{"delete", call{method: "DELETE", path: "/repos/demo-user/alpha", token: "demo-token"}, 204, nil},
		{"deleted repo is gone", call{method: "GET", path: "/repos/demo-user/alpha", token: "demo-token"}, 404, nil},
		{"old name of deleted repo is gone", call{method: "GET", path: "/repos/demo-user/alpha-repo-", token: "demo-token"}, 404, nil},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<alpha>", fmt.Sprint(alphaID))
		if c.token == "<inst>" {
			c.token = instToken
		}
		for k, v := range c.headers {
			if v == "<etag>" {
				c.headers = map[string]string{k: etag}
			}
		}
		return c
	})

	for _, more := range contractScenarios {
		more(t, srv, emu)
	}

	// Every operation of the description must have been answered with a
	// documented success at least once.
	raw, err := os.ReadFile(emulatortest.SpecPath())
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatal(err)
	}
	param := regexp.MustCompile(`\{[^}]+\}`)
	succeeded := map[string]bool{}
	for _, e := range emu.Requests() {
		if e.Status < 300 {
			succeeded[param.ReplaceAllString(e.Endpoint, "{}")] = true
		}
	}
	for path, ops := range spec.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			op := strings.ToUpper(method) + " " + param.ReplaceAllString(path, "{}")
			if !succeeded[op] {
				t.Errorf("operation %s was never answered successfully", op)
			}
		}
	}
	// And so must every operation of the route table, described or not.
	for _, op := range emulator.Operations() {
		if !succeeded[op.Method+" "+param.ReplaceAllString(op.Path, "{}")] {
			t.Errorf("served operation %s (kind %s) was never answered successfully", op, op.Kind)
		}
	}
}
