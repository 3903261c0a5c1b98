// Package kind adds a managed resource kind, in one scope, to the provider:
// behind the safe-start gate, with the shared provider-config resolver,
// reconciler options, state metrics and client. A kind brings only what is
// its own: how to connect its external client, and its reconciler options.
package kind

import (
	"context"
	"fmt"
	"reflect"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/crossplane-github/provider-github/internal/controller/config"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// Options are what every kind is set up with.
type Options struct {
	shared.Options

	// Resolver reads every managed resource's provider configuration.
	Resolver *config.Resolver

	// Pool reconciles the resources of every kind.
	Pool *Pool

	// States records every kind's state metrics; nil records none.
	States *States
}

// A Connection is what one reconcile of a kind has to talk to GitHub and
// to read the objects its resource refers to.
type Connection struct {
	// GitHub is the cached client of the resource's credentials.
	GitHub *gogithub.Client
	// DefaultOwner is the owner of resources that name none.
	DefaultOwner string
	// Kube reads (from the cache) the objects the resource refers to.
	Kube client.Client
	// Uncached reads from the API server, every time, without starting an
	// informer: for objects of a kind the provider must not cache cluster
	// wide (the ConfigMaps a resource takes content from, the Secrets a
	// Watch sees only the metadata of), read one at a time by name.
	Uncached client.Reader
	// Record records events about the resource.
	Record event.Recorder

	// referred collects the objects the resource was found to refer to
	// (see refer), for its verdict's inputs; nil collects nothing.
	referred *referred
	// hostOf is the GitHub API host another resource's provider
	// configuration reaches (see HostOf).
	hostOf func(ctx context.Context, mg resource.Managed) (string, error)
}

// HostOf is the GitHub API host (api.github.com, or a GitHub Enterprise
// Server's) that mg's provider configuration reaches: for a claim check
// to tell whether a resource never observed yet targets the same GitHub.
// "" when it cannot be told (its provider configuration is missing or
// broken): such a resource is taken to target every host.
func (c Connection) HostOf(ctx context.Context, mg resource.Managed) string {
	if c.hostOf == nil {
		return ""
	}
	host, err := c.hostOf(ctx, mg)
	if err != nil {
		return ""
	}
	return host
}

// ConnectFn builds the external client of one reconcile of a T.
type ConnectFn[T resource.Managed] func(ctx context.Context, mg T, c Connection) (managed.TypedExternalClient[T], error)

// A Setup adds one kind in one scope to a manager.
type Setup func(mgr ctrl.Manager, o Options) error

// Of is the Setup of the kind of obj, in obj's scope: its controller starts
// once its CustomResourceDefinition is installed and established (safe
// start: Crossplane installs a kind's CRD only when an activation policy
// asks for it), and its resources' states are recorded as metrics.
func Of[T resource.Managed](obj T, connect ConnectFn[T], opts ...managed.ReconcilerOption) Setup {
	return of(obj, connect, nil, opts)
}

func of[T resource.Managed](obj T, connect ConnectFn[T], watches []Watch, opts []managed.ReconcilerOption) Setup {
	return func(mgr ctrl.Manager, o Options) error {
		gvk, err := apiutil.GVKForObject(obj, mgr.GetScheme())
		if err != nil {
			return errors.Wrapf(err, "cannot find the kind of %T", obj)
		}
		start := func() error { return setup(mgr, o, gvk, obj, connect, watches, opts) }
		if o.Gate == nil || reflect.ValueOf(o.Gate).IsNil() {
			return start()
		}
		o.Pool.gated(gvk)
		o.Gate.Register(func() {
			if err := start(); err != nil {
				// A kind that cannot be set up is a programming error;
				// running on without it would hide it.
				panic(fmt.Sprintf("cannot set up the controller of %s: %v", gvk.GroupKind(), err))
			}
		}, gvk)
		return nil
	}
}

func setup[T resource.Managed](mgr ctrl.Manager, o Options, gvk schema.GroupVersionKind, obj T, connect ConnectFn[T], watches []Watch, kindOpts []managed.ReconcilerOption) error {
	name := managed.ControllerName(gvk.GroupKind().String())
	//nolint:staticcheck // crossplane-runtime's event recorder takes the old events API.
	recorder := waitingRecorder{event.NewAPIRecorder(mgr.GetEventRecorderFor(name))}
	c := &connector[T]{kube: newCachingClient(mgr), uncached: mgr.GetAPIReader(), resolve: o.Resolver.Resolve, clients: o.Clients, connect: connect, record: recorder, kind: gvk.Kind}
	opts := append(o.ReconcilerOptions(name),
		managed.WithTypedExternalConnector[T](c),
		managed.WithRecorder(recorder),
		managed.WithReferenceResolver(selectingResolver{kube: mgr.GetClient(), next: managed.NewAPISimpleReferenceResolver(mgr.GetClient())}),
	)
	opts = append(opts, namedByCreate()...)
	opts = append(opts, kindOpts...)
	r := managed.NewReconciler(shared.ForManagedReconciler(mgr), resource.ManagedKind(gvk), opts...)
	if err := o.Pool.Add(mgr.GetCache(), gvk, obj, o.RateLimited(name, r), desiredStateChanged()); err != nil {
		return errors.Wrapf(err, "cannot reconcile %s", gvk.GroupKind())
	}
	if err := addWatches(context.Background(), mgr, o.Pool, gvk, obj, watches); err != nil {
		return err
	}
	return addStateRecorder(mgr, o, gvk)
}
