package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrgVariablesAPI = (*MockOrgVariablesAPI)(nil)

// MockOrgVariablesAPI is a github.OrgVariablesAPI whose every method calls
// the function field of the same name; a nil field panics when called.
type MockOrgVariablesAPI struct {
	MockGetOrgVariable    func(ctx context.Context, org, name string) (*github.OrgVariable, error)
	MockCreateOrgVariable func(ctx context.Context, org string, v *github.OrgVariableRequest) error
	MockUpdateOrgVariable func(ctx context.Context, org, name string, v *github.OrgVariableRequest) error
	MockDeleteOrgVariable func(ctx context.Context, org, name string) error
	MockListOrgVariables  func(ctx context.Context, org string) ([]github.OrgVariable, error)
}

// GetOrgVariable calls MockGetOrgVariable.
func (m *MockOrgVariablesAPI) GetOrgVariable(ctx context.Context, org, name string) (*github.OrgVariable, error) {
	return m.MockGetOrgVariable(ctx, org, name)
}

// CreateOrgVariable calls MockCreateOrgVariable.
func (m *MockOrgVariablesAPI) CreateOrgVariable(ctx context.Context, org string, v *github.OrgVariableRequest) error {
	return m.MockCreateOrgVariable(ctx, org, v)
}

// UpdateOrgVariable calls MockUpdateOrgVariable.
func (m *MockOrgVariablesAPI) UpdateOrgVariable(ctx context.Context, org, name string, v *github.OrgVariableRequest) error {
	return m.MockUpdateOrgVariable(ctx, org, name, v)
}

// DeleteOrgVariable calls MockDeleteOrgVariable.
func (m *MockOrgVariablesAPI) DeleteOrgVariable(ctx context.Context, org, name string) error {
	return m.MockDeleteOrgVariable(ctx, org, name)
}

// ListOrgVariables calls MockListOrgVariables.
func (m *MockOrgVariablesAPI) ListOrgVariables(ctx context.Context, org string) ([]github.OrgVariable, error) {
	return m.MockListOrgVariables(ctx, org)
}
