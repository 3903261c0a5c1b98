package issuelabels

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the IssueLabels kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.IssueLabels{}, connect[*repomv1alpha1.IssueLabels], kind.ShownAtOnce()),
	kind.Of(&repov1alpha1.IssueLabels{}, connect[*repov1alpha1.IssueLabels], kind.ShownAtOnce()),
}

// connect finds the label set's repository on every reconcile, so that a
// repository named by repositoryRef is followed through renames, and
// reads the resources it must not share the repository with through the
// provider's cached reader.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: github.NewIssueLabelsClient(c.GitHub), repo: repo, record: c.Record}
	e.shared = func(ctx context.Context, mg T) error { return sharedWith(ctx, c.Kube, mg, repo.FullName()) }
	return e, nil
}
