package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, orgSecretsContract) }

// orgSecretsContract drives an organization's Actions and Dependabot
// secrets and Actions variables, and the repositories each is shared
// with: every operation, and GitHub's errors.
func orgSecretsContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	seal := newSealer(t)
	ids := map[string]int64{}
	idOf := func(name string) check {
		return func(t *testing.T, a answer) { ids[name] = int64(a.json(t)["id"].(float64)) }
	}
	holds := func(store, name, want string, selected ...string) check {
		return func(t *testing.T, _ answer) {
			got, sel, ok := emu.State().OrgSecretValue("demo-org", store, name)
			var wantIDs []int64
			for _, r := range selected {
				wantIDs = append(wantIDs, ids[r])
			}
			if !ok || got != want || !slices.Equal(sel, wantIDs) {
				t.Errorf("the emulator's %s secret %s holds %q shared with %v (found %t), want %q shared with %v", store, name, got, sel, ok, want, wantIDs)
			}
		}
	}
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	steps := []step{
		{"a first repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"shared-one"}`}, 201, idOf("one")},
		{"a second repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"shared-two"}`}, 201, idOf("two")},
		{"another owner's repository", call{method: "POST", path: "/user/repos", token: "other-token", body: `{"name":"elsewhere"}`}, 201, idOf("elsewhere")},
	}
	for _, st := range []struct{ store, noun string }{{"actions", "Actions"}, {"dependabot", "Dependabot"}} {
		sec := "/orgs/demo-org/" + st.store + "/secrets"
		sealed := "<seal:org" + st.store
		steps = append(steps, []step{
			{st.noun + ": none yet", call{method: "GET", path: sec, token: "demo-token"}, 200, all(field("total_count", 0), bodyContains(`"secrets":[]`))},
			{st.noun + ": the public key", call{method: "GET", path: sec + "/public-key", token: "demo-token"}, 200, seal.keyOf("org" + st.store)},
			{st.noun + ": create one for all", call{method: "PUT", path: sec + "/deploy_token", token: "demo-token", body: `{` + sealed + `:first>,"visibility":"all"}`}, 201,
				holds(st.store, "DEPLOY_TOKEN", "first")},
			{st.noun + ": get it", call{method: "GET", path: sec + "/Deploy_Token", token: "demo-token"}, 200,
				all(field("name", "DEPLOY_TOKEN"), field("visibility", "all"))},
			{st.noun + ": share it with one", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", body: `{"visibility":"selected","selected_repository_ids":[<id:one>]}`}, 204,
				holds(st.store, "DEPLOY_TOKEN", "first", "one")},
			{st.noun + ": selected, with its list's URL", call{method: "GET", path: sec + "/DEPLOY_TOKEN", token: "demo-token"}, 200,
				all(field("visibility", "selected"), bodyContains(`/orgs/demo-org/`+st.store+`/secrets/DEPLOY_TOKEN/repositories"`))},
			{st.noun + ": its repositories", call{method: "GET", path: sec + "/DEPLOY_TOKEN/repositories", token: "demo-token"}, 200,
				all(field("total_count", 1), bodyContains(`"name":"shared-one"`))},
			{st.noun + ": a new value, ids as strings", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token",
				body: `{` + sealed + `:second>,"visibility":"selected","selected_repository_ids":["<id:one>","<id:two>"]}`}, 204,
				holds(st.store, "DEPLOY_TOKEN", "second", "one", "two")},
			{st.noun + ": set the repositories", call{method: "PUT", path: sec + "/DEPLOY_TOKEN/repositories", token: "demo-token", body: `{"selected_repository_ids":[<id:two>]}`}, 204,
				holds(st.store, "DEPLOY_TOKEN", "second", "two")},
			{st.noun + ": add one", call{method: "PUT", path: sec + "/DEPLOY_TOKEN/repositories/<id:one>", token: "demo-token"}, 204,
				holds(st.store, "DEPLOY_TOKEN", "second", "one", "two")},
			{st.noun + ": remove one", call{method: "DELETE", path: sec + "/DEPLOY_TOKEN/repositories/<id:two>", token: "demo-token"}, 204,
				holds(st.store, "DEPLOY_TOKEN", "second", "one")},
			{st.noun + ": an unknown repository", call{method: "PUT", path: sec + "/DEPLOY_TOKEN/repositories", token: "demo-token", body: `{"selected_repository_ids":[999999]}`}, 422, nil},
			{st.noun + ": another owner's repository", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", body: `{"visibility":"selected","selected_repository_ids":[<id:elsewhere>]}`}, 422,
				bodyContains("is not a repository of the organization")},
			{st.noun + ": add an unknown repository", call{method: "PUT", path: sec + "/DEPLOY_TOKEN/repositories/999999", token: "demo-token"}, 404, nil},
			{st.noun + ": private, the list goes", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", body: `{"visibility":"private"}`}, 204,
				holds(st.store, "DEPLOY_TOKEN", "second")},
			{st.noun + ": ids without selected", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", body: `{"visibility":"all","selected_repository_ids":[<id:one>]}`}, 422,
				bodyContains("selected_repository_ids can only be set")},
			{st.noun + ": add while not selected", call{method: "PUT", path: sec + "/DEPLOY_TOKEN/repositories/<id:one>", token: "demo-token"}, 409, nil},
			{st.noun + ": remove while not selected", call{method: "DELETE", path: sec + "/DEPLOY_TOKEN/repositories/<id:one>", token: "demo-token"}, 409, nil},
			{st.noun + ": set while not selected", call{method: "PUT", path: sec + "/DEPLOY_TOKEN/repositories", token: "demo-token", body: `{"selected_repository_ids":[]}`}, 409, nil},
			{st.noun + ": an unknown visibility", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", headers: skipReq, body: `{"visibility":"public"}`}, 422, nil},
			{st.noun + ": no visibility", call{method: "PUT", path: sec + "/OTHER", token: "demo-token", headers: skipReq, body: `{` + sealed + `:x>}`}, 422, nil},
			{st.noun + ": a new one without a value", call{method: "PUT", path: sec + "/OTHER", token: "demo-token", body: `{"visibility":"all"}`}, 422, nil},
			{st.noun + ": a bad name", call{method: "PUT", path: sec + "/1TOKEN", token: "demo-token", body: `{` + sealed + `:x>,"visibility":"all"}`}, 422, nil},
			{st.noun + ": list them", call{method: "GET", path: sec + "?per_page=10", token: "demo-token"}, 200,
				all(field("total_count", 1), bodyContains(`"visibility":"private"`))},
			{st.noun + ": a member may not", call{method: "GET", path: sec, token: "member-token"}, 403, nil},
			{st.noun + ": an unknown secret", call{method: "GET", path: sec + "/NOPE", token: "demo-token"}, 404, field("message", "Not Found")},
			{st.noun + ": an unknown secret's repositories", call{method: "GET", path: sec + "/NOPE/repositories", token: "demo-token"}, 404, nil},
			{st.noun + ": an unknown organization", call{method: "GET", path: "/orgs/nobody/" + st.store + "/secrets", token: "demo-token"}, 404, nil},
			{st.noun + ": delete it", call{method: "DELETE", path: sec + "/deploy_token", token: "demo-token"}, 204, nil},
			{st.noun + ": it is gone", call{method: "DELETE", path: sec + "/DEPLOY_TOKEN", token: "demo-token"}, 404, nil},
		}...)
	}
	vars := "/orgs/demo-org/actions/variables"
	steps = append(steps, []step{
		{"variables: none yet", call{method: "GET", path: vars, token: "demo-token"}, 200, all(field("total_count", 0), bodyContains(`"variables":[]`))},
		{"variables: create one for selected", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"region","value":"eu-west-1","visibility":"selected","selected_repository_ids":[<id:one>]}`}, 201, nil},
		{"variables: get it", call{method: "GET", path: vars + "/Region", token: "demo-token"}, 200,
			all(field("name", "REGION"), field("value", "eu-west-1"), field("visibility", "selected"), bodyContains(`/orgs/demo-org/actions/variables/REGION/repositories"`))},
		{"variables: its repositories", call{method: "GET", path: vars + "/REGION/repositories", token: "demo-token"}, 200,
			all(field("total_count", 1), bodyContains(`"name":"shared-one"`))},
		{"variables: the same name again", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"REGION","value":"x","visibility":"all"}`}, 409, nil},
		{"variables: without a visibility", call{method: "POST", path: vars, token: "demo-token", headers: skipReq, body: `{"name":"OTHER","value":"x"}`}, 422, nil},
		{"variables: an unknown repository", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"OTHER","value":"x","visibility":"selected","selected_repository_ids":[999999]}`}, 422, nil},
		{"variables: ids without selected", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"OTHER","value":"x","visibility":"private","selected_repository_ids":[<id:one>]}`}, 422, nil},
		{"variables: set the repositories", call{method: "PUT", path: vars + "/REGION/repositories", token: "demo-token", body: `{"selected_repository_ids":[<id:one>,<id:two>]}`}, 204, nil},
		{"variables: remove one", call{method: "DELETE", path: vars + "/REGION/repositories/<id:one>", token: "demo-token"}, 204, nil},
		{"variables: add one", call{method: "PUT", path: vars + "/REGION/repositories/<id:one>", token: "demo-token"}, 204, nil},
		{"variables: both listed", call{method: "GET", path: vars + "/REGION/repositories?per_page=1&page=2", token: "demo-token"}, 200, field("total_count", 2)},
		{"variables: change value and visibility", call{method: "PATCH", path: vars + "/REGION", token: "demo-token", body: `{"value":"us-east-1","visibility":"all"}`}, 204, nil},
		{"variables: changed", call{method: "GET", path: vars + "/REGION", token: "demo-token"}, 200,
			all(field("value", "us-east-1"), field("visibility", "all"))},
		{"variables: set while not selected", call{method: "PUT", path: vars + "/REGION/repositories", token: "demo-token", body: `{"selected_repository_ids":[<id:one>]}`}, 409, nil},
		{"variables: add while not selected", call{method: "PUT", path: vars + "/REGION/repositories/<id:one>", token: "demo-token"}, 409, nil},
		{"variables: list them", call{method: "GET", path: vars + "?per_page=10", token: "demo-token"}, 200, all(field("total_count", 1), bodyContains(`"visibility":"all"`))},
		{"variables: a member may not", call{method: "GET", path: vars, token: "member-token"}, 403, nil},
		{"variables: an unknown one", call{method: "PATCH", path: vars + "/NOPE", token: "demo-token", body: `{"value":"x"}`}, 404, nil},
		{"variables: an unknown one's repositories", call{method: "GET", path: vars + "/NOPE/repositories", token: "demo-token"}, 404, nil},
		{"variables: delete it", call{method: "DELETE", path: vars + "/REGION", token: "demo-token"}, 204, nil},
		{"variables: it is gone", call{method: "GET", path: vars + "/REGION", token: "demo-token"}, 404, nil},
	}...)
	runSteps(t, srv, steps, func(c call) call {
		c = seal.prepare(c)
		for name, id := range ids {
			c.body = strings.ReplaceAll(c.body, "<id:"+name+">", fmt.Sprint(id))
			c.path = strings.ReplaceAll(c.path, "<id:"+name+">", fmt.Sprint(id))
		}
		return c
	})
}
