package kind

import (
	"context"
	"sync"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// PoolName is the controller name of the shared workers in logs and in
// controller-runtime's metrics (controller_runtime_reconcile_total and the
// workqueue_* series); crossplane_managed_resource_* metrics carry the kind.
const PoolName = "managed-resources"

// A Request asks to reconcile one managed resource of one kind.
type Request struct {
	Kind schema.GroupVersionKind
	types.NamespacedName
}

// A Pool reconciles the managed resources of every kind, in both scopes,
// with one work queue and one set of workers (MaxConcurrentReconciles of
// them). A controller per kind would start that many workers for each of
// twenty-odd kinds — goroutines, stacks and queues that sit idle, since
// the provider-wide reconcile rate limiter lets no more reconciles run in
// a second than one kind alone could use. Kinds join while the pool runs,
// when the safe-start gate sees their CustomResourceDefinitions.
type Pool struct {
	ctrl  controller.TypedController[Request]
	count func(delta int)

	mu    sync.RWMutex
	kinds map[schema.GroupVersionKind]reconcile.Reconciler
	// waiting: kinds whose controller starts once their CRD is
	// established (see Ready).
	waiting map[schema.GroupVersionKind]bool
}

// NewPool adds the pool's controller to mgr. count, when not nil, is told
// of every managed resource that appears (+1) and goes (-1), of every kind.
func NewPool(mgr ctrl.Manager, o controller.Options, count func(delta int)) (*Pool, error) {
	p := &Pool{kinds: map[schema.GroupVersionKind]reconcile.Reconciler{}, count: count}
	log := mgr.GetLogger().WithValues("controller", PoolName)
	c, err := controller.NewTyped(PoolName, mgr, controller.TypedOptions[Request]{
		Reconciler:              p,
		MaxConcurrentReconciles: o.MaxConcurrentReconciles,
		RecoverPanic:            o.RecoverPanic,
		SkipNameValidation:      o.SkipNameValidation,
		// As crossplane-runtime's controller rate limiter, per resource.
		RateLimiter: workqueue.NewTypedItemExponentialFailureRateLimiter[Request](time.Second, time.Minute),
		LogConstructor: func(r *Request) logr.Logger {
			if r == nil {
				return log
			}
			return log.WithValues("kind", r.Kind.GroupKind().String(), "namespace", r.Namespace, "name", r.Name)
		},
	})
	if err != nil {
		return nil, errors.Wrap(err, "cannot build the managed resource workers")
	}
	p.ctrl = c
	return p, nil
}

// Reconcile hands r to its kind's reconciler.
func (p *Pool) Reconcile(ctx context.Context, r Request) (reconcile.Result, error) {
	p.mu.RLock()
	rec, ok := p.kinds[r.Kind]
	p.mu.RUnlock()
	if !ok {
		// Only a kind's own watches enqueue it, and they start after it joins.
		return reconcile.Result{}, errors.Errorf("no reconciler for the kind %s", r.Kind)
	}
	return rec.Reconcile(ctx, reconcile.Request{NamespacedName: r.NamespacedName})
}

// Add makes gvk's resources (obj's type in c, filtered by predicates)
// the pool's work, reconciled by r.
func (p *Pool) Add(c cache.Cache, gvk schema.GroupVersionKind, obj client.Object, r reconcile.Reconciler, predicates ...predicate.Predicate) error {
	p.mu.Lock()
	if _, dup := p.kinds[gvk]; dup {
		p.mu.Unlock()
		return errors.Errorf("the kind %s is already reconciled", gvk)
	}
	p.kinds[gvk] = r
	p.mu.Unlock()
	h := p.Enqueue(gvk)
	if p.count != nil {
		h = counted{TypedEventHandler: h, count: p.count}
	}
	return p.Watch(source.TypedKind(c, obj, h, predicates...))
}

// counted tells count of the objects its handler sees appear and go. The
// informer's first list appears as creates, so the count includes the
// resources that existed before the provider started. Create and delete
// events pass the kinds' predicates (desiredStateChanged filters
// updates only).
type counted struct {
	handler.TypedEventHandler[client.Object, Request]
	count func(delta int)
}

func (c counted) Create(ctx context.Context, e event.TypedCreateEvent[client.Object], q workqueue.TypedRateLimitingInterface[Request]) {
	c.count(1)
	c.TypedEventHandler.Create(ctx, e, q)
}

func (c counted) Delete(ctx context.Context, e event.TypedDeleteEvent[client.Object], q workqueue.TypedRateLimitingInterface[Request]) {
	c.count(-1)
	c.TypedEventHandler.Delete(ctx, e, q)
}

// Enqueue is the event handler that reconciles gvk's resource named by
// each event's object.
func (p *Pool) Enqueue(gvk schema.GroupVersionKind) handler.TypedEventHandler[client.Object, Request] {
	return p.EnqueueMapped(gvk, func(_ context.Context, o client.Object) []types.NamespacedName {
		return []types.NamespacedName{{Namespace: o.GetNamespace(), Name: o.GetName()}}
	})
}

// EnqueueMapped is the event handler that reconciles the resources of
// gvk that fn maps each event's object to: another object a resource
// refers to, say.
func (p *Pool) EnqueueMapped(gvk schema.GroupVersionKind, fn func(context.Context, client.Object) []types.NamespacedName) handler.TypedEventHandler[client.Object, Request] {
	return handler.TypedEnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []Request {
		names := fn(ctx, o)
		reqs := make([]Request, len(names))
		for i, n := range names {
			reqs[i] = Request{Kind: gvk, NamespacedName: n}
		}
		return reqs
	})
}

// Watch adds a source of work; one added while the pool runs starts at once.
func (p *Pool) Watch(src source.TypedSource[Request]) error {
	return errors.Wrap(p.ctrl.Watch(src), "cannot watch for managed resource changes")
}
