package organizationinteractionlimit

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"

	orgmv1alpha1 "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	orgv1alpha1 "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the OrganizationInteractionLimit kind in both scopes. A limit
// that expires before the next poll is read again at its expiry.
var Setups = []kind.Setup{
	kind.Of(&orgmv1alpha1.OrganizationInteractionLimit{}, connect[*orgmv1alpha1.OrganizationInteractionLimit], kind.ShownAtOnce(),
		managed.WithPollIntervalHook(interactionlimit.ReadAgainIn(readSeen))),
	kind.Of(&orgv1alpha1.OrganizationInteractionLimit{}, connect[*orgv1alpha1.OrganizationInteractionLimit], kind.ShownAtOnce(),
		managed.WithPollIntervalHook(interactionlimit.ReadAgainIn(readSeen))),
}

// connect finds the organization (the one the resource names, else the
// provider configuration's owner) on every reconcile.
func connect[T Object](_ context.Context, mg T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	org, err := c.Organization(mg)
	if err != nil {
		return nil, err
	}
	host := c.GitHub.BaseURL.Host
	api := github.NewInteractionsClient(c.GitHub)
	t := target[T](api, org.Login, host)
	t.Extras = newCap(api, org.Login, mg)
	t.Record = c.Record
	t.Claimed = func(ctx context.Context, mg T) error { return c.ClaimedBy(ctx, claimKind, mg, org.Login, host) }
	return &interactionlimit.External[T]{Target: t}, nil
}
