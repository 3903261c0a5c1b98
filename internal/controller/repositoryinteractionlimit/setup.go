package repositoryinteractionlimit

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"sigs.k8s.io/controller-runtime/pkg/client"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the RepositoryInteractionLimit kind in both scopes. A limit
// that expires before the next poll is read again at its expiry.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.RepositoryInteractionLimit{}, connect[*repomv1alpha1.RepositoryInteractionLimit], kind.ShownAtOnce(), managed.WithPollIntervalHook(readAgainIn)),
	kind.Of(&repov1alpha1.RepositoryInteractionLimit{}, connect[*repov1alpha1.RepositoryInteractionLimit], kind.ShownAtOnce(), managed.WithPollIntervalHook(readAgainIn)),
}

// readAgainIn reads a limit again at its expiry when that comes before
// the poll interval.
var readAgainIn = interactionlimit.ReadAgainIn(func(mg resource.Managed) (mapping.Seen, bool) {
	o, ok := mg.(Object)
	if !ok {
		return mapping.Seen{}, false
	}
	return seen(o.Observation().InteractionLimitObservation), true
})

// connect finds the limit's repository on every reconcile, so that a
// repository named by repositoryRef is followed through renames.
func connect[T Object](ctx context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	in, err := c.Repository(ctx, mg)
	if err != nil {
		return nil, err
	}
	host := c.GitHub.BaseURL.Host
	api := github.NewInteractionsClient(c.GitHub)
	t := target[T](api, in, host)
	t.Extras = newExtras(api, in, mg)
	t.Record = c.Record
	t.Claimed = func(ctx context.Context, mg T) error { return c.ClaimedBy(ctx, claimKind, mg, in.FullName(), host) }
	return &interactionlimit.External[T]{Target: t}, nil
}

// claimKind is the kind as its claim check sees it (see
// kind.Connection.ClaimedBy): a repository has one
// RepositoryInteractionLimit.
var claimKind = kind.ClaimingKind{Name: "RepositoryInteractionLimit",
	Lists: func() []client.ObjectList {
		return []client.ObjectList{&repomv1alpha1.RepositoryInteractionLimitList{}, &repov1alpha1.RepositoryInteractionLimitList{}}
	},
	Observed: kind.ObservedAs(func(o Object) (*string, *string) { return o.Observation().Repository, o.Observation().Host }),
}
