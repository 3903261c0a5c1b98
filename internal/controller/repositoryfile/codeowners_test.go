package repositoryfile

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	rf "github.com/crossplane-github/provider-github/internal/clients/repositoryfile"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

func TestCheckCodeowners(t *testing.T) {
	broken := []github.CodeownersError{{Line: 2, Kind: "Unknown owner", Source: "* @ghost", Message: "Unknown owner on line 2: make sure @ghost exists and has write access to the repository"}}
	cases := map[string]struct {
		reason string
		path   string
		// present are the other CODEOWNERS paths GitHub has a file at.
		present []string
		errs    []github.CodeownersError
		errsErr error
		// was is the condition's reason before, "" for none.
		was        string
		wantReason string
		wantReads  []string
		wantEvents []event.Reason
		wantErr    string
	}{
		"NoErrors": {
			reason: "a file GitHub reads without errors is True, with no event",
			path:   ".github/CODEOWNERS", wantReason: "NoErrors", wantReads: []string{"errors@main"},
		},
		"Errors": {
			reason: "errors make the condition False, and a warning event says so",
			path:   ".github/CODEOWNERS", errs: broken, wantReason: "Errors", wantReads: []string{"errors@main"}, wantEvents: []event.Reason{"Errors"},
		},
		"ErrorsAgain": {
			reason: "the same errors again are no new event",
			path:   ".github/CODEOWNERS", errs: broken, was: "Errors", wantReason: "Errors", wantReads: []string{"errors@main"},
		},
		"OverriddenByAFileGitHubReadsFirst": {
			reason: "a root CODEOWNERS is not read while .github/CODEOWNERS exists: the condition says so, and its errors are not read",
			path:   "CODEOWNERS", present: []string{".github/CODEOWNERS"},
			wantReason: "NotInEffect", wantReads: []string{".github/CODEOWNERS@main"}, wantEvents: []event.Reason{"NotInEffect"},
		},
		"InEffect": {
			reason: "docs/CODEOWNERS is read when neither .github/CODEOWNERS nor CODEOWNERS exists",
			path:   "docs/CODEOWNERS", wantReason: "NoErrors", wantReads: []string{".github/CODEOWNERS@main", "CODEOWNERS@main", "errors@main"},
		},
		"CheckFails": {
			reason: "a check GitHub fails to answer is an error saying which",
			path:   ".github/CODEOWNERS", errsErr: &github.Error{Status: http.StatusInternalServerError},
			wantReads: []string{"errors@main"}, wantErr: "cannot read GitHub's check of .github/CODEOWNERS on branch main of demo-org/app",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				var reads []string
				api := &mockAPI{
					MockContentsAPI: fake.MockContentsAPI{MockGetFile: func(_ context.Context, _, _, p, ref string) (*github.FileContent, error) {
						reads = append(reads, p+"@"+ref)
						for _, q := range tc.present {
							if q == p {
								return &github.FileContent{Type: "file"}, nil
							}
						}
						return nil, &github.Error{Status: http.StatusNotFound}
					}},
					MockCodeownersAPI: fake.MockCodeownersAPI{MockCodeownersErrors: func(_ context.Context, _, _, ref string) ([]github.CodeownersError, error) {
						reads = append(reads, "errors@"+ref)
						return tc.errs, tc.errsErr
					}},
				}
				mg := s.file(func(o Object) { o.Parameters().Path = tc.path })
				if tc.was != "" {
					c := rf.CodeownersCondition(tc.path, "main", "", tc.errs)
					mg.SetConditions(c)
				}
				rec := &kindtest.Recorder{}
				err := s.external(api, nil, rec, found{branch: "main"}).checkCodeowners(context.Background(), mg)
				if tc.wantErr != "" || err != nil {
					if err == nil || !strings.Contains(err.Error(), tc.wantErr) || tc.wantErr == "" {
						t.Fatalf("\n%s\ncheckCodeowners(...) = %v, want an error saying %q", tc.reason, err, tc.wantErr)
					}
				} else if got := mg.GetCondition(rf.TypeCodeowners).Reason; string(got) != tc.wantReason {
					t.Errorf("\n%s\nCodeOwners condition reason = %q, want %q", tc.reason, got, tc.wantReason)
				}
				if diff := cmp.Diff(tc.wantReads, reads); diff != "" {
					t.Errorf("\n%s\nreads: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.wantEvents, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}
