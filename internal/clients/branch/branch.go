// Package branch maps a Branch's parameters to GitHub's git reference
// requests and GitHub's branches to its observation, and picks the branch a
// rename outside Kubernetes left behind. Pure functions: no Kubernetes
// client, no HTTP.
package branch

import (
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Ref is the git reference of the branch called name, as the reference
// paths of GitHub's API write it (without refs/): heads/<name>.
func Ref(name string) string { return "heads/" + name }

// CreateRequest is the request that creates the branch called name at the
// commit sha.
func CreateRequest(name, sha string) *github.ReferenceRequest {
	return &github.ReferenceRequest{Ref: "refs/" + Ref(name), SHA: sha}
}

// A Source is where a new branch starts: at a commit (SHA), or at the head
// of a branch.
type Source struct {
	// SHA is the commit, when the parameters name one.
	SHA string
	// Branch is the branch whose head the new branch starts at, when SHA
	// is empty: sourceBranch, or the repository's default branch.
	Branch string
	// Default is true when Branch is the repository's default branch
	// because the parameters name no source.
	Default bool
}

// SourceOf is where the branch of p starts, in a repository whose default
// branch is defaultBranch.
func SourceOf(p *v1alpha1.BranchParameters, defaultBranch string) Source {
	switch {
	case p.SourceSha != nil:
		return Source{SHA: *p.SourceSha}
	case p.SourceBranch != nil:
		return Source{Branch: string(*p.SourceBranch)}
	}
	return Source{Branch: defaultBranch, Default: true}
}

// Observation is the status.atProvider of branch b of the repository
// fullName (owner/name), whose default branch is defaultBranch.
func Observation(fullName string, b *github.Branch, defaultBranch string) v1alpha1.BranchObservation {
	return v1alpha1.BranchObservation{
		Name:       ptr.To(b.Name),
		Repository: ptr.To(fullName),
		Sha:        nonEmpty(b.Commit.SHA),
		Protected:  ptr.To(b.Protected),
		Default:    ptr.To(b.Name == defaultBranch),
	}
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
