package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.RepoCodeSecurityAPI = (*MockRepoCodeSecurityAPI)(nil)

// MockRepoCodeSecurityAPI is a github.RepoCodeSecurityAPI whose method calls
// the function field of the same name; a nil field panics when called.
type MockRepoCodeSecurityAPI struct {
	MockRepoCodeSecurityConfiguration func(ctx context.Context, owner, name string) (*github.RepoCodeSecurityConfiguration, error)
}

// RepoCodeSecurityConfiguration calls MockRepoCodeSecurityConfiguration.
func (m *MockRepoCodeSecurityAPI) RepoCodeSecurityConfiguration(ctx context.Context, owner, name string) (*github.RepoCodeSecurityConfiguration, error) {
	return m.MockRepoCodeSecurityConfiguration(ctx, owner, name)
}
