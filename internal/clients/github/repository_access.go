package github

import "github.com/google/go-github/v37/github"

// RepositoryAccessAPI is what the collaborator controller needs from
// GitHub: a repository's collaborators, their invitations, and accounts, to
// tell a user GitHub does not know from a repository it does not show.
type RepositoryAccessAPI interface {
	CollaboratorsAPI
	InvitationsAPI
	UsersAPI
}

// RepositoryAccess implements RepositoryAccessAPI with a go-github client.
type RepositoryAccess struct {
	*CollaboratorsClient
	*InvitationsClient
	*UsersClient
}

var _ RepositoryAccessAPI = (*RepositoryAccess)(nil)

// NewRepositoryAccess returns the repository access API of gh.
func NewRepositoryAccess(gh *github.Client) *RepositoryAccess {
	return &RepositoryAccess{NewCollaboratorsClient(gh), NewInvitationsClient(gh), NewUsersClient(gh)}
}
