package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, orgHooksContract) }

// orgHooksContract drives an organization's webhooks and their config:
// every operation, and GitHub's errors.
func orgHooksContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	var id int64
	const hooks = "/orgs/demo-org/hooks"
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	secretIs := func(want string) check {
		return func(t *testing.T, _ answer) {
			if got, ok := emu.State().OrgHookSecret("demo-org", id); !ok || got != want {
				t.Errorf("OrgHookSecret = %q, %v; want %q", got, ok, want)
			}
		}
	}
	steps := []step{
		{"no hooks yet", call{method: "GET", path: hooks, token: "demo-token"}, 200, count(0)},
		{"create a hook", call{method: "POST", path: hooks, token: "demo-token",
			body: `{"name":"web","active":true,"events":["organization","push","member","push"],"config":{"url":"https://audit.example.com/hook","content_type":"json","insecure_ssl":"0","secret":"s3cr3t"}}`}, 201,
			all(field("type", "Organization"), field("name", "web"), field("active", true), header("Location", `/orgs/demo-org/hooks/\d+$`),
				bodyContains(`"events":["member","organization","push"]`), bodyContains(`"secret":"********"`), notContains("s3cr3t"),
				bodyContains(`/hooks/`), bodyContains(`"ping_url":"`), notContains(`"test_url"`),
				func(t *testing.T, a answer) { id = int64(a.json(t)["id"].(float64)) })},
		{"its secret is kept", call{method: "GET", path: hooks + "/<id>", token: "demo-token"}, 200,
			all(bodyContains(`"content_type":"json"`), bodyContains(`"insecure_ssl":"0"`), bodyContains(`"url":"https://audit.example.com/hook"`), notContains("s3cr3t"), secretIs("s3cr3t"))},
		{"list the hooks", call{method: "GET", path: hooks + "?per_page=10", token: "demo-token"}, 200, all(count(1), bodyContains(`"secret":"********"`))},
		{"a member sees no hooks", call{method: "GET", path: hooks, token: "member-token"}, 404, field("message", "Not Found")},
		{"a member cannot read one", call{method: "GET", path: hooks + "/<id>", token: "member-token"}, 404, nil},
		{"a member cannot create one", call{method: "POST", path: hooks, token: "member-token", body: `{"name":"web","config":{"url":"https://x.example.com"}}`}, 404, nil},
		{"an outsider cannot see the organization's", call{method: "GET", path: hooks, token: "other-token"}, 404, nil},
		{"no organization", call{method: "GET", path: "/orgs/no-such-org/hooks", token: "demo-token"}, 404, nil},

		{"the same URL and an overlapping event", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","events":["push"],"config":{"url":"https://audit.example.com/hook"}}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"message":"Hook already exists on this organization"`))},
		{"the same URL, other events, GitHub's defaults", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","events":["team"],"config":{"url":"https://audit.example.com/hook"}}`}, 201,
			all(bodyContains(`"events":["team"]`), bodyContains(`"content_type":"form"`), bodyContains(`"insecure_ssl":"0"`), notContains(`"secret"`), field("active", true))},
		{"push when no events are sent", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","config":{"url":"https://push.example.com"}}`}, 201,
			bodyContains(`"events":["push"]`)},
		{"no name", call{method: "POST", path: hooks, token: "demo-token", headers: skipReq, body: `{"config":{"url":"https://a.example.com"}}`}, 422,
			bodyContains(`\"name\" wasn't supplied.`)},
		{"no config", call{method: "POST", path: hooks, token: "demo-token", headers: skipReq, body: `{"name":"web"}`}, 422,
			bodyContains(`\"config\" wasn't supplied.`)},
		{"no URL", call{method: "POST", path: hooks, token: "demo-token", headers: skipReq, body: `{"name":"web","config":{"content_type":"json"}}`}, 422,
			bodyContains(`Config must contain URL for webhooks`)},
		{"a URL that is not one", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","config":{"url":"audit.example.com/hook"}}`}, 422,
			bodyContains(`The URL you've entered is not valid`)},
		{"a content type that is not one", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","config":{"url":"https://a.example.com","content_type":"xml"}}`}, 422,
			bodyContains(`Content type must be one of json, form`)},
		{"a repository's event only", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","events":["pushes"],"config":{"url":"https://a.example.com"}}`}, 422,
			bodyContains(`\"pushes\" is not a valid event name`)},
		{"a name other than web", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"jenkins","config":{"url":"https://a.example.com"}}`}, 422,
			bodyContains(`"field":"name"`)},
		{"every event, insecure_ssl as a number", call{method: "POST", path: hooks, token: "demo-token", body: `{"name":"web","events":["*"],"config":{"url":"https://all.example.com","insecure_ssl":1}}`}, 201,
			all(bodyContains(`"insecure_ssl":"1"`), bodyContains(`"events":["*"]`))},

		{"update the events and the active switch", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"events":["membership","organization"],"active":false}`}, 200,
			all(bodyContains(`"events":["membership","organization"]`), field("active", false), bodyContains(`"secret":"********"`), secretIs("s3cr3t"))},
		{"replace the config without a secret", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"config":{"url":"https://audit.example.com/hook2","content_type":"form"}}`}, 200,
			all(notContains(`"secret"`), bodyContains(`"url":"https://audit.example.com/hook2"`), secretIs(""))},
		{"send the secret again", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"events":["organization"],"config":{"url":"https://audit.example.com/hook","content_type":"json","secret":"n3w"}}`}, 200,
			all(bodyContains(`"secret":"********"`), bodyContains(`"events":["organization"]`), secretIs("n3w"))},
		{"onto another hook", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"events":["team"]}`}, 422,
			bodyContains(`Hook already exists on this organization`)},
		{"an unknown event", call{method: "PATCH", path: hooks + "/<id>", token: "demo-token", body: `{"events":["nothing_at_all"]}`}, 422,
			bodyContains(`\"nothing_at_all\" is not a valid event name`)},
		{"update an unknown hook", call{method: "PATCH", path: hooks + "/1", token: "demo-token", body: `{"active":true}`}, 404, field("message", "Not Found")},
		{"get an unknown hook", call{method: "GET", path: hooks + "/1", token: "demo-token"}, 404, nil},

		{"the config", call{method: "GET", path: hooks + "/<id>/config", token: "demo-token"}, 200,
			all(field("url", "https://audit.example.com/hook"), field("content_type", "json"), field("insecure_ssl", "0"), field("secret", "********"), notContains("n3w"))},
		{"change the content type only: the secret is kept", call{method: "PATCH", path: hooks + "/<id>/config", token: "demo-token", body: `{"content_type":"form"}`}, 200,
			all(field("content_type", "form"), field("url", "https://audit.example.com/hook"), field("secret", "********"), secretIs("n3w"))},
		{"change the secret only", call{method: "PATCH", path: hooks + "/<id>/config", token: "demo-token", body: `{"secret":"th1rd"}`}, 200,
			all(field("secret", "********"), notContains("th1rd"), secretIs("th1rd"))},
		{"the hook shows the config", call{method: "GET", path: hooks + "/<id>", token: "demo-token"}, 200, bodyContains(`"content_type":"form"`)},
		{"a config URL that is not one", call{method: "PATCH", path: hooks + "/<id>/config", token: "demo-token", body: `{"url":"nowhere"}`}, 422,
			bodyContains(`The URL you've entered is not valid`)},
		{"a config URL another hook has, an event in common", call{method: "PATCH", path: hooks + "/<id>/config", token: "demo-token", body: `{"url":"https://all.example.com"}`}, 422,
			bodyContains(`Hook already exists on this organization`)},
		{"a member cannot read the config", call{method: "GET", path: hooks + "/<id>/config", token: "member-token"}, 404, nil},
		{"the config of an unknown hook", call{method: "GET", path: hooks + "/1/config", token: "demo-token"}, 404, nil},
		{"change the config of an unknown hook", call{method: "PATCH", path: hooks + "/1/config", token: "demo-token", body: `{"secret":"x"}`}, 404, nil},

		{"a member cannot delete one", call{method: "DELETE", path: hooks + "/<id>", token: "member-token"}, 404, nil},
		{"delete the hook", call{method: "DELETE", path: hooks + "/<id>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: hooks + "/<id>", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: hooks + "/<id>", token: "demo-token"}, 404, nil},
		{"the others are left", call{method: "GET", path: hooks, token: "demo-token"}, 200, count(3)},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<id>", fmt.Sprint(id))
		return c
	})
}
