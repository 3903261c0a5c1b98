package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.MembershipsAPI = (*MockMembershipsAPI)(nil)

// MockMembershipsAPI is a github.MembershipsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockMembershipsAPI struct {
	MockGetMembership         func(ctx context.Context, org, user string) (*github.Membership, error)
	MockSetMembership         func(ctx context.Context, org, user, role string) (*github.Membership, error)
	MockRemoveMembership      func(ctx context.Context, org, user string) error
	MockListMembers           func(ctx context.Context, org, role string) ([]github.Account, error)
	MockListFailedInvitations func(ctx context.Context, org string) ([]github.FailedInvitation, error)
}

// GetMembership calls MockGetMembership.
func (m *MockMembershipsAPI) GetMembership(ctx context.Context, org, user string) (*github.Membership, error) {
	return m.MockGetMembership(ctx, org, user)
}

// SetMembership calls MockSetMembership.
func (m *MockMembershipsAPI) SetMembership(ctx context.Context, org, user, role string) (*github.Membership, error) {
	return m.MockSetMembership(ctx, org, user, role)
}

// RemoveMembership calls MockRemoveMembership.
func (m *MockMembershipsAPI) RemoveMembership(ctx context.Context, org, user string) error {
	return m.MockRemoveMembership(ctx, org, user)
}

// ListMembers calls MockListMembers.
func (m *MockMembershipsAPI) ListMembers(ctx context.Context, org, role string) ([]github.Account, error) {
	return m.MockListMembers(ctx, org, role)
}

// ListFailedInvitations calls MockListFailedInvitations.
func (m *MockMembershipsAPI) ListFailedInvitations(ctx context.Context, org string) ([]github.FailedInvitation, error) {
	return m.MockListFailedInvitations(ctx, org)
}
