package teamrepository

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the TeamRepository kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.TeamRepository{}, connect[*repomv1alpha1.TeamRepository]),
	kind.Of(&repov1alpha1.TeamRepository{}, connect[*repov1alpha1.TeamRepository]),
}

// connect finds the resource's repository and team (a reference follows its
// resource's status, so a rename is followed) and returns the external
// client of one reconcile. Their errors are returned as they are: the kind
// machinery completes the deletion of a resource whose Repository or Team
// resource is gone.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	return newExternal(ctx, mg, c, newAPI(c.GitHub))
}

func newExternal[T Object](ctx context.Context, mg T, c kind.Connection, api githubAPI) (*external[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	team, err := c.Team(ctx, mg, repo.Owner)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: api, repo: repo, team: team, record: c.Record}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.TeamReposClient
		*github.ReposClient
	}{github.NewTeamReposClient(gh), github.NewReposClient(gh)}
}
