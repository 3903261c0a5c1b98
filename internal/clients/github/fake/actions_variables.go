package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ActionsVariablesAPI = (*MockActionsVariablesAPI)(nil)

// MockActionsVariablesAPI is a github.ActionsVariablesAPI whose every
// method calls the function field of the same name; a nil field panics
// when called.
type MockActionsVariablesAPI struct {
	MockGetVariable    func(ctx context.Context, owner, repo, environment, name string) (*github.ActionsVariable, error)
	MockCreateVariable func(ctx context.Context, owner, repo, environment string, v *github.ActionsVariableRequest) error
	MockUpdateVariable func(ctx context.Context, owner, repo, environment, name string, v *github.ActionsVariableRequest) error
	MockDeleteVariable func(ctx context.Context, owner, repo, environment, name string) error
}

// GetVariable calls MockGetVariable.
func (m *MockActionsVariablesAPI) GetVariable(ctx context.Context, owner, repo, environment, name string) (*github.ActionsVariable, error) {
	return m.MockGetVariable(ctx, owner, repo, environment, name)
}

// CreateVariable calls MockCreateVariable.
func (m *MockActionsVariablesAPI) CreateVariable(ctx context.Context, owner, repo, environment string, v *github.ActionsVariableRequest) error {
	return m.MockCreateVariable(ctx, owner, repo, environment, v)
}

// UpdateVariable calls MockUpdateVariable.
func (m *MockActionsVariablesAPI) UpdateVariable(ctx context.Context, owner, repo, environment, name string, v *github.ActionsVariableRequest) error {
	return m.MockUpdateVariable(ctx, owner, repo, environment, name, v)
}

// DeleteVariable calls MockDeleteVariable.
func (m *MockActionsVariablesAPI) DeleteVariable(ctx context.Context, owner, repo, environment, name string) error {
	return m.MockDeleteVariable(ctx, owner, repo, environment, name)
}
