package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.CollaboratorsAPI = (*MockCollaboratorsAPI)(nil)

// MockCollaboratorsAPI is a github.CollaboratorsAPI whose every method calls
// the function field of the same name; a nil field panics when called.
type MockCollaboratorsAPI struct {
	MockGetPermission           func(ctx context.Context, owner, repo, user string) (*github.CollaboratorPermission, error)
	MockIsCollaborator          func(ctx context.Context, owner, repo, user string) (bool, error)
	MockListDirectCollaborators func(ctx context.Context, owner, repo string) ([]github.Collaborator, error)
	MockAddCollaborator         func(ctx context.Context, owner, repo, user, permission string) (*github.Invitation, error)
	MockRemoveCollaborator      func(ctx context.Context, owner, repo, user string) error
}

// GetPermission calls MockGetPermission.
func (m *MockCollaboratorsAPI) GetPermission(ctx context.Context, owner, repo, user string) (*github.CollaboratorPermission, error) {
	return m.MockGetPermission(ctx, owner, repo, user)
}

// IsCollaborator calls MockIsCollaborator.
func (m *MockCollaboratorsAPI) IsCollaborator(ctx context.Context, owner, repo, user string) (bool, error) {
	return m.MockIsCollaborator(ctx, owner, repo, user)
}

// ListDirectCollaborators calls MockListDirectCollaborators.
func (m *MockCollaboratorsAPI) ListDirectCollaborators(ctx context.Context, owner, repo string) ([]github.Collaborator, error) {
	return m.MockListDirectCollaborators(ctx, owner, repo)
}

// AddCollaborator calls MockAddCollaborator.
func (m *MockCollaboratorsAPI) AddCollaborator(ctx context.Context, owner, repo, user, permission string) (*github.Invitation, error) {
	return m.MockAddCollaborator(ctx, owner, repo, user, permission)
}

// RemoveCollaborator calls MockRemoveCollaborator.
func (m *MockCollaboratorsAPI) RemoveCollaborator(ctx context.Context, owner, repo, user string) error {
	return m.MockRemoveCollaborator(ctx, owner, repo, user)
}
