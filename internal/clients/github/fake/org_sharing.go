package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.SelectedRepositoriesAPI = (*MockSelectedRepositoriesAPI)(nil)

// MockSelectedRepositoriesAPI is a github.SelectedRepositoriesAPI whose
// method calls the function field of its name; a nil field panics.
type MockSelectedRepositoriesAPI struct {
	MockListSelectedRepositories func(ctx context.Context, org string, of github.Shared, name string) ([]github.SelectedRepository, error)
}

// ListSelectedRepositories calls MockListSelectedRepositories.
func (m *MockSelectedRepositoriesAPI) ListSelectedRepositories(ctx context.Context, org string, of github.Shared, name string) ([]github.SelectedRepository, error) {
	return m.MockListSelectedRepositories(ctx, org, of, name)
}
