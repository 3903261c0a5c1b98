package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ActionsOIDCSubjectClaimAPI = (*MockActionsOIDCSubjectClaimAPI)(nil)

// MockActionsOIDCSubjectClaimAPI is a github.ActionsOIDCSubjectClaimAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockActionsOIDCSubjectClaimAPI struct {
	MockGetActionsOIDCSubjectClaim func(ctx context.Context, owner, repo string) (*github.ActionsOIDCSubjectClaim, error)
	MockPutActionsOIDCSubjectClaim func(ctx context.Context, owner, repo string, r *github.ActionsOIDCSubjectClaimRequest) error
}

// GetActionsOIDCSubjectClaim calls MockGetActionsOIDCSubjectClaim.
func (m *MockActionsOIDCSubjectClaimAPI) GetActionsOIDCSubjectClaim(ctx context.Context, owner, repo string) (*github.ActionsOIDCSubjectClaim, error) {
	return m.MockGetActionsOIDCSubjectClaim(ctx, owner, repo)
}

// PutActionsOIDCSubjectClaim calls MockPutActionsOIDCSubjectClaim.
func (m *MockActionsOIDCSubjectClaimAPI) PutActionsOIDCSubjectClaim(ctx context.Context, owner, repo string, r *github.ActionsOIDCSubjectClaimRequest) error {
	return m.MockPutActionsOIDCSubjectClaim(ctx, owner, repo, r)
}
