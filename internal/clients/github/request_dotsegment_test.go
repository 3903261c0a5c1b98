package github

import (
	"strings"
	"testing"

	"github.com/google/go-github/v37/github"
)

// A parameter that is a dot segment ("." or "..", which an environment's
// name can be) stays a segment of the request's path: resolved against the
// API root unescaped, it would be dropped and the request would go to
// another resource (PUT /repos/o/r for environment "..").
func TestPathKeepsDotSegments(t *testing.T) {
	gh := github.NewClient(nil)
	cases := map[string]struct {
		env, want string
	}{
		"Dot":    {env: ".", want: "/repos/o/r/environments/%2E/variables/X"},
		"DotDot": {env: "..", want: "/repos/o/r/environments/%2E%2E/variables/X"},
		"Dots":   {env: "...", want: "/repos/o/r/environments/.../variables/X"},
		"Slash":  {env: "../a", want: "/repos/o/r/environments/..%2Fa/variables/X"},
		"Plain":  {env: "prod", want: "/repos/o/r/environments/prod/variables/X"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			req, err := gh.NewRequest("GET", routeGetEnvironmentVariable.path("o", "r", tc.env, "X"), nil)
			if err != nil {
				t.Fatalf("NewRequest(...): %v", err)
			}
			if got := req.URL.EscapedPath(); got != tc.want {
				t.Errorf("path of environment %q = %s, want %s", tc.env, got, tc.want)
			}
			if !strings.HasPrefix(req.URL.Path, "/repos/o/r/environments/"+tc.env+"/") {
				t.Errorf("decoded path %s does not name environment %q", req.URL.Path, tc.env)
			}
		})
	}
}
