package emulator_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRequiredFieldNull holds a required field sent as null to GitHub's
// answer, a 422 naming the field, where the emulator used to panic
// (FuzzRequestDecoding found it).
func TestRequiredFieldNull(t *testing.T) {
	type want struct {
		status  int
		message string
	}
	cases := map[string]struct {
		reason string
		method string
		path   string
		body   string
		want   want
	}{
		"BranchPolicyCreateName": {
			reason: "A deployment branch policy created with a null name should be refused, not crash.",
			method: "POST", path: "/repos/demo-org/fuzz/environments/production/deployment-branch-policies",
			body: `{"name":null}`,
			want: want{status: http.StatusUnprocessableEntity, message: "Invalid request.\n\nFor 'properties/name', nil is not a string."},
		},
		"BranchPolicyUpdateName": {
			reason: "A deployment branch policy renamed to null should be refused, not crash.",
			method: "PUT", path: "/repos/demo-org/fuzz/environments/production/deployment-branch-policies/{branch_policy_id}",
			body: `{"name":null}`,
			want: want{status: http.StatusUnprocessableEntity, message: "Invalid request.\n\nFor 'properties/name', nil is not a string."},
		},
		"RefCreateSHA": {
			reason: "A reference created with a null sha should be refused, not crash.",
			method: "POST", path: "/repos/demo-org/fuzz/git/refs",
			body: `{"ref":"refs/heads/x","sha":null}`,
			want: want{status: http.StatusUnprocessableEntity, message: "Invalid request.\n\nFor 'properties/sha', nil is not a string."},
		},
		"ContentsCommitterName": {
			reason: "A file written with a committer whose name is null should be refused, not crash.",
			method: "PUT", path: "/repos/demo-org/fuzz/contents/docs/fuzz.md",
			body: `{"message":"m","content":"eA==","committer":{"name":null,"email":"a@example.com"}}`,
			want: want{status: http.StatusUnprocessableEntity, message: "Invalid request.\n\nFor 'properties/name', nil is not a string."},
		},
		"ContentsMessage": {
			reason: "A file written with a null commit message should be refused.",
			method: "PUT", path: "/repos/demo-org/fuzz/contents/docs/fuzz.md",
			body: `{"message":null,"content":"eA=="}`,
			want: want{status: http.StatusUnprocessableEntity, message: "Invalid request.\n\nFor 'properties/message', nil is not a string."},
		},
		"RulesetCreateEnforcement": {
			reason: "A ruleset created with a null enforcement should be refused.",
			method: "POST", path: "/repos/demo-org/fuzz/rulesets",
			body: `{"name":"n","enforcement":null}`,
			want: want{status: http.StatusUnprocessableEntity, message: "Invalid request.\n\nFor 'properties/enforcement', nil is not a string."},
		},
	}
	fw := newFuzzWorld(t)
	emu := fw.newEmulator(t)
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			params := fw.reset(t, emu)
			rec := serve(emu, tc.method, fillPath(tc.path, params, ""), "demo-token", []byte(tc.body))
			var got want
			got.status = rec.Code
			var e struct {
				Message string `json:"message"`
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &e)
			got.message = e.Message
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
				t.Errorf("\n%s\n%s %s: -want, +got:\n%s", tc.reason, tc.method, tc.path, diff)
			}
		})
	}
}
