package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.TopicsAPI = (*MockTopicsAPI)(nil)

// MockTopicsAPI is a github.TopicsAPI whose method calls its function field;
// a nil field panics when called.
type MockTopicsAPI struct {
	MockReplaceTopics func(ctx context.Context, owner, name string, topics []string) error
}

// ReplaceTopics calls MockReplaceTopics.
func (m *MockTopicsAPI) ReplaceTopics(ctx context.Context, owner, name string, topics []string) error {
	return m.MockReplaceTopics(ctx, owner, name, topics)
}
