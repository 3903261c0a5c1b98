package fake

import "github.com/crossplane-github/provider-github/internal/clients/github"

var _ github.RepositoryBranchesAPI = (*MockRepositoryBranches)(nil)

// MockRepositoryBranches is a github.RepositoryBranchesAPI made of the fakes
// of its areas, whose methods it promotes. A call to a method whose function
// field is nil panics, so a test states every call it expects.
type MockRepositoryBranches struct {
	MockReposAPI
	MockBranchesAPI
	MockGitRefsAPI
}
