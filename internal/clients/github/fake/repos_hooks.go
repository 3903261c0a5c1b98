package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.HooksAPI = (*MockHooksAPI)(nil)

// MockHooksAPI is a github.HooksAPI whose every method calls the function
// field of the same name; a nil field panics when called.
type MockHooksAPI struct {
	MockListHooks  func(ctx context.Context, owner, repo string) ([]github.Hook, error)
	MockGetHook    func(ctx context.Context, owner, repo string, id int64) (*github.Hook, error)
	MockCreateHook func(ctx context.Context, owner, repo string, r *github.HookRequest) (*github.Hook, error)
	MockUpdateHook func(ctx context.Context, owner, repo string, id int64, r *github.HookRequest) (*github.Hook, error)
	MockDeleteHook func(ctx context.Context, owner, repo string, id int64) error
}

// ListHooks calls MockListHooks.
func (m *MockHooksAPI) ListHooks(ctx context.Context, owner, repo string) ([]github.Hook, error) {
	return m.MockListHooks(ctx, owner, repo)
}

// GetHook calls MockGetHook.
func (m *MockHooksAPI) GetHook(ctx context.Context, owner, repo string, id int64) (*github.Hook, error) {
	return m.MockGetHook(ctx, owner, repo, id)
}

// CreateHook calls MockCreateHook.
func (m *MockHooksAPI) CreateHook(ctx context.Context, owner, repo string, r *github.HookRequest) (*github.Hook, error) {
	return m.MockCreateHook(ctx, owner, repo, r)
}

// UpdateHook calls MockUpdateHook.
func (m *MockHooksAPI) UpdateHook(ctx context.Context, owner, repo string, id int64, r *github.HookRequest) (*github.Hook, error) {
	return m.MockUpdateHook(ctx, owner, repo, id, r)
}

// DeleteHook calls MockDeleteHook.
func (m *MockHooksAPI) DeleteHook(ctx context.Context, owner, repo string, id int64) error {
	return m.MockDeleteHook(ctx, owner, repo, id)
}
