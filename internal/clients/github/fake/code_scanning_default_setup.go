package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.CodeScanningDefaultSetupAPI = (*MockCodeScanningDefaultSetupAPI)(nil)

// MockCodeScanningDefaultSetupAPI is a github.CodeScanningDefaultSetupAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockCodeScanningDefaultSetupAPI struct {
	MockGetCodeScanningDefaultSetup func(ctx context.Context, owner, repo string) (*github.CodeScanningDefaultSetup, error)
	MockPutCodeScanningDefaultSetup func(ctx context.Context, owner, repo string, r *github.CodeScanningDefaultSetupRequest) error
}

// GetCodeScanningDefaultSetup calls MockGetCodeScanningDefaultSetup.
func (m *MockCodeScanningDefaultSetupAPI) GetCodeScanningDefaultSetup(ctx context.Context, owner, repo string) (*github.CodeScanningDefaultSetup, error) {
	return m.MockGetCodeScanningDefaultSetup(ctx, owner, repo)
}

// PutCodeScanningDefaultSetup calls MockPutCodeScanningDefaultSetup.
func (m *MockCodeScanningDefaultSetupAPI) PutCodeScanningDefaultSetup(ctx context.Context, owner, repo string, r *github.CodeScanningDefaultSetupRequest) error {
	return m.MockPutCodeScanningDefaultSetup(ctx, owner, repo, r)
}
