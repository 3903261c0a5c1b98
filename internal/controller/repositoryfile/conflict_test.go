package repositoryfile

import (
	"context"
	"net/http"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// TestRetryMoved: a write GitHub refuses because another commit landed on
// the branch at the same moment is sent again after a fresh read finds the
// file as Observe did, at most commitTries times; a file that changed
// meanwhile, or a 409 of another kind, is left to the next reconcile.
func TestRetryMoved(t *testing.T) {
	const landed, read = "30e15e8485d2808d7f9cdf27cecbb145252e1427", "46affa9e9f78ca99714ed0e12a9c44e94e1e9055"
	moved := func(method string) error {
		return kindtest.GitHubErr(method, contentsPath, http.StatusConflict, "is at "+landed+" but expected "+read)
	}
	put := func(msg, sha string) call {
		return call{Op: "put", Branch: "main", Write: &github.FileWrite{Message: msg, Content: []byte(content), SHA: sha, Branch: "main"}}
	}
	get := call{Op: "get", Branch: "main"}
	create, update := put("Create config/app.yaml", ""), put("Update config/app.yaml", otherSHA)
	del := call{Op: "delete", Branch: "main", Write: &github.FileWrite{Message: "Delete config/app.yaml", SHA: otherSHA, Branch: "main"}}
	written := &github.FileCommit{Content: file(contentSHA)}
	cases := map[string]struct {
		reason string
		op     string
		api    api
		found  found
		want   error
		calls  []call
	}{
		"CreateLandsOnRetry": {
			reason: "A new file refused because the branch moved is still absent: it is written again, and lands.",
			op:     "create",
			api:    api{putErrs: []error{moved(http.MethodPut)}, put: written, getErr: notFound("Not Found")},
			found:  found{branch: "main", content: []byte(content)},
			calls:  []call{create, get, create},
		},
		"CreateFileAppeared": {
			reason: "A file someone wrote meanwhile at the path is not overwritten: the next Observe decides.",
			op:     "create",
			api:    api{putErrs: []error{moved(http.MethodPut)}, get: file(otherSHA)},
			found:  found{branch: "main", content: []byte(content)},
			want:   errors.Wrap(moved(http.MethodPut), "cannot create config/app.yaml on branch main of demo-org/app: another commit landed on the branch at the same moment, and the file changed on GitHub meanwhile; it is read again on the next attempt"),
			calls:  []call{create, get},
		},
		"CreateKeepsMoving": {
			reason: "The retries are bounded: after commitTries refusals the error says why, for the next reconcile.",
			op:     "create",
			api:    api{putErr: moved(http.MethodPut), getErr: notFound("Not Found")},
			found:  found{branch: "main", content: []byte(content)},
			want:   errors.Wrap(moved(http.MethodPut), "cannot create config/app.yaml on branch main of demo-org/app: other commits kept landing on branch main at the same moment (GitHub refused this commit 4 times in 1.75s); it is tried again on the next reconcile"),
			calls:  []call{create, get, create, get, create, get, create},
		},
		"UpdateLandsOnRetry": {
			reason: "An update whose file is still the one read is sent again with the same sha.",
			op:     "update",
			api:    api{putErrs: []error{moved(http.MethodPut), moved(http.MethodPut)}, put: written, get: file(otherSHA)},
			found:  found{branch: "main", content: []byte(content), observed: file(otherSHA)},
			calls:  []call{update, get, update, get, update},
		},
		"UpdateFileChanged": {
			reason: "A file changed meanwhile is not written over blindly.",
			op:     "update",
			api:    api{putErrs: []error{moved(http.MethodPut)}, get: file(contentSHA)},
			found:  found{branch: "main", content: []byte(content), observed: file(otherSHA)},
			want:   errors.Wrap(moved(http.MethodPut), "cannot update config/app.yaml on branch main of demo-org/app: another commit landed on the branch at the same moment, and the file changed on GitHub meanwhile; it is read again on the next attempt"),
			calls:  []call{update, get},
		},
		"StaleSHANotRetried": {
			reason: "GitHub's other 409 (the file is not the one named) is not a moved branch: no retry.",
			op:     "update",
			api:    api{putErr: kindtest.GitHubErr(http.MethodPut, contentsPath, http.StatusConflict, "config/app.yaml does not match "+otherSHA)},
			found:  found{branch: "main", content: []byte(content), observed: file(otherSHA)},
			want: errors.Wrap(kindtest.GitHubErr(http.MethodPut, contentsPath, http.StatusConflict, "config/app.yaml does not match "+otherSHA),
				"cannot update config/app.yaml on branch main of demo-org/app: the file changed on GitHub since it was read; it is read again on the next attempt"),
			calls: []call{update},
		},
		"DeleteLandsOnRetry": {
			reason: "A delete refused because the branch moved is sent again while the file is as read.",
			op:     "delete",
			api:    api{deleteErrs: []error{moved(http.MethodDelete)}, get: file(otherSHA)},
			found:  found{branch: "main", observed: file(otherSHA)},
			calls:  []call{del, get, del},
		},
		"DeleteFileGone": {
			reason: "A file gone meanwhile is not deleted again: the next Observe finds it gone.",
			op:     "delete",
			api:    api{deleteErrs: []error{moved(http.MethodDelete)}, getErr: notFound("Not Found")},
			found:  found{branch: "main", observed: file(otherSHA)},
			want:   errors.Wrap(moved(http.MethodDelete), "cannot delete config/app.yaml on branch main of demo-org/app: another commit landed on the branch at the same moment, and the file changed on GitHub meanwhile; it is read again on the next attempt"),
			calls:  []call{del, get},
		},
	}
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				var calls []call
				mg := s.file(withExternalName(path))
				e := s.external(tc.api.fake(t, &calls), nil, &kindtest.Recorder{}, tc.found)
				var err error
				switch tc.op {
				case "create":
					_, err = e.Create(context.Background(), mg)
				case "update":
					_, err = e.Update(context.Background(), mg)
				default:
					_, err = e.Delete(context.Background(), mg)
				}
				if diff := cmp.Diff(tc.want, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\n%s(...): -want error, +got error:\n%s", tc.reason, tc.op, diff)
				}
				if diff := cmp.Diff(tc.calls, calls); diff != "" {
					t.Errorf("\n%s\n%s(...): calls to GitHub: -want, +got:\n%s", tc.reason, tc.op, diff)
				}
			})
		}
	})
}
