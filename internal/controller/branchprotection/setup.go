package branchprotection

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the BranchProtection kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.BranchProtection{}, connect[*repomv1alpha1.BranchProtection]),
	kind.Of(&repov1alpha1.BranchProtection{}, connect[*repov1alpha1.BranchProtection]),
}

// connect finds the protection's repository and branch, on every
// reconcile, so that a repository or branch named by reference is followed
// through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	repo, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	branch, err := c.Branch(ctx, mg, repo)
	if ext := meta.GetExternalName(mg); kind.ReferenceGone(err) && meta.WasDeleted(mg) && ext != "" {
		// Deleted after its Branch resource, which may have left the
		// branch on GitHub (an orphaned Branch): the external name is
		// the branch it protected.
		branch, err = kind.Branch{Name: ext}, nil
	}
	if err != nil {
		return nil, err
	}
	return &external[T]{api: newAPI(c.GitHub), repo: repo, branch: branch, record: c.Record, now: time.Now}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.BranchProtectionClient
		*github.ReposClient
	}{github.NewBranchProtectionClient(gh), github.NewReposClient(gh)}
}
