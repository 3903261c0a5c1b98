package repositoryinteractionlimit

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/utils/ptr"
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
	t.Claimed = func(ctx context.Context, mg T) error { return claimedBy(ctx, c, mg, in.FullName(), host) }
	return &interactionlimit.External[T]{Target: t}, nil
}

// kindName names the kind in conditions.
const kindName = "RepositoryInteractionLimit"

// claimedBy is the error that another, older RepositoryInteractionLimit of
// either scope claims repository repo (owner/name) on host, which mg
// would set the limit of (see kind.ClaimedBy). Another one claims the
// repository and host it was last observed with, else the repository its
// spec names, its owner defaulting to the provider configuration's, else
// the one the Repository resource its repositoryRef names has on GitHub,
// on the host its provider configuration reaches.
func claimedBy(ctx context.Context, c kind.Connection, mg Object, repo, host string) error {
	kube, defaultOwner := c.Kube, c.DefaultOwner
	if kind.OnlyObserves(mg) {
		return nil
	}
	all, err := kind.Claimants(ctx, kube, kindName,
		[]client.ObjectList{&repomv1alpha1.RepositoryInteractionLimitList{}, &repov1alpha1.RepositoryInteractionLimitList{}},
		func(o resource.Managed) (string, string) {
			other, ok := o.(Object)
			if !ok {
				return "", ""
			}
			obs := other.Observation()
			if r := ptr.Deref(obs.Repository, ""); r != "" {
				return r, ptr.Deref(obs.Host, "")
			}
			// Never observed: the host its provider configuration reaches.
			if t := other.RepositoryTarget(); t.Repository != nil {
				return ptr.Deref(t.Owner, defaultOwner) + "/" + *t.Repository, c.HostOf(ctx, other)
			}
			// Not known until read: the one it is waiting for (an error
			// reading it, too, says wait).
			r, _ := kind.ReferencedRepository(ctx, kube, other)
			return r, c.HostOf(ctx, other)
		})
	if err != nil {
		return err
	}
	return kind.ClaimedBy(mg, kindName, repo, host, all)
}
