package fake

import "github.com/crossplane-github/provider-github/internal/clients/github"

var _ github.RepositoryEnvironmentsAPI = (*MockRepositoryEnvironments)(nil)

// MockRepositoryEnvironments is a github.RepositoryEnvironmentsAPI made of
// the fakes of its areas, whose methods it promotes. A call to a method
// whose function field is nil panics, so a test states every call it
// expects.
type MockRepositoryEnvironments struct {
	MockEnvironmentsAPI
	MockUsersAPI
	MockTeamsAPI
}
