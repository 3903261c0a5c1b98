package emulator_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, deployKeysContract) }

// Public keys of the deploy key tests (made with ssh-keygen; the private
// halves were thrown away).
const (
	ed25519Key      = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJO720MIMydoiThejBuNZuq6pQFEEcRqhtShAZkV9qTi"
	ecdsaKey        = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDBqFfHKTvRmdsjTEh5/Niw4kzURoEFn0Mha3tXe9+Q9tzifw7nJOH7gsFXBv1VtfBsByyzq0DKnFSXvogFvKNU="
	otherEd25519Key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILpY14EvLbZMbzZ7UEtGbA22QU2K7wuOvvZd58iNaz8i"
	dsaKey          = "ssh-dss AAAAB3NzaC1kc3MAAACBAK2OwfxsIM6+KwdAD/o56OC3NpDKJQSkk4hDLleGPfnq+I/x/gpi7gy2YOQPTs1jEyjLSsl3rE6z1F3+MC+U98geViMYZWDDGrVWgV90Q9VP3NR8NL2YYIEeyObI3ttcFwQNH8vouI7ad0MmO/Bme4r3p4RMWk01oqgbdfnzV4I/AAAAFQDsU13OBF3tBMoXOqW0QrVTzjr93wAAAIBL31WHLjgYo8WK8gxC++Da6SvuFMqbI5GCQ56nYh+VI6P8l0NuaDYZ0KDqemQdcrorTO4BboYh0px0T2RTsU/ZkOKnqEqQ7Q5hgxalSctEp+QgRIa1VnMb2ih5jFrT08vCgI61EWI1GMMP3Egypf4l5lZ26/8aL5OiyYSRmTyHLQAAAIEAjc4eILGA1qY8y2GZKV+rjnsFmNMfTjGT26WaA0dc98lRf7sT0q8jx7z+5DXq7zbqv+zo/uD4B7XUWqBXvvLXNhojMqSwxLZqQrRWEtAfN/6lCUhc9sFkcxFwCqVDBe5n7ypkU8jCFsfeWGHgDTMzhHhS/Yt0cDVLdwua6dZvssE="
)

// deployKeysContract drives a repository's deploy keys.
func deployKeysContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	var id int64
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/keyed"
	keys := repo + "/keys"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"keyed","auto_init":true,"private":true}`}, 201, nil},
		{"no deploy keys yet", call{method: "GET", path: keys, token: "demo-token"}, 200, count(0)},
		{"add a deploy key", call{method: "POST", path: keys, token: "demo-token",
			body: `{"title":"ci","key":"` + ed25519Key + ` ci@example","read_only":true}`}, 201, all(
			field("title", "ci"), field("key", ed25519Key), field("read_only", true), field("verified", true), field("added_by", "demo-user"),
			field("last_used", nil), field("enabled", true), header("Location", `/repos/demo-org/keyed/keys/\d+$`),
			func(t *testing.T, a answer) { id = int64(a.json(t)["id"].(float64)) })},
		{"get it", call{method: "GET", path: keys + "/<id>", token: "demo-token"}, 200,
			all(field("key", ed25519Key), bodyContains(`"url":"`), bodyContains(`/repos/demo-org/keyed/keys/`))},
		{"list them", call{method: "GET", path: keys + "?per_page=10", token: "demo-token"}, 200, all(count(1), bodyContains(`"title":"ci"`))},
		{"add a read-write key without a title", call{method: "POST", path: keys, token: "demo-token", body: `{"key":"` + ecdsaKey + ` laptop"}`}, 201,
			all(field("read_only", false), field("title", "laptop"), field("key", ecdsaKey))},
		{"list, one per page", call{method: "GET", path: keys + "?per_page=1&page=2", token: "demo-token"}, 200,
			all(count(1), bodyContains(`"title":"laptop"`), header("Link", `rel="prev"`))},

		{"the same key again", call{method: "POST", path: keys, token: "demo-token", body: `{"title":"again","key":"` + ed25519Key + `"}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`{"resource":"PublicKey","code":"custom","field":"key","message":"key is already in use"}`))},
		{"not a key", call{method: "POST", path: keys, token: "demo-token", body: `{"title":"x","key":"ssh-ed25519 bm90IGEga2V5"}`}, 422,
			bodyContains(`"message":"key is invalid. You must supply a key in OpenSSH public key format"`)},
		{"a DSA key", call{method: "POST", path: keys, token: "demo-token", body: `{"title":"x","key":"` + dsaKey + `"}`}, 422,
			bodyContains(`key is invalid`)},
		{"no key", call{method: "POST", path: keys, token: "demo-token", headers: skipReq, body: `{"title":"x"}`}, 422,
			bodyContains(`\"key\" wasn't supplied.`)},
		{"a title of the wrong type", call{method: "POST", path: keys, token: "demo-token", headers: skipReq, body: `{"title":1,"key":"` + otherEd25519Key + `"}`}, 422,
			bodyContains(`For 'properties/title'`)},
		{"add as a reader", call{method: "POST", path: keys, token: "member-token", body: `{"title":"x","key":"` + otherEd25519Key + `"}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"list as a reader", call{method: "GET", path: keys, token: "member-token"}, 403, nil},
		{"an outsider sees nothing", call{method: "GET", path: keys + "/<id>", token: "other-token"}, 404, nil},
		{"get an unknown key", call{method: "GET", path: keys + "/1", token: "demo-token"}, 404, field("message", "Not Found")},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: add", call{method: "POST", path: keys, token: "demo-token", body: `{"title":"x","key":"` + otherEd25519Key + `"}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: delete", call{method: "DELETE", path: keys + "/<id>", token: "demo-token"}, 403, nil},
		{"archived: keys still read", call{method: "GET", path: keys, token: "demo-token"}, 200, count(2)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},

		{"delete the key", call{method: "DELETE", path: keys + "/<id>", token: "demo-token"}, 204, nil},
		{"it is gone", call{method: "GET", path: keys + "/<id>", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: keys + "/<id>", token: "demo-token"}, 404, nil},
		{"its key is free again", call{method: "POST", path: keys, token: "demo-token", body: `{"title":"ci","key":"` + ed25519Key + `"}`}, 201,
			later(func() check { return notContains(fmt.Sprintf(`"id":%d,`, id)) })},
	}
	runSteps(t, srv, steps, func(c call) call {
		c.path = strings.ReplaceAll(c.path, "<id>", fmt.Sprint(id))
		return c
	})
}
