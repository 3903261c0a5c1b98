package branch

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func TestImported(t *testing.T) {
	cases := map[string]struct {
		got  *github.Branch
		want v1alpha1.BranchParameters
	}{
		"a protected release branch": {
			got:  &github.Branch{Name: "release", Commit: headAt("0123456789abcdef0123456789abcdef01234567"), Protected: true},
			want: v1alpha1.BranchParameters{Name: "release"},
		},
		"a name with slashes and capitals": {
			got:  &github.Branch{Name: "Release/v1.2", Commit: headAt("89abcdef0123456789abcdef0123456789abcdef")},
			want: v1alpha1.BranchParameters{Name: "Release/v1.2"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got := Imported(tc.got)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Imported(): -want, +got:\n%s", diff)
			}
			// Applied as it is, the spec finds nothing to change: the
			// controller reads the branch by the spec's name (branch names
			// are case-sensitive) and then compares nothing else, and the
			// spec names no source to start the branch anywhere else.
			if o := Observation("acme/api", tc.got, "main"); string(got.Name) != *o.Name {
				t.Errorf("Imported().Name = %q, GitHub's branch is %q: the controller would find it renamed", got.Name, *o.Name)
			}
			if got.SourceBranch != nil || got.SourceSha != nil {
				t.Errorf("Imported() names a source (%v, %v): only a create reads it, and the CRD refuses adding or removing it later", got.SourceBranch, got.SourceSha)
			}
		})
	}
}

// headAt is a branch head at the commit sha.
func headAt(sha string) github.BranchCommit { return github.BranchCommit{SHA: sha} }
