package pagessite

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"sigs.k8s.io/controller-runtime/pkg/client"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the PagesSite kind in both scopes. A site that waits for its
// custom domain's certificate is read again sooner than the poll interval.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.PagesSite{}, connect[*repomv1alpha1.PagesSite], kind.ShownAtOnce(), managed.WithPollIntervalHook(pollSooner)),
	kind.Of(&repov1alpha1.PagesSite{}, connect[*repov1alpha1.PagesSite], kind.ShownAtOnce(), managed.WithPollIntervalHook(pollSooner)),
}

// connect finds the site's repository on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	e := &external[T]{api: github.NewPagesClient(c.GitHub), in: in, host: c.GitHub.BaseURL.Host, record: c.Record}
	e.claimed = func(ctx context.Context, mg T) error {
		return c.ClaimedBy(ctx, claimKind, mg, in.FullName(), e.host)
	}
	return e, nil
}

// kindName names the kind in conditions.
const kindName = "PagesSite"

// claimKind is the kind as its claim check sees it (see
// kind.Connection.ClaimedBy).
var claimKind = kind.ClaimingKind{Name: kindName,
	Lists: func() []client.ObjectList {
		return []client.ObjectList{&repomv1alpha1.PagesSiteList{}, &repov1alpha1.PagesSiteList{}}
	},
	Observed: kind.ObservedAs(func(o Object) (*string, *string) { return o.Observation().Repository, o.Observation().Host }),
}
