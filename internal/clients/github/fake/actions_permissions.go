package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ActionsPermissionsAPI = (*MockActionsPermissionsAPI)(nil)

// MockActionsPermissionsAPI is a github.ActionsPermissionsAPI whose every
// method calls the function field of the same name; a nil field panics when
// called.
type MockActionsPermissionsAPI struct {
	MockGetActionsPermissions          func(ctx context.Context, owner, repo string) (*github.ActionsPermissions, error)
	MockPutActionsPermissions          func(ctx context.Context, owner, repo string, r *github.ActionsPermissionsRequest) error
	MockGetActionsSelectedActions      func(ctx context.Context, owner, repo string) (*github.ActionsSelectedActions, error)
	MockPutActionsSelectedActions      func(ctx context.Context, owner, repo string, r *github.ActionsSelectedActions) error
	MockGetActionsAccess               func(ctx context.Context, owner, repo string) (*github.ActionsAccess, error)
	MockPutActionsAccess               func(ctx context.Context, owner, repo string, r *github.ActionsAccess) error
	MockGetActionsWorkflowPermissions  func(ctx context.Context, owner, repo string) (*github.ActionsWorkflowPermissions, error)
	MockPutActionsWorkflowPermissions  func(ctx context.Context, owner, repo string, r *github.ActionsWorkflowPermissionsRequest) error
	MockGetActionsRetention            func(ctx context.Context, owner, repo string) (*github.ActionsRetention, error)
	MockPutActionsRetention            func(ctx context.Context, owner, repo string, r *github.ActionsRetention) error
	MockGetActionsForkApproval         func(ctx context.Context, owner, repo string) (*github.ActionsForkApproval, error)
	MockPutActionsForkApproval         func(ctx context.Context, owner, repo string, r *github.ActionsForkApproval) error
	MockGetActionsPrivateForkWorkflows func(ctx context.Context, owner, repo string) (*github.ActionsPrivateForkWorkflows, error)
	MockPutActionsPrivateForkWorkflows func(ctx context.Context, owner, repo string, r *github.ActionsPrivateForkWorkflows) error
}

// GetActionsPermissions calls MockGetActionsPermissions.
func (m *MockActionsPermissionsAPI) GetActionsPermissions(ctx context.Context, owner, repo string) (*github.ActionsPermissions, error) {
	return m.MockGetActionsPermissions(ctx, owner, repo)
}

// PutActionsPermissions calls MockPutActionsPermissions.
func (m *MockActionsPermissionsAPI) PutActionsPermissions(ctx context.Context, owner, repo string, r *github.ActionsPermissionsRequest) error {
	return m.MockPutActionsPermissions(ctx, owner, repo, r)
}

// GetActionsSelectedActions calls MockGetActionsSelectedActions.
func (m *MockActionsPermissionsAPI) GetActionsSelectedActions(ctx context.Context, owner, repo string) (*github.ActionsSelectedActions, error) {
	return m.MockGetActionsSelectedActions(ctx, owner, repo)
}

// PutActionsSelectedActions calls MockPutActionsSelectedActions.
func (m *MockActionsPermissionsAPI) PutActionsSelectedActions(ctx context.Context, owner, repo string, r *github.ActionsSelectedActions) error {
	return m.MockPutActionsSelectedActions(ctx, owner, repo, r)
}

// GetActionsAccess calls MockGetActionsAccess.
func (m *MockActionsPermissionsAPI) GetActionsAccess(ctx context.Context, owner, repo string) (*github.ActionsAccess, error) {
	return m.MockGetActionsAccess(ctx, owner, repo)
}

// PutActionsAccess calls MockPutActionsAccess.
func (m *MockActionsPermissionsAPI) PutActionsAccess(ctx context.Context, owner, repo string, r *github.ActionsAccess) error {
	return m.MockPutActionsAccess(ctx, owner, repo, r)
}

// GetActionsWorkflowPermissions calls MockGetActionsWorkflowPermissions.
func (m *MockActionsPermissionsAPI) GetActionsWorkflowPermissions(ctx context.Context, owner, repo string) (*github.ActionsWorkflowPermissions, error) {
	return m.MockGetActionsWorkflowPermissions(ctx, owner, repo)
}

// PutActionsWorkflowPermissions calls MockPutActionsWorkflowPermissions.
func (m *MockActionsPermissionsAPI) PutActionsWorkflowPermissions(ctx context.Context, owner, repo string, r *github.ActionsWorkflowPermissionsRequest) error {
	return m.MockPutActionsWorkflowPermissions(ctx, owner, repo, r)
}

// GetActionsRetention calls MockGetActionsRetention.
func (m *MockActionsPermissionsAPI) GetActionsRetention(ctx context.Context, owner, repo string) (*github.ActionsRetention, error) {
	return m.MockGetActionsRetention(ctx, owner, repo)
}

// PutActionsRetention calls MockPutActionsRetention.
func (m *MockActionsPermissionsAPI) PutActionsRetention(ctx context.Context, owner, repo string, r *github.ActionsRetention) error {
	return m.MockPutActionsRetention(ctx, owner, repo, r)
}

// GetActionsForkApproval calls MockGetActionsForkApproval.
func (m *MockActionsPermissionsAPI) GetActionsForkApproval(ctx context.Context, owner, repo string) (*github.ActionsForkApproval, error) {
	return m.MockGetActionsForkApproval(ctx, owner, repo)
}

// PutActionsForkApproval calls MockPutActionsForkApproval.
func (m *MockActionsPermissionsAPI) PutActionsForkApproval(ctx context.Context, owner, repo string, r *github.ActionsForkApproval) error {
	return m.MockPutActionsForkApproval(ctx, owner, repo, r)
}

// GetActionsPrivateForkWorkflows calls MockGetActionsPrivateForkWorkflows.
func (m *MockActionsPermissionsAPI) GetActionsPrivateForkWorkflows(ctx context.Context, owner, repo string) (*github.ActionsPrivateForkWorkflows, error) {
	return m.MockGetActionsPrivateForkWorkflows(ctx, owner, repo)
}

// PutActionsPrivateForkWorkflows calls MockPutActionsPrivateForkWorkflows.
func (m *MockActionsPermissionsAPI) PutActionsPrivateForkWorkflows(ctx context.Context, owner, repo string, r *github.ActionsPrivateForkWorkflows) error {
	return m.MockPutActionsPrivateForkWorkflows(ctx, owner, repo, r)
}
