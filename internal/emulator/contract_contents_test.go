package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, contentsContract) }

// Blob shas as git hash-object computes them.
const (
	shaReadme = "ef9bef8cee87b64e63231b0c9b2762bc742fa82a" // "# files", auto_init's README
	shaHello  = "ce013625030ba8dba906f756967f9e9ca394464a" // "hello\n"
	shaCRLF   = "23eb407b644b0e362fa224168ecd0adfa02b022a" // "hello\r\nworld\r\n"
	shaBinary = "1fb4642e1f5eed2ca814167bb3a2e0ddabe08fb2" // 00 ff 01 "binary"
	shaEmpty  = "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" // ""
)

// contentsContract drives a repository's contents: files written, replaced
// and deleted with commits, and GitHub's errors.
func contentsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/files"
	file := repo + "/contents/docs/hello.txt"
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"files","auto_init":true}`}, 201, nil},
		{"auto_init's README", call{method: "GET", path: repo + "/contents/README.md", token: "demo-token"}, 200, all(
			field("type", "file"), field("sha", shaReadme), field("size", float64(7)), field("encoding", "base64"),
			field("content", "IyBmaWxlcw==\n"), field("name", "README.md"), bodyContains(`/contents/README.md?ref=main"`))},
		{"no such file", call{method: "GET", path: file, token: "demo-token"}, 404, field("message", "Not Found")},
		{"no such ref", call{method: "GET", path: repo + "/contents/README.md?ref=nope", token: "demo-token"}, 404,
			field("message", "No commit found for the ref nope")},
		{"create a file", call{method: "PUT", path: file, token: "demo-token", body: `{"message":"Add hello","content":"aGVsbG8K"}`}, 201, all(
			bodyContains(`"content":{"type":"file"`), bodyContains(`"sha":"`+shaHello+`"`), bodyContains(`"path":"docs/hello.txt"`),
			bodyContains(`"message":"Add hello"`), bodyContains(`"parents":[{`), bodyContains(`"email":"`))},
		{"read it", call{method: "GET", path: file, token: "demo-token"}, 200, all(field("sha", shaHello), field("content", "aGVsbG8K\n"))},
		{"read it by ref", call{method: "GET", path: file + "?ref=main", token: "demo-token"}, 200, field("sha", shaHello)},
		{"the branch moved", call{method: "GET", path: repo + "/branches/main", token: "demo-token"}, 200, bodyContains(`"message":"Add hello"`)},
		{"list the directory", call{method: "GET", path: repo + "/contents/docs", token: "demo-token"}, 200, all(count(1), bodyContains(`"sha":"`+shaHello+`"`))},
		{"replace without sha", call{method: "PUT", path: file, token: "demo-token", body: `{"message":"x","content":"aGVsbG8K"}`}, 422,
			field("message", "Invalid request.\n\n\"sha\" wasn't supplied.")},
		{"replace with a stale sha", call{method: "PUT", path: file, token: "demo-token", body: `{"message":"x","content":"aGVsbG8K","sha":"` + shaEmpty + `"}`}, 409,
			field("message", "docs/hello.txt does not match "+shaEmpty)},
		{"replace it, CRLF kept", call{method: "PUT", path: file, token: "demo-token",
			body: `{"message":"CRLF","content":"aGVsbG8NCndvcmxkDQo=","sha":"` + shaHello + `","committer":{"name":"Bot","email":"bot@example.com"}}`}, 200,
			all(bodyContains(`"sha":"`+shaCRLF+`"`), bodyContains(`"name":"Bot","email":"bot@example.com"`))},
		{"binary content", call{method: "PUT", path: repo + "/contents/bin/blob.dat", token: "demo-token", body: `{"message":"bin","content":"AP8BYmluYXJ5"}`}, 201,
			bodyContains(`"sha":"` + shaBinary + `"`)},
		{"binary content reads back", call{method: "GET", path: repo + "/contents/bin/blob.dat", token: "demo-token"}, 200,
			all(field("sha", shaBinary), field("content", "AP8BYmluYXJ5\n"))},
		{"an empty file", call{method: "PUT", path: repo + "/contents/empty", token: "demo-token", body: `{"message":"empty","content":""}`}, 201,
			bodyContains(`"sha":"` + shaEmpty + `"`)},
		{"no message", call{method: "PUT", path: file, token: "demo-token", headers: skipReq, body: `{"content":"aGVsbG8K"}`}, 422,
			field("message", "Invalid request.\n\n\"message\" wasn't supplied.")},
		{"not base64", call{method: "PUT", path: repo + "/contents/x", token: "demo-token", body: `{"message":"x","content":"%%%"}`}, 422,
			field("message", "content is not valid Base64")},
		{"a committer without email", call{method: "PUT", path: repo + "/contents/x", token: "demo-token", headers: skipReq,
			body: `{"message":"x","content":"","committer":{"name":"Bot"}}`}, 422, field("message", "Invalid request.\n\n\"email\" wasn't supplied.")},
		{"an unknown branch", call{method: "PUT", path: repo + "/contents/x", token: "demo-token", body: `{"message":"x","content":"","branch":"nope"}`}, 404,
			field("message", "Branch nope not found")},
		{"a file where a directory is", call{method: "PUT", path: repo + "/contents/docs", token: "demo-token", body: `{"message":"x","content":""}`}, 422, nil},
		{"a reader cannot write", call{method: "PUT", path: repo + "/contents/x", token: "member-token", body: `{"message":"x","content":""}`}, 403, nil},
		{"an outsider sees the public file", call{method: "GET", path: file, token: "other-token"}, 200, field("sha", shaCRLF)},

		{"delete with a stale sha", call{method: "DELETE", path: file, token: "demo-token", body: `{"message":"rm","sha":"` + shaHello + `"}`}, 409,
			field("message", "docs/hello.txt does not match "+shaHello)},
		{"delete without sha", call{method: "DELETE", path: file, token: "demo-token", headers: skipReq, body: `{"message":"rm"}`}, 422,
			field("message", "Invalid request.\n\n\"sha\" wasn't supplied.")},
		{"delete the file", call{method: "DELETE", path: file, token: "demo-token", body: `{"message":"Delete docs/hello.txt","sha":"` + shaCRLF + `"}`}, 200,
			all(bodyContains(`"content":null`), bodyContains(`"message":"Delete docs/hello.txt"`))},
		{"it is gone", call{method: "GET", path: file, token: "demo-token"}, 404, nil},
		{"and so is its directory", call{method: "GET", path: repo + "/contents/docs", token: "demo-token"}, 404, nil},
		{"delete it again", call{method: "DELETE", path: file, token: "demo-token", body: `{"message":"rm","sha":"` + shaCRLF + `"}`}, 404, nil},

		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: write", call{method: "PUT", path: repo + "/contents/y", token: "demo-token", body: `{"message":"x","content":""}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: read", call{method: "GET", path: repo + "/contents/README.md", token: "demo-token"}, 200, nil},

		{"an empty repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"files-empty"}`}, 201, nil},
		{"empty: nothing to read", call{method: "GET", path: "/repos/demo-org/files-empty/contents/a", token: "demo-token"}, 404,
			field("message", "This repository is empty.")},
		{"empty: the first file makes the default branch", call{method: "PUT", path: "/repos/demo-org/files-empty/contents/a", token: "demo-token",
			body: `{"message":"first","content":"aGVsbG8K"}`}, 201, bodyContains(`"parents":[]`)},
		{"empty: now main", call{method: "GET", path: "/repos/demo-org/files-empty/branches/main", token: "demo-token"}, 200, bodyContains(`"message":"first"`)},
	}
	runSteps(t, srv, steps, nil)
}
