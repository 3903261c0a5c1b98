package environment

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Environment kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.Environment{}, connect[*repomv1alpha1.Environment], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.Environment{}, connect[*repov1alpha1.Environment], kind.ShownAtOnce()),
}

// connect finds the environment's repository, on every reconcile, so that
// a repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: newAPI(c.GitHub), repo: repo, teams: c.TeamResource, record: c.Record, now: time.Now}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.EnvironmentsClient
		*github.UsersClient
		*github.TeamsClient
	}{github.NewEnvironmentsClient(gh), github.NewUsersClient(gh), github.NewTeamsClient(gh)}
}
