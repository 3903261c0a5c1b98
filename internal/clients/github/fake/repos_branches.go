package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.BranchesAPI = (*MockBranchesAPI)(nil)

// MockBranchesAPI is a github.BranchesAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockBranchesAPI struct {
	MockGetBranch    func(ctx context.Context, owner, repo, branch string) (*github.Branch, error)
	MockRenameBranch func(ctx context.Context, owner, repo, branch, newName string) (*github.Branch, error)
}

// GetBranch calls MockGetBranch.
func (m *MockBranchesAPI) GetBranch(ctx context.Context, owner, repo, branch string) (*github.Branch, error) {
	return m.MockGetBranch(ctx, owner, repo, branch)
}

// RenameBranch calls MockRenameBranch.
func (m *MockBranchesAPI) RenameBranch(ctx context.Context, owner, repo, branch, newName string) (*github.Branch, error) {
	return m.MockRenameBranch(ctx, owner, repo, branch, newName)
}
