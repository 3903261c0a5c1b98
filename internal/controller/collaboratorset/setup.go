package collaboratorset

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the CollaboratorSet kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.CollaboratorSet{}, connect[*repomv1alpha1.CollaboratorSet], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.CollaboratorSet{}, connect[*repov1alpha1.CollaboratorSet], kind.ShownAtOnce()),
}

// githubAPI is the areas a CollaboratorSet reads and writes: a
// repository's collaborators, invitations and teams.
type githubAPI interface {
	github.CollaboratorsAPI
	github.InvitationsAPI
	github.TeamReposAPI
	github.RepoTeamsAPI
}

// areas is githubAPI built from the area clients.
type areas struct {
	*github.CollaboratorsClient
	*github.InvitationsClient
	*github.TeamReposClient
}

// connect finds the set's repository on every reconcile, so that a
// repository named by repositoryRef is followed through renames, and
// reads the resources it must not share the repository with through the
// provider's cached reader.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	api := areas{github.NewCollaboratorsClient(c.GitHub), github.NewInvitationsClient(c.GitHub), github.NewTeamReposClient(c.GitHub)}
	e := &external[T]{api: api, repo: repo, record: c.Record}
	e.shared = func(ctx context.Context, mg T) error { return sharedWith(ctx, c.Kube, mg, repo.FullName()) }
	return e, nil
}
