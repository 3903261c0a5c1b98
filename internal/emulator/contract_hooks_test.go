package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, hooksContract) }

// hooksContract drives repository webhooks.
func hooksContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	var id int64
	const repo = "/repos/demo-org/hooked"
	hooks := repo + "/hooks"
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"hooked","auto_init":true}`}, 201, nil},
		{"no hooks yet", call{method: "GET", path: hooks, token: "demo-token"}, 200, count(0)},
		{"create a hook", call{method: "POST", path: hooks, token: "demo-token",
			body: `{"name":"web","active":true,"events":["push","pull_request","push"],"config":{"url":"https://ci.example.com/hook","content_type":"json","insecure_ssl":"0","secret":"s3cr3t"}}`}, 201,
			all(field("type", "Repository"), field("name", "web"), field("active", true), header("Location", `/repos/demo-org/hooked/hooks/\d+$`),
				bodyContains(`"events":["pull_request","push"]`), bodyContains(`"secret":"********"`), notContains("s3cr3t"),
				bodyContains(`"last_response":{"code":null,"status":"unused","message":null}`),
				func(t *testing.T, a answer) { id = int64(a.json(t)["id"].(float64)) })},
		{"get the hook", call{method: "GET", path: hooks + "/<id>", token: "demo-token"}, 200,
			all(bodyContains(`"content_type":"json"`), bodyContains(`"insecure_ssl":"0"`), bodyContains(`"url":"https://ci.example.com/hook"`), notContains("s3cr3t"))},
		{"list the hooks", call{method: "GET", path: hooks + "?per_page=10", token: "demo-token"}, 200, all(count(1), bodyContains(`"secret":"********"`))},
		{"a member sees no hooks", call{method: "GET", path: hooks, token: "member-token"}, 404, field("message", "Not Found")},
		{"a member cannot read one", call{method: "GET", path: hooks + "/<id>", token: "member-token"}, 404, nil},
		{"a member cannot create one", call{method: "POST", path: hooks, token: "member-token", body: `{"config":{"url":"https://x.example.com"}}`}, 403,
			field("message", "Must have admin rights to Repository.")},

		{"the same URL and an overlapping event", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["push"],"config":{"url":"https://ci.example.com/hook"}}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"message":"Hook already exists on this repository"`))},
		{"the same URL and every event", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["*"],"config":{"url":"https://ci.example.com/hook"}}`}, 422,
			bodyContains(`Hook already exists on this repository`)},
		{"the same URL, other events", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["issues"],"config":{"url":"https://ci.example.com/hook"}}`}, 201,
			all(bodyContains(`"events":["issues"]`), bodyContains(`"content_type":"form"`), notContains(`"secret"`))},
		{"no URL", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["push"],"config":{"content_type":"json"}}`}, 422,
			bodyContains(`Config must contain URL for webhooks`)},
		{"a URL that is not one", call{method: "POST", path: hooks, token: "demo-token", body: `{"config":{"url":"ci.example.com/hook"}}`}, 422,
			bodyContains(`The URL you've entered is not valid`)},
		{"an unknown event", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["pushes"],"config":{"url":"https://a.example.com"}}`}, 422,
			bodyContains(`\"pushes\" is not a valid event name`)},
		{"a name other than web", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"jenkins","config":{"url":"https://a.example.com"}}`}, 422,
			bodyContains(`"field":"name"`)},
		{"insecure_ssl as a number", call{method: "POST", path: hooks, token: "demo-token", body: `{"events":["*"],"config":{"url":"https://b.example.com","insecure_ssl":1}}`}, 201,
			all(bodyContains(`"insecure_ssl":"1"`), bodyContains(`"events":["*"]`))},
		{"a config of the wrong type", call{method: "POST", path: hooks, token: "demo-token", headers: skipReq, body: `{"config":"https://a.example.com"}`}, 422,
			bodyContains(`Invalid request.`)},

		{"update the events only", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"add_events":["release"],"remove_events":["pull_request"],"active":false}`}, 200,
			all(bodyContains(`"events":["push","release"]`), field("active", false), bodyContains(`"secret":"********"`))},
		{"replace the config without a secret", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"config":{"url":"https://ci.example.com/hook2","content_type":"form"}}`}, 200,
			all(notContains(`"secret"`), bodyContains(`"url":"https://ci.example.com/hook2"`))},
		{"send the secret again", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"events":["push"],"config":{"url":"https://ci.example.com/hook","content_type":"json","secret":"n3w"}}`}, 200,
			all(bodyContains(`"secret":"********"`), bodyContains(`"events":["push"]`), func(t *testing.T, _ answer) {
				if got, ok := emu.State().HookSecret("demo-org", "hooked", id); !ok || got != "n3w" {
					t.Errorf("HookSecret = %q, %v; want the secret sent last", got, ok)
				}
			})},
		{"onto another hook", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"events":["issues"]}`}, 422,
			bodyContains(`Hook already exists on this repository`)},
		{"update an unknown hook", call{method: "PATCH", path: hooks + "/1", token: "demo-token", body: `{"active":true}`}, 404, field("message", "Not Found")},
		{"get an unknown hook", call{method: "GET", path: hooks + "/1", token: "demo-token"}, 404, nil},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: create", call{method: "POST", path: hooks, token: "demo-token", body: `{"config":{"url":"https://c.example.com"}}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: delete", call{method: "DELETE", path: hooks + "/<id>", token: "demo-token"}, 403, nil},
		{"archived: hooks still read", call{method: "GET", path: hooks, token: "demo-token"}, 200, count(3)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"a member cannot delete one", call{method: "DELETE", path: hooks + "/<id>", token: "member-token"}, 404, nil},
		{"delete the hook", call{method: "DELETE", path: hooks + "/<id>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: hooks + "/<id>", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: hooks + "/<id>", token: "demo-token"}, 404, nil},
		{"no repository", call{method: "GET", path: "/repos/demo-org/nothing/hooks", token: "demo-token"}, 404, nil},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<id>", fmt.Sprint(id))
		return c
	})
}
