package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.IssueLabelsAPI = (*MockIssueLabelsAPI)(nil)

// MockIssueLabelsAPI is a github.IssueLabelsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockIssueLabelsAPI struct {
	MockGetIssueLabel    func(ctx context.Context, owner, repo, name string) (*github.IssueLabel, error)
	MockListIssueLabels  func(ctx context.Context, owner, repo string) ([]github.IssueLabel, error)
	MockCreateIssueLabel func(ctx context.Context, owner, repo string, r *github.IssueLabelRequest) (*github.IssueLabel, error)
	MockUpdateIssueLabel func(ctx context.Context, owner, repo, name string, r *github.IssueLabelRequest) (*github.IssueLabel, error)
	MockDeleteIssueLabel func(ctx context.Context, owner, repo, name string) error
}

// GetIssueLabel calls MockGetIssueLabel.
func (m *MockIssueLabelsAPI) GetIssueLabel(ctx context.Context, owner, repo, name string) (*github.IssueLabel, error) {
	return m.MockGetIssueLabel(ctx, owner, repo, name)
}

// ListIssueLabels calls MockListIssueLabels.
func (m *MockIssueLabelsAPI) ListIssueLabels(ctx context.Context, owner, repo string) ([]github.IssueLabel, error) {
	return m.MockListIssueLabels(ctx, owner, repo)
}

// CreateIssueLabel calls MockCreateIssueLabel.
func (m *MockIssueLabelsAPI) CreateIssueLabel(ctx context.Context, owner, repo string, r *github.IssueLabelRequest) (*github.IssueLabel, error) {
	return m.MockCreateIssueLabel(ctx, owner, repo, r)
}

// UpdateIssueLabel calls MockUpdateIssueLabel.
func (m *MockIssueLabelsAPI) UpdateIssueLabel(ctx context.Context, owner, repo, name string, r *github.IssueLabelRequest) (*github.IssueLabel, error) {
	return m.MockUpdateIssueLabel(ctx, owner, repo, name, r)
}

// DeleteIssueLabel calls MockDeleteIssueLabel.
func (m *MockIssueLabelsAPI) DeleteIssueLabel(ctx context.Context, owner, repo, name string) error {
	return m.MockDeleteIssueLabel(ctx, owner, repo, name)
}
