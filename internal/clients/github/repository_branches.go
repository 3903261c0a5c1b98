package github

import "github.com/google/go-github/v37/github"

// RepositoryBranchesAPI is what the branch controller needs from GitHub: the
// repository (its default branch), its branches and its git references.
type RepositoryBranchesAPI interface {
	ReposAPI
	BranchesAPI
	GitRefsAPI
}

// RepositoryBranches implements RepositoryBranchesAPI with a go-github
// client.
type RepositoryBranches struct {
	*ReposClient
	*BranchesClient
	*GitRefsClient
}

var _ RepositoryBranchesAPI = (*RepositoryBranches)(nil)

// NewRepositoryBranches returns the repository branches API of gh.
func NewRepositoryBranches(gh *github.Client) *RepositoryBranches {
	return &RepositoryBranches{NewReposClient(gh), NewBranchesClient(gh), NewGitRefsClient(gh)}
}
