package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.BranchProtectionAPI = (*MockBranchProtectionAPI)(nil)

// MockBranchProtectionAPI is a github.BranchProtectionAPI whose every
// method calls the function field of the same name; a nil field panics
// when called.
type MockBranchProtectionAPI struct {
	MockGetProtection         func(ctx context.Context, owner, repo, branch string) (*github.Protection, error)
	MockUpdateProtection      func(ctx context.Context, owner, repo, branch string, p *github.ProtectionRequest) (*github.Protection, error)
	MockDeleteProtection      func(ctx context.Context, owner, repo, branch string) error
	MockRequiredSignatures    func(ctx context.Context, owner, repo, branch string) (bool, error)
	MockSetRequiredSignatures func(ctx context.Context, owner, repo, branch string, on bool) error
}

// GetProtection calls MockGetProtection.
func (m *MockBranchProtectionAPI) GetProtection(ctx context.Context, owner, repo, branch string) (*github.Protection, error) {
	return m.MockGetProtection(ctx, owner, repo, branch)
}

// UpdateProtection calls MockUpdateProtection.
func (m *MockBranchProtectionAPI) UpdateProtection(ctx context.Context, owner, repo, branch string, p *github.ProtectionRequest) (*github.Protection, error) {
	return m.MockUpdateProtection(ctx, owner, repo, branch, p)
}

// DeleteProtection calls MockDeleteProtection.
func (m *MockBranchProtectionAPI) DeleteProtection(ctx context.Context, owner, repo, branch string) error {
	return m.MockDeleteProtection(ctx, owner, repo, branch)
}

// RequiredSignatures calls MockRequiredSignatures.
func (m *MockBranchProtectionAPI) RequiredSignatures(ctx context.Context, owner, repo, branch string) (bool, error) {
	return m.MockRequiredSignatures(ctx, owner, repo, branch)
}

// SetRequiredSignatures calls MockSetRequiredSignatures.
func (m *MockBranchProtectionAPI) SetRequiredSignatures(ctx context.Context, owner, repo, branch string, on bool) error {
	return m.MockSetRequiredSignatures(ctx, owner, repo, branch, on)
}
