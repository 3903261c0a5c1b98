package branch

import (
	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// A Missing branch is one GitHub no longer has under its name, and what
// was last observed of it.
type Missing struct {
	// Name is the branch's name, which GitHub answers 404 for.
	Name string
	// Last is the branch as last observed (status.atProvider).
	Last v1alpha1.BranchObservation
	// Source is the branch it was created from ("" for a commit): left
	// alone, it has the same head as a branch nobody committed to.
	Source string
	// DefaultBranch is the repository's default branch now.
	DefaultBranch string
}

// RenameCandidates are the branches that may be the missing branch under
// another name: a branch has no id, so they are the ones whose head commit
// is the one last observed. The repository's default branch is none of
// them, unless the missing branch was the default branch (a rename takes
// the default with it); nor is the branch it was created from. Nothing
// else tells a renamed branch from one created at the same commit, so only
// a single candidate is taken for the missing branch; none, or several,
// and it is created again.
func RenameCandidates(list []github.Branch, m Missing) []string {
	last := ""
	if m.Last.Sha != nil {
		last = *m.Last.Sha
	}
	if last == "" {
		return nil
	}
	wasDefault := m.Last.Default != nil && *m.Last.Default
	var out []string
	for _, b := range list {
		switch {
		case b.Commit.SHA != last, b.Name == m.Name:
		case b.Name == m.DefaultBranch && !wasDefault:
		case b.Name == m.Source && m.Source != "":
		default:
			out = append(out, b.Name)
		}
	}
	return out
}
