package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.CustomPropertiesAPI = (*MockCustomPropertiesAPI)(nil)

// MockCustomPropertiesAPI is a github.CustomPropertiesAPI whose every
// method calls the function field of the same name; a nil field panics
// when called.
type MockCustomPropertiesAPI struct {
	MockListCustomProperties    func(ctx context.Context, org string) ([]github.CustomProperty, error)
	MockGetCustomProperty       func(ctx context.Context, org, name string) (*github.CustomProperty, error)
	MockPutCustomProperty       func(ctx context.Context, org, name string, r *github.CustomPropertyRequest) (*github.CustomProperty, error)
	MockDeleteCustomProperty    func(ctx context.Context, org, name string) error
	MockSetCustomPropertyValues func(ctx context.Context, owner, repo string, values []github.CustomPropertyValue) error
}

// ListCustomProperties calls MockListCustomProperties.
func (m *MockCustomPropertiesAPI) ListCustomProperties(ctx context.Context, org string) ([]github.CustomProperty, error) {
	return m.MockListCustomProperties(ctx, org)
}

// GetCustomProperty calls MockGetCustomProperty.
func (m *MockCustomPropertiesAPI) GetCustomProperty(ctx context.Context, org, name string) (*github.CustomProperty, error) {
	return m.MockGetCustomProperty(ctx, org, name)
}

// PutCustomProperty calls MockPutCustomProperty.
func (m *MockCustomPropertiesAPI) PutCustomProperty(ctx context.Context, org, name string, r *github.CustomPropertyRequest) (*github.CustomProperty, error) {
	return m.MockPutCustomProperty(ctx, org, name, r)
}

// DeleteCustomProperty calls MockDeleteCustomProperty.
func (m *MockCustomPropertiesAPI) DeleteCustomProperty(ctx context.Context, org, name string) error {
	return m.MockDeleteCustomProperty(ctx, org, name)
}

// SetCustomPropertyValues calls MockSetCustomPropertyValues.
func (m *MockCustomPropertiesAPI) SetCustomPropertyValues(ctx context.Context, owner, repo string, values []github.CustomPropertyValue) error {
	return m.MockSetCustomPropertyValues(ctx, owner, repo, values)
}
