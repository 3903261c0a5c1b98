package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrganizationActionsVariablesAPI = (*MockOrganizationActionsVariablesAPI)(nil)

// MockOrganizationActionsVariablesAPI is a github.OrganizationActionsVariablesAPI whose every method calls
// the function field of the same name; a nil field panics when called.
type MockOrganizationActionsVariablesAPI struct {
	MockGetOrgVariable    func(ctx context.Context, org, name string) (*github.ActionsVariable, error)
	MockCreateOrgVariable func(ctx context.Context, org string, v *github.ActionsVariableRequest) error
	MockUpdateOrgVariable func(ctx context.Context, org, name string, v *github.ActionsVariableRequest) error
	MockDeleteOrgVariable func(ctx context.Context, org, name string) error
	MockListOrgVariables  func(ctx context.Context, org string) ([]github.ActionsVariable, error)
}

// GetOrgVariable calls MockGetOrgVariable.
func (m *MockOrganizationActionsVariablesAPI) GetOrgVariable(ctx context.Context, org, name string) (*github.ActionsVariable, error) {
	return m.MockGetOrgVariable(ctx, org, name)
}

// CreateOrgVariable calls MockCreateOrgVariable.
func (m *MockOrganizationActionsVariablesAPI) CreateOrgVariable(ctx context.Context, org string, v *github.ActionsVariableRequest) error {
	return m.MockCreateOrgVariable(ctx, org, v)
}

// UpdateOrgVariable calls MockUpdateOrgVariable.
func (m *MockOrganizationActionsVariablesAPI) UpdateOrgVariable(ctx context.Context, org, name string, v *github.ActionsVariableRequest) error {
	return m.MockUpdateOrgVariable(ctx, org, name, v)
}

// DeleteOrgVariable calls MockDeleteOrgVariable.
func (m *MockOrganizationActionsVariablesAPI) DeleteOrgVariable(ctx context.Context, org, name string) error {
	return m.MockDeleteOrgVariable(ctx, org, name)
}

// ListOrgVariables calls MockListOrgVariables.
func (m *MockOrganizationActionsVariablesAPI) ListOrgVariables(ctx context.Context, org string) ([]github.ActionsVariable, error) {
	return m.MockListOrgVariables(ctx, org)
}
