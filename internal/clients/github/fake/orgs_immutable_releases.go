package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ImmutableReleasesPolicyAPI = (*MockImmutableReleasesPolicyAPI)(nil)

// MockImmutableReleasesPolicyAPI is a github.ImmutableReleasesPolicyAPI
// whose every method calls the function field of the same name; a nil
// field panics.
type MockImmutableReleasesPolicyAPI struct {
	MockImmutableReleasesPolicy    func(ctx context.Context, org string) (string, error)
	MockSetImmutableReleasesPolicy func(ctx context.Context, org string, p github.ImmutableReleasesPolicy) error
}

// ImmutableReleasesPolicy calls MockImmutableReleasesPolicy.
func (m *MockImmutableReleasesPolicyAPI) ImmutableReleasesPolicy(ctx context.Context, org string) (string, error) {
	return m.MockImmutableReleasesPolicy(ctx, org)
}

// SetImmutableReleasesPolicy calls MockSetImmutableReleasesPolicy.
func (m *MockImmutableReleasesPolicyAPI) SetImmutableReleasesPolicy(ctx context.Context, org string, p github.ImmutableReleasesPolicy) error {
	return m.MockSetImmutableReleasesPolicy(ctx, org, p)
}
