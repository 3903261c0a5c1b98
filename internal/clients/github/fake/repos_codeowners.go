package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.CodeownersAPI = (*MockCodeownersAPI)(nil)

// MockCodeownersAPI is a github.CodeownersAPI whose every method calls the
// function field of the same name; a nil field panics.
type MockCodeownersAPI struct {
	MockCodeownersErrors func(ctx context.Context, owner, name, ref string) ([]github.CodeownersError, error)
}

// CodeownersErrors calls MockCodeownersErrors.
func (m *MockCodeownersAPI) CodeownersErrors(ctx context.Context, owner, name, ref string) ([]github.CodeownersError, error) {
	return m.MockCodeownersErrors(ctx, owner, name, ref)
}
