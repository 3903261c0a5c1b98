package fake

import "github.com/crossplane-github/provider-github/internal/clients/github"

var _ github.RepositoryContentsAPI = (*MockRepositoryContents)(nil)

// MockRepositoryContents is a github.RepositoryContentsAPI made of the fakes
// of its areas, whose methods it promotes. A call to a method whose function
// field is nil panics, so a test states every call it expects.
type MockRepositoryContents struct {
	MockReposAPI
	MockContentsAPI
}
