// Package organizationinteractionlimit reconciles
// OrganizationInteractionLimit managed resources of both scopes: an
// organization's temporary interaction limit, which GitHub keeps at
// /orgs/{org}/interaction-limits, one per organization, with the external
// client both interaction limit kinds share
// (internal/controller/interactionlimit). A second
// OrganizationInteractionLimit of an organization is refused before it
// reads or writes anything.
package organizationinteractionlimit

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an OrganizationInteractionLimit of either scope.
type Object interface {
	kind.OrganizationScoped
	Parameters() *orgcommon.OrganizationInteractionLimitParameters
	Observation() *orgcommon.OrganizationInteractionLimitObservation
}

// target is where mg's limit is: organization org, read through api on
// host.
func target[T Object](api github.InteractionsAPI, org, host string) interactionlimit.Target[T] {
	what := "the interaction limit of organization " + org
	return interactionlimit.Target[T]{
		What: what, Own: github.InteractionOriginOrganization, FullName: org,
		Get: func(ctx context.Context) (*github.InteractionLimit, error) {
			return api.GetOrganizationInteractionLimit(ctx, org)
		},
		Put: func(ctx context.Context, r *github.InteractionLimitRequest) (*github.InteractionLimit, error) {
			return api.PutOrganizationInteractionLimit(ctx, org, r)
		},
		Delete: func(ctx context.Context) error { return api.DeleteOrganizationInteractionLimit(ctx, org) },
		Failed: func(err error, doing string) error {
			switch {
			case github.IsNotFound(err):
				return errors.Wrapf(err, "cannot %s %s: cannot find the organization, or the credentials may not see it", doing, what)
			case github.StatusCode(err) == 403:
				return errors.Wrapf(err, "cannot %s %s: only an owner of the organization may; use the credentials of an owner", doing, what)
			case github.IsUnprocessable(err):
				return errors.Wrapf(err, "GitHub refused %s: a limit or expiry it does not take; change spec.forProvider", what)
			}
			return errors.Wrapf(err, "cannot %s %s", doing, what)
		},
		Overridden: func(s mapping.Seen) string {
			return "the interaction limit in effect in organization " + org + " was set by " + s.Origin + ", not the organization; this resource writes nothing while it lasts"
		},
		Declared: func(mg T) mapping.Declared {
			p := mg.Parameters()
			return mapping.Declared{Limit: p.Limit, Expiry: ptr.Deref(p.Expiry, ""), Renew: ptr.Deref(p.Renew, false)}
		},
		Seen: func(mg T) mapping.Seen { return seen(mg.Observation()) },
		Keep: func(mg T, s mapping.Seen) {
			o := mg.Observation()
			o.Organization, o.Host = ptr.To(org), ptr.To(host)
			o.Limit, o.Origin, o.ExpiresAt, o.LapsedAt = nonEmpty(s.Limit), nonEmpty(s.Origin), metaTime(s.ExpiresAt), metaTime(s.LapsedAt)
		},
		Now: time.Now,
	}
}

// seen is what o keeps of the limit.
func seen(o *orgcommon.OrganizationInteractionLimitObservation) mapping.Seen {
	return mapping.Seen{Limit: ptr.Deref(o.Limit, ""), Origin: ptr.Deref(o.Origin, ""), ExpiresAt: timeOf(o.ExpiresAt), LapsedAt: timeOf(o.LapsedAt)}
}

func timeOf(t *metav1.Time) *time.Time {
	if t == nil {
		return nil
	}
	v := t.UTC()
	return &v
}

func metaTime(t *time.Time) *metav1.Time {
	if t == nil {
		return nil
	}
	v := metav1.NewTime(*t)
	return &v
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// readSeen is what a resource of either scope keeps of the limit, for the
// poll interval hook.
func readSeen(mg resource.Managed) (mapping.Seen, bool) {
	o, ok := mg.(Object)
	if !ok {
		return mapping.Seen{}, false
	}
	return seen(o.Observation()), true
}

// newCap is the pull request creation cap mg declares; nil when none.
func newCap[T Object](api github.InteractionsAPI, org string, mg T) interactionlimit.Extras {
	if mg.Parameters().PullRequestCreationCap == nil {
		return nil
	}
	return &pullCap[T]{api: api, org: org, mg: mg}
}

// pullCap reads and writes an organization's pull request creation cap,
// as mg declares it.
type pullCap[T Object] struct {
	api github.InteractionsAPI
	org string
	mg  T
}

func (x *pullCap[T]) declared() mapping.Cap {
	c := x.mg.Parameters().PullRequestCreationCap
	return mapping.Cap{Enabled: c.Enabled, Max: c.MaxOpenPullRequests}
}

// read reads GitHub's cap into status.
func (x *pullCap[T]) read(ctx context.Context) (*github.PullCap, error) {
	got, err := x.api.GetOrganizationPullCap(ctx, x.org)
	if err != nil {
		return nil, errors.Wrapf(err, "cannot read the pull request creation cap of organization %s", x.org)
	}
	x.mg.Observation().PullRequestCreationCap = &orgcommon.PullRequestCreationCap{Enabled: got.Enabled, MaxOpenPullRequests: got.MaxOpenPullRequests}
	return got, nil
}

// Drift names the cap when it differs on GitHub.
func (x *pullCap[T]) Drift(ctx context.Context) ([]string, error) {
	got, err := x.read(ctx)
	if err != nil || !mapping.CapDrifts(x.declared(), got) {
		return nil, err
	}
	return []string{"pullRequestCreationCap"}, nil
}

// Apply sets the declared cap when it differs on GitHub.
func (x *pullCap[T]) Apply(ctx context.Context) error {
	got, err := x.read(ctx)
	if err != nil || !mapping.CapDrifts(x.declared(), got) {
		return err
	}
	if got, err = x.api.PatchOrganizationPullCap(ctx, x.org, mapping.CapRequest(x.declared())); err != nil {
		return errors.Wrapf(err, "cannot set the pull request creation cap of organization %s", x.org)
	}
	x.mg.Observation().PullRequestCreationCap = &orgcommon.PullRequestCreationCap{Enabled: got.Enabled, MaxOpenPullRequests: got.MaxOpenPullRequests}
	return nil
}

// Remove turns a declared cap off.
func (x *pullCap[T]) Remove(ctx context.Context) error {
	if !x.declared().Enabled {
		return nil
	}
	if _, err := x.api.PatchOrganizationPullCap(ctx, x.org, &github.PullCap{Enabled: false}); err != nil {
		return errors.Wrapf(err, "cannot turn off the pull request creation cap of organization %s", x.org)
	}
	return nil
}

// Left tells whether a declared cap is on.
func (x *pullCap[T]) Left(ctx context.Context) (bool, error) {
	if !x.declared().Enabled {
		return false, nil
	}
	got, err := x.read(ctx)
	return err == nil && got.Enabled, err
}
