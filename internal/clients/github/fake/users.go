package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.UsersAPI = (*MockUsersAPI)(nil)

// MockUsersAPI is a github.UsersAPI whose every method calls the function
// field of the same name; a nil field panics when called.
type MockUsersAPI struct {
	MockGetAccount            func(ctx context.Context, login string) (*github.Account, error)
	MockGetAuthenticatedLogin func(ctx context.Context) (string, error)
}

// GetAccount calls MockGetAccount.
func (m *MockUsersAPI) GetAccount(ctx context.Context, login string) (*github.Account, error) {
	return m.MockGetAccount(ctx, login)
}

// GetAuthenticatedLogin calls MockGetAuthenticatedLogin.
func (m *MockUsersAPI) GetAuthenticatedLogin(ctx context.Context) (string, error) {
	return m.MockGetAuthenticatedLogin(ctx)
}
