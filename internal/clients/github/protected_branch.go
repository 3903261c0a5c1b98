package github

import "github.com/google/go-github/v37/github"

// ProtectedBranchAPI is what the branch protection controller needs from
// GitHub: a branch's protection, and the repository, to tell a repository
// GitHub does not show from a branch without protection.
type ProtectedBranchAPI interface {
	BranchProtectionAPI
	ReposAPI
}

// ProtectedBranch implements ProtectedBranchAPI with a go-github client.
type ProtectedBranch struct {
	*BranchProtectionClient
	*ReposClient
}

var _ ProtectedBranchAPI = (*ProtectedBranch)(nil)

// NewProtectedBranch returns the branch protection API of gh.
func NewProtectedBranch(gh *github.Client) *ProtectedBranch {
	return &ProtectedBranch{NewBranchProtectionClient(gh), NewReposClient(gh)}
}
