package collaborator

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Collaborator kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.Collaborator{}, connect[*repomv1alpha1.Collaborator], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.Collaborator{}, connect[*repov1alpha1.Collaborator], kind.ShownAtOnce()),
}

// connect finds the collaborator's repository, on every reconcile, so that
// a repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: newAPI(c.GitHub), repos: github.NewReposClient(c.GitHub), repo: repo, record: c.Record}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.CollaboratorsClient
		*github.InvitationsClient
		*github.UsersClient
	}{github.NewCollaboratorsClient(gh), github.NewInvitationsClient(gh), github.NewUsersClient(gh)}
}
