package emulator_test

import (
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, codeownersContract) }

// codeownersContract checks a repository's CODEOWNERS file: the errors of
// the file in effect, each with its line, column and kind, and 404 where
// there is none.
func codeownersContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	const repo = "/repos/demo-org/codeowned"
	const errs = repo + "/codeowners/errors"
	// # Owners / * @demo-user / ***/*.rb @demo-user / docs/ docs@ /
	// /build/ @other-user @nobody-here / *.md ops@example.com @demo-org/no-such-team
	const broken = "IyBPd25lcnMKKiBAZGVtby11c2VyCioqKi8qLnJiIEBkZW1vLXVzZXIKZG9jcy8gZG9jc0AKL2J1aWxkLyBAb3RoZXItdXNlciBAbm9ib2R5LWhlcmUKKi5tZCBvcHNAZXhhbXBsZS5jb20gQGRlbW8tb3JnL25vLXN1Y2gtdGVhbQo="
	const fine = "KiBAZGVtby11c2VyCg==" // * @demo-user
	kinds := func(want ...string) check {
		return func(t *testing.T, a answer) {
			t.Helper()
			var body struct {
				Errors []struct {
					Line, Column int
					Kind, Path   string
				}
			}
			if err := json.Unmarshal(a.body, &body); err != nil {
				t.Fatalf("not CODEOWNERS errors: %v: %s", err, a.body)
			}
			var got []string
			for _, e := range body.Errors {
				got = append(got, e.Path+":"+strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Column)+" "+e.Kind)
			}
			if len(got) != len(want) {
				t.Fatalf("errors %v, want %v", got, want)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("error %d = %s, want %s", i, got[i], want[i])
				}
			}
		}
	}
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"codeowned","auto_init":true,"private":true}`}, 201, nil},
		{"no CODEOWNERS yet", call{method: "GET", path: errs, token: "demo-token"}, 404, nil},
		{"a broken one at the root", call{method: "PUT", path: repo + "/contents/CODEOWNERS", token: "demo-token", body: `{"message":"owners","content":"` + broken + `"}`}, 201, nil},
		{"its errors", call{method: "GET", path: errs, token: "demo-token"}, 200, all(
			kinds("CODEOWNERS:3:1 Invalid pattern", "CODEOWNERS:4:7 Invalid owner", "CODEOWNERS:5:9 Unknown owner", "CODEOWNERS:5:21 Unknown owner",
				"CODEOWNERS:6:22 Unknown owner"),
			bodyContains(`"suggestion":"Did you mean `+"`**/*.rb`"+`?"`),
			bodyContains(`"message":"Unknown owner on line 5: make sure @other-user exists and has write access to the repository\n\n  /build/ @other-user @nobody-here\n          ^"`))},
		{"at a ref", call{method: "GET", path: errs + "?ref=main", token: "demo-token"}, 200, kinds("CODEOWNERS:3:1 Invalid pattern", "CODEOWNERS:4:7 Invalid owner",
			"CODEOWNERS:5:9 Unknown owner", "CODEOWNERS:5:21 Unknown owner", "CODEOWNERS:6:22 Unknown owner")},
		{"an unknown ref", call{method: "GET", path: errs + "?ref=nope", token: "demo-token"}, 404, nil},
		{".github/CODEOWNERS takes precedence", call{method: "PUT", path: repo + "/contents/.github/CODEOWNERS", token: "demo-token", body: `{"message":"owners","content":"` + fine + `"}`}, 201, nil},
		{"no errors in it", call{method: "GET", path: errs, token: "demo-token"}, 200, all(kinds(), bodyContains(`{"errors":[]}`))},
		{"an outsider of a private repository", call{method: "GET", path: errs, token: "other-token"}, 404, nil},
	}
	runSteps(t, srv, steps, nil)
}
