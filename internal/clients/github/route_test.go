package github

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRoutePath(t *testing.T) {
	r := Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/hooks/{hook_id}"}
	if diff := cmp.Diff("repos/o/my%20repo/hooks/7", r.path("o", "my repo", "7")); diff != "" {
		t.Errorf("path(...): -want, +got:\n%s", diff)
	}
	for _, params := range [][]string{{"o", "r"}, {"o", "r", "7", "8"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("path(%q) of a template with 3 parameters did not panic", params)
				}
			}()
			r.path(params...)
		}()
	}
}
