package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.CodeSecurityConfigurationsAPI = (*MockCodeSecurityConfigurationsAPI)(nil)

// MockCodeSecurityConfigurationsAPI is a github.CodeSecurityConfigurationsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockCodeSecurityConfigurationsAPI struct {
	MockListCodeSecurityConfigurations   func(ctx context.Context, org string) ([]github.CodeSecurityConfiguration, error)
	MockGetCodeSecurityConfiguration     func(ctx context.Context, org string, id int64) (*github.CodeSecurityConfiguration, error)
	MockCreateCodeSecurityConfiguration  func(ctx context.Context, org string, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error)
	MockUpdateCodeSecurityConfiguration  func(ctx context.Context, org string, id int64, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error)
	MockDeleteCodeSecurityConfiguration  func(ctx context.Context, org string, id int64) error
	MockListCodeSecurityDefaults         func(ctx context.Context, org string) ([]github.CodeSecurityDefault, error)
	MockSetCodeSecurityDefault           func(ctx context.Context, org string, id int64, forNewRepos string) error
	MockAttachCodeSecurityConfiguration  func(ctx context.Context, org string, id int64, scope string, repositoryIDs []int64) error
	MockListCodeSecurityAttachments      func(ctx context.Context, org string, id int64) ([]github.CodeSecurityAttachment, error)
	MockDetachCodeSecurityConfigurations func(ctx context.Context, org string, repositoryIDs []int64) error
}

// ListCodeSecurityConfigurations calls MockListCodeSecurityConfigurations.
func (m *MockCodeSecurityConfigurationsAPI) ListCodeSecurityConfigurations(ctx context.Context, org string) ([]github.CodeSecurityConfiguration, error) {
	return m.MockListCodeSecurityConfigurations(ctx, org)
}

// GetCodeSecurityConfiguration calls MockGetCodeSecurityConfiguration.
func (m *MockCodeSecurityConfigurationsAPI) GetCodeSecurityConfiguration(ctx context.Context, org string, id int64) (*github.CodeSecurityConfiguration, error) {
	return m.MockGetCodeSecurityConfiguration(ctx, org, id)
}

// CreateCodeSecurityConfiguration calls MockCreateCodeSecurityConfiguration.
func (m *MockCodeSecurityConfigurationsAPI) CreateCodeSecurityConfiguration(ctx context.Context, org string, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error) {
	return m.MockCreateCodeSecurityConfiguration(ctx, org, r)
}

// UpdateCodeSecurityConfiguration calls MockUpdateCodeSecurityConfiguration.
func (m *MockCodeSecurityConfigurationsAPI) UpdateCodeSecurityConfiguration(ctx context.Context, org string, id int64, r *github.CodeSecurityConfigurationRequest) (*github.CodeSecurityConfiguration, error) {
	return m.MockUpdateCodeSecurityConfiguration(ctx, org, id, r)
}

// DeleteCodeSecurityConfiguration calls MockDeleteCodeSecurityConfiguration.
func (m *MockCodeSecurityConfigurationsAPI) DeleteCodeSecurityConfiguration(ctx context.Context, org string, id int64) error {
	return m.MockDeleteCodeSecurityConfiguration(ctx, org, id)
}

// ListCodeSecurityDefaults calls MockListCodeSecurityDefaults.
func (m *MockCodeSecurityConfigurationsAPI) ListCodeSecurityDefaults(ctx context.Context, org string) ([]github.CodeSecurityDefault, error) {
	return m.MockListCodeSecurityDefaults(ctx, org)
}

// SetCodeSecurityDefault calls MockSetCodeSecurityDefault.
func (m *MockCodeSecurityConfigurationsAPI) SetCodeSecurityDefault(ctx context.Context, org string, id int64, forNewRepos string) error {
	return m.MockSetCodeSecurityDefault(ctx, org, id, forNewRepos)
}

// AttachCodeSecurityConfiguration calls MockAttachCodeSecurityConfiguration.
func (m *MockCodeSecurityConfigurationsAPI) AttachCodeSecurityConfiguration(ctx context.Context, org string, id int64, scope string, repositoryIDs []int64) error {
	return m.MockAttachCodeSecurityConfiguration(ctx, org, id, scope, repositoryIDs)
}

// ListCodeSecurityAttachments calls MockListCodeSecurityAttachments.
func (m *MockCodeSecurityConfigurationsAPI) ListCodeSecurityAttachments(ctx context.Context, org string, id int64) ([]github.CodeSecurityAttachment, error) {
	return m.MockListCodeSecurityAttachments(ctx, org, id)
}

// DetachCodeSecurityConfigurations calls MockDetachCodeSecurityConfigurations.
func (m *MockCodeSecurityConfigurationsAPI) DetachCodeSecurityConfigurations(ctx context.Context, org string, repositoryIDs []int64) error {
	return m.MockDetachCodeSecurityConfigurations(ctx, org, repositoryIDs)
}
