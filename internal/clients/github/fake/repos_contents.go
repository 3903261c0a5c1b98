package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.ContentsAPI = (*MockContentsAPI)(nil)

// MockContentsAPI is a github.ContentsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockContentsAPI struct {
	MockGetFile    func(ctx context.Context, owner, repo, path, ref string) (*github.FileContent, error)
	MockPutFile    func(ctx context.Context, owner, repo, path string, w *github.FileWrite) (*github.FileCommit, error)
	MockDeleteFile func(ctx context.Context, owner, repo, path string, w *github.FileWrite) (*github.FileCommit, error)
}

// GetFile calls MockGetFile.
func (m *MockContentsAPI) GetFile(ctx context.Context, owner, repo, path, ref string) (*github.FileContent, error) {
	return m.MockGetFile(ctx, owner, repo, path, ref)
}

// PutFile calls MockPutFile.
func (m *MockContentsAPI) PutFile(ctx context.Context, owner, repo, path string, w *github.FileWrite) (*github.FileCommit, error) {
	return m.MockPutFile(ctx, owner, repo, path, w)
}

// DeleteFile calls MockDeleteFile.
func (m *MockContentsAPI) DeleteFile(ctx context.Context, owner, repo, path string, w *github.FileWrite) (*github.FileCommit, error) {
	return m.MockDeleteFile(ctx, owner, repo, path, w)
}
