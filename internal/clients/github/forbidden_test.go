package github

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	gogithub "github.com/google/go-github/v37/github"
)

// forbidden is go-github's error for a 403 answer to method url.
func forbidden(method, url string) error {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		panic(err)
	}
	return gogithub.CheckResponse(&http.Response{
		StatusCode: http.StatusForbidden, Status: "403 Forbidden",
		Header:  http.Header{"Content-Type": {"application/json; charset=utf-8"}},
		Body:    io.NopCloser(strings.NewReader(`{"message":"Resource not accessible by integration"}`)),
		Request: req,
	})
}

func TestExplainForbiddenNamesTheRoutesPermission(t *testing.T) {
	const said = "GitHub refused the request (403 Resource not accessible by integration): the credentials lack permission"
	cases := map[string]struct {
		reason string
		err    error
		want   error
	}{
		"EditRepository": {
			reason: "A repository PATCH needs Administration: write.",
			err:    forbidden(http.MethodPatch, "https://api.github.com/repos/demo-org/svc"),
			want:   &Error{Status: 403, msg: said + "; a classic token needs the repo scope, a fine-grained token or GitHub App needs Administration: write on the repository"},
		},
		"DeleteRepositoryByID": {
			reason: "A DELETE redirected to the repository's id is still a repository delete, which needs delete_repo.",
			err:    forbidden(http.MethodDelete, "https://ghe.example.com/api/v3/repositories/42"),
			want:   &Error{Status: 403, msg: said + "; a classic token needs the delete_repo scope, a fine-grained token or GitHub App needs Administration: write on the repository"},
		},
		"Webhook": {
			reason: "A webhook write needs Webhooks: write, not Administration.",
			err:    forbidden(http.MethodPatch, "https://api.github.com/repos/demo-org/svc/hooks/12"),
			want:   &Error{Status: 403, msg: said + "; a classic token needs the admin:repo_hook scope, a fine-grained token or GitHub App needs Webhooks: write on the repository"},
		},
		"NoPermissionNeeded": {
			reason: "A route that needs no permission names none.",
			err:    forbidden(http.MethodGet, "https://api.github.com/users/demo-user"),
			want:   &Error{Status: 403, msg: said},
		},
		"Undeclared": {
			reason: "An undeclared route names no permission rather than a wrong one.",
			err:    forbidden(http.MethodPost, "https://api.github.com/repos/demo-org/svc/pages/builds"),
			want:   &Error{Status: 403, msg: said},
		},
		"FileWrite": {
			reason: "A file's path is one escaped segment of the contents route, which needs Contents: write.",
			err:    forbidden(http.MethodPut, "https://api.github.com/repos/demo-org/svc/contents/docs%2FREADME.md"),
			want:   &Error{Status: 403, msg: said + "; a classic token needs the repo scope, a fine-grained token or GitHub App needs Contents: write on the repository"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Explain(tc.err), test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nExplain(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestExplainForbiddenWithoutRequest(t *testing.T) {
	err := &gogithub.ErrorResponse{Response: &http.Response{StatusCode: http.StatusForbidden}, Message: "Forbidden"}
	want := &Error{Status: 403, msg: fmt.Sprintf("GitHub refused the request (403 %s): the credentials lack permission", "Forbidden")}
	if diff := cmp.Diff(want, Explain(err), test.EquateErrors()); diff != "" {
		t.Errorf("Explain(403 without its request): -want, +got:\n%s", diff)
	}
}
