package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.CodeScanningDefaultSetupAPI = (*MockCodeScanningDefaultSetupAPI)(nil)

// MockCodeScanningDefaultSetupAPI is a github.CodeScanningDefaultSetupAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockCodeScanningDefaultSetupAPI struct {
	MockGetCodeScanningDefaultSetup    func(ctx context.Context, owner, repo string) (*github.CodeScanningDefaultSetup, error)
	MockUpdateCodeScanningDefaultSetup func(ctx context.Context, owner, repo string, r *github.CodeScanningDefaultSetupRequest) (*github.CodeScanningRun, error)
}

// GetCodeScanningDefaultSetup calls MockGetCodeScanningDefaultSetup.
func (m *MockCodeScanningDefaultSetupAPI) GetCodeScanningDefaultSetup(ctx context.Context, owner, repo string) (*github.CodeScanningDefaultSetup, error) {
	return m.MockGetCodeScanningDefaultSetup(ctx, owner, repo)
}

// UpdateCodeScanningDefaultSetup calls MockUpdateCodeScanningDefaultSetup.
func (m *MockCodeScanningDefaultSetupAPI) UpdateCodeScanningDefaultSetup(ctx context.Context, owner, repo string, r *github.CodeScanningDefaultSetupRequest) (*github.CodeScanningRun, error) {
	return m.MockUpdateCodeScanningDefaultSetup(ctx, owner, repo, r)
}
