package repositoryfile

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestCodeownersCondition(t *testing.T) {
	pattern := github.CodeownersError{Line: 3, Column: 1, Kind: "Invalid pattern", Source: "***/*.rb @monalisa", Suggestion: ptr.To("Did you mean `**/*.rb`?"),
		Message: "Invalid pattern on line 3: Did you mean `**/*.rb`?\n\n  ***/*.rb @monalisa\n  ^", Path: ".github/CODEOWNERS"}
	owner := github.CodeownersError{Line: 7, Column: 9, Kind: "Unknown owner", Source: "/build/ @ghost ",
		Message: "Unknown owner on line 7: make sure @ghost exists and has write access to the repository\n\n  /build/ @ghost\n          ^", Path: ".github/CODEOWNERS"}
	invalid := github.CodeownersError{Line: 8, Column: 7, Kind: "Invalid owner", Source: "*.txt docs@", Message: "Invalid owner on line 8:\n\n  *.txt docs@\n        ^"}
	many := make([]github.CodeownersError, 12)
	for i := range many {
		many[i] = github.CodeownersError{Line: i + 1, Kind: "Invalid owner", Source: fmt.Sprintf("f%d x", i), Message: "Invalid owner on line 1:"}
	}
	cases := map[string]struct {
		reason   string
		inEffect string
		errs     []github.CodeownersError
		status   string
		why      string
		message  string
	}{
		"NoErrors": {
			reason: "a file GitHub reads without errors is True",
			status: "True", why: "NoErrors", message: "GitHub reads .github/CODEOWNERS on branch main without errors",
		},
		"Errors": {
			reason: "each error is named by line and kind, with GitHub's suggestion or the first line's advice, and the line itself",
			errs:   []github.CodeownersError{pattern, owner, invalid},
			status: "False", why: "Errors",
			message: "GitHub finds 3 error(s) in .github/CODEOWNERS on branch main, and ignores those lines: " +
				"line 3: Invalid pattern (Did you mean `**/*.rb`?) in `***/*.rb @monalisa`; " +
				"line 7: Unknown owner (make sure @ghost exists and has write access to the repository) in `/build/ @ghost`; " +
				"line 8: Invalid owner in `*.txt docs@`",
		},
		"ManyErrors": {
			reason: "the first ten errors are listed, and how many more there are",
			errs:   many, status: "False", why: "Errors",
			message: "GitHub finds 12 error(s) in .github/CODEOWNERS on branch main, and ignores those lines: " +
				"line 1: Invalid owner in `f0 x`; line 2: Invalid owner in `f1 x`; line 3: Invalid owner in `f2 x`; line 4: Invalid owner in `f3 x`; " +
				"line 5: Invalid owner in `f4 x`; line 6: Invalid owner in `f5 x`; line 7: Invalid owner in `f6 x`; line 8: Invalid owner in `f7 x`; " +
				"line 9: Invalid owner in `f8 x`; line 10: Invalid owner in `f9 x`; and 2 more",
		},
		"NotInEffect": {
			reason:   "a file GitHub does not read, because another comes first, says which and what to do, whatever its errors",
			inEffect: "CODEOWNERS", errs: []github.CodeownersError{pattern},
			status: "False", why: "NotInEffect",
			message: "GitHub reads CODEOWNERS on branch main, which comes before .github/CODEOWNERS: this file has no effect; move its rules there, or delete that file",
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := CodeownersCondition(".github/CODEOWNERS", "main", tc.inEffect, tc.errs)
			got := []string{string(c.Type), string(c.Status), string(c.Reason), c.Message}
			want := []string{"CodeOwners", tc.status, tc.why, tc.message}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("\n%s\nCodeownersCondition(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestBefore(t *testing.T) {
	cases := map[string][]string{
		".github/CODEOWNERS": {},
		"CODEOWNERS":         {".github/CODEOWNERS"},
		"docs/CODEOWNERS":    {".github/CODEOWNERS", "CODEOWNERS"},
		"src/CODEOWNERS":     nil,
	}
	for path, want := range cases {
		if got := Before(path); !cmp.Equal(want, got) || IsCodeowners(path) != (want != nil) {
			t.Errorf("Before(%q) = %v, IsCodeowners %t; want %v", path, got, IsCodeowners(path), want)
		}
	}
}
