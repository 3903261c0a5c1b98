package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.InvitationsAPI = (*MockInvitationsAPI)(nil)

// MockInvitationsAPI is a github.InvitationsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockInvitationsAPI struct {
	MockListInvitations  func(ctx context.Context, owner, repo string) ([]github.Invitation, error)
	MockUpdateInvitation func(ctx context.Context, owner, repo string, id int64, permissions string) (*github.Invitation, error)
	MockDeleteInvitation func(ctx context.Context, owner, repo string, id int64) error
}

// ListInvitations calls MockListInvitations.
func (m *MockInvitationsAPI) ListInvitations(ctx context.Context, owner, repo string) ([]github.Invitation, error) {
	return m.MockListInvitations(ctx, owner, repo)
}

// UpdateInvitation calls MockUpdateInvitation.
func (m *MockInvitationsAPI) UpdateInvitation(ctx context.Context, owner, repo string, id int64, permissions string) (*github.Invitation, error) {
	return m.MockUpdateInvitation(ctx, owner, repo, id, permissions)
}

// DeleteInvitation calls MockDeleteInvitation.
func (m *MockInvitationsAPI) DeleteInvitation(ctx context.Context, owner, repo string, id int64) error {
	return m.MockDeleteInvitation(ctx, owner, repo, id)
}
