package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ActionsPermissionsAPI = (*MockActionsPermissionsAPI)(nil)

// MockActionsPermissionsAPI is a github.ActionsPermissionsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockActionsPermissionsAPI struct {
	MockGetActionsPermissions func(ctx context.Context, owner, repo string) (*github.ActionsPermissions, error)
	MockPutActionsPermissions func(ctx context.Context, owner, repo string, r *github.ActionsPermissionsRequest) error
}

// GetActionsPermissions calls MockGetActionsPermissions.
func (m *MockActionsPermissionsAPI) GetActionsPermissions(ctx context.Context, owner, repo string) (*github.ActionsPermissions, error) {
	return m.MockGetActionsPermissions(ctx, owner, repo)
}

// PutActionsPermissions calls MockPutActionsPermissions.
func (m *MockActionsPermissionsAPI) PutActionsPermissions(ctx context.Context, owner, repo string, r *github.ActionsPermissionsRequest) error {
	return m.MockPutActionsPermissions(ctx, owner, repo, r)
}
