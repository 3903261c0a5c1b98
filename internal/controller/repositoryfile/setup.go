package repositoryfile

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the RepositoryFile kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.RepositoryFile{}, connect[*repomv1alpha1.RepositoryFile]),
	kind.Of(&repov1alpha1.RepositoryFile{}, connect[*repov1alpha1.RepositoryFile]),
}

// connect finds the file's repository, on every reconcile, so that a
// repository named by repositoryRef is followed through renames. ConfigMaps
// are read uncached, one by name, when a file takes its content from one:
// the provider keeps no informer of every ConfigMap in the cluster, and a
// change to one is committed on the next poll.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	return &external[T]{api: newAPI(c.GitHub), configMaps: c.Uncached, repo: repo, record: c.Record, wait: transport.Sleep}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.ReposClient
		*github.ContentsClient
		*github.CodeownersClient
	}{github.NewReposClient(gh), github.NewContentsClient(gh), github.NewCodeownersClient(gh)}
}
