package emulator_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, autolinksContract) }

// autolinksContract drives a repository's autolink references: every
// operation answered, and GitHub's errors.
func autolinksContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var id int64
	const repo = "/repos/demo-org/autolinked"
	items := repo + "/autolinks"
	keyLink := func(field, msg string) func(*testing.T, answer) {
		return func(t *testing.T, a answer) {
			t.Helper()
			var body struct{ Errors []map[string]string }
			if err := json.Unmarshal(a.body, &body); err != nil {
				t.Fatalf("not a validation error: %v: %s", err, a.body)
			}
			want := map[string]string{"resource": "KeyLink", "code": "custom", "field": field, "message": msg}
			for _, e := range body.Errors {
				if maps.Equal(e, want) {
					return
				}
			}
			t.Errorf("errors %v lack %v", body.Errors, want)
		}
	}
	inUse := all(field("message", "Validation Failed"), bodyContains(`{"resource":"KeyLink","code":"already_exists","field":"key_prefix"}`))
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"autolinked","private":true}`}, 201, nil},
		{"none yet", call{method: "GET", path: items, token: "demo-token"}, 200, count(0)},
		{"create one", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"TICKET-","url_template":"https://example.com/TICKET?query=<num>"}`}, 201,
			all(field("key_prefix", "TICKET-"), field("url_template", "https://example.com/TICKET?query=<num>"), field("is_alphanumeric", true),
				header("Location", `/repos/demo-org/autolinked/autolinks/\d+$`),
				func(t *testing.T, a answer) { id = int64(a.json(t)["id"].(float64)) })},
		{"get it", call{method: "GET", path: items + "/<id>", token: "demo-token"}, 200, all(field("key_prefix", "TICKET-"), bodyContains(`"updated_at":"`))},
		{"a numeric one", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"JIRA:","url_template":"http://jira.example/<num>","is_alphanumeric":false}`}, 201,
			field("is_alphanumeric", false)},
		{"list them", call{method: "GET", path: items + "?per_page=10", token: "demo-token"}, 200, count(2)},

		{"the same prefix again", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"TICKET-","url_template":"https://example.com/<num>"}`}, 422, inUse},
		{"the same prefix in another case", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"ticket-","url_template":"https://example.com/<num>"}`}, 422, inUse},
		{"a prefix of an existing prefix", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"TICK","url_template":"https://example.com/<num>"}`}, 422, inUse},
		{"an existing prefix's extension", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"TICKET-X","url_template":"https://example.com/<num>"}`}, 422, inUse},
		{"a prefix ending in a digit", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"PTFY25","url_template":"https://example.com/<num>"}`}, 422,
			all(keyLink("key_prefix", "key_prefix must not end with a number"), keyLink("key_prefix", "key_prefix must only contain letters, numbers, or .-_+=:/#"))},
		{"a prefix with a space", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"MY KEY-","url_template":"https://example.com/<num>"}`}, 422,
			keyLink("key_prefix", "key_prefix must only contain letters, numbers, or .-_+=:/#")},
		{"no <num>", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"NUM-","url_template":"https://example.com/TICKET"}`}, 422,
			keyLink("url_template", "url_template is missing a <num> token")},
		{"not an absolute URL", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"REL-","url_template":"foo/<num>"}`}, 422,
			keyLink("url_template", "url_template must be an absolute URL")},
		{"another scheme", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"FTP-","url_template":"ftp://example.com/<num>"}`}, 422,
			keyLink("url_template", "url_template must be an absolute URL")},
		{"create as a reader", call{method: "POST", path: items, token: "member-token", body: `{"key_prefix":"R-","url_template":"https://example.com/<num>"}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"an outsider sees nothing", call{method: "GET", path: items + "/<id>", token: "other-token"}, 404, nil},
		{"get an unknown one", call{method: "GET", path: items + "/1", token: "demo-token"}, 404, field("message", "Not Found")},
		{"an unknown repository", call{method: "GET", path: "/repos/demo-org/nowhere/autolinks", token: "demo-token"}, 404, nil},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: create", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"OTHER-","url_template":"https://example.com/<num>"}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: delete", call{method: "DELETE", path: items + "/<id>", token: "demo-token"}, 403, nil},
		{"archived: still read", call{method: "GET", path: items, token: "demo-token"}, 200, count(2)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},

		{"delete it", call{method: "DELETE", path: items + "/<id>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: items + "/<id>", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: items + "/<id>", token: "demo-token"}, 404, nil},
		{"its prefix is free again", call{method: "POST", path: items, token: "demo-token", body: `{"key_prefix":"TICKET-","url_template":"https://example.com/<num>"}`}, 201,
			later(func() check { return notContains(fmt.Sprintf(`"id":%d,`, id)) })},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<id>", fmt.Sprint(id))
		return c
	})
}
