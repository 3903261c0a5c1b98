// Package shared holds what every managed resource controller of the provider
// is built with, so that no controller copies it.
package shared

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/controller"
	"github.com/crossplane/crossplane-runtime/v2/pkg/ratelimiter"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/controller/pace"
)

// Options configure every controller of the provider.
type Options struct {
	controller.Options

	// Pace, when set, is GlobalRateLimiter: the managed resources of every
	// kind are counted to it, and it sets the rate for them.
	Pace *pace.Pace

	// Clients is the one cache of GitHub clients, shared by all controllers
	// so that each credential has one connection pool and one rate budget.
	Clients *transport.ClientCache
}

// ReconcilerOptions are the managed reconciler options every managed
// resource kind shares.
func (o Options) ReconcilerOptions(name string) []managed.ReconcilerOption {
	opts := []managed.ReconcilerOption{
		managed.WithLogger(o.Logger.WithValues("controller", name)),
		managed.WithPollInterval(o.PollInterval),
		managed.WithManagementPolicies(),
	}
	if o.MetricOptions != nil && o.MetricOptions.MRMetrics != nil {
		opts = append(opts, managed.WithMetricRecorder(o.MetricOptions.MRMetrics))
	}
	return opts
}

// RateLimited wraps r in the provider-wide reconcile rate limiter.
func (o Options) RateLimited(name string, r reconcile.Reconciler) reconcile.Reconciler {
	return ratelimiter.NewReconciler(name, r, o.GlobalRateLimiter)
}
