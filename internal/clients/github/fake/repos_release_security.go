package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ReleaseSecurityAPI = (*MockReleaseSecurityAPI)(nil)

// MockReleaseSecurityAPI is a github.ReleaseSecurityAPI whose every method
// calls the function field of the same name; a nil field panics.
type MockReleaseSecurityAPI struct {
	MockPrivateVulnerabilityReporting    func(ctx context.Context, owner, name string) (bool, error)
	MockSetPrivateVulnerabilityReporting func(ctx context.Context, owner, name string, enabled bool) error
	MockImmutableReleases                func(ctx context.Context, owner, name string) (github.ImmutableReleases, error)
	MockSetImmutableReleases             func(ctx context.Context, owner, name string, enabled bool) error
}

// PrivateVulnerabilityReporting calls MockPrivateVulnerabilityReporting.
func (m *MockReleaseSecurityAPI) PrivateVulnerabilityReporting(ctx context.Context, owner, name string) (bool, error) {
	return m.MockPrivateVulnerabilityReporting(ctx, owner, name)
}

// SetPrivateVulnerabilityReporting calls MockSetPrivateVulnerabilityReporting.
func (m *MockReleaseSecurityAPI) SetPrivateVulnerabilityReporting(ctx context.Context, owner, name string, enabled bool) error {
	return m.MockSetPrivateVulnerabilityReporting(ctx, owner, name, enabled)
}

// ImmutableReleases calls MockImmutableReleases.
func (m *MockReleaseSecurityAPI) ImmutableReleases(ctx context.Context, owner, name string) (github.ImmutableReleases, error) {
	return m.MockImmutableReleases(ctx, owner, name)
}

// SetImmutableReleases calls MockSetImmutableReleases.
func (m *MockReleaseSecurityAPI) SetImmutableReleases(ctx context.Context, owner, name string, enabled bool) error {
	return m.MockSetImmutableReleases(ctx, owner, name, enabled)
}
