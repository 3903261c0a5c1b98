// Package fake has function-field fakes of the GitHub client interfaces, for
// unit tests of controllers: one per API area, in a file named as the
// area's file in package github. An area's fake is named after the
// interface it fakes (MockReposAPI fakes github.ReposAPI), and each of its
// function fields after the method that calls it (MockGet for Get), so a
// composite fake can embed area fakes without a clash of names.
package fake

import "github.com/crossplane-github/provider-github/internal/clients/github"

var _ github.RepositoriesAPI = (*MockRepositories)(nil)

// MockRepositories is a github.RepositoriesAPI made of the fakes of its
// areas, whose methods it promotes. A call to a method whose function field
// is nil panics, so a test states every call it expects.
type MockRepositories struct {
	MockReposAPI
	MockTopicsAPI
	MockVulnerabilityAlertsAPI
	MockUsersAPI
}
