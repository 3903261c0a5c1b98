package kind

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

// recordingReconciler records the requests it is given.
type recordingReconciler struct{ got []reconcile.Request }

func (r *recordingReconciler) Reconcile(_ context.Context, req reconcile.Request) (reconcile.Result, error) {
	r.got = append(r.got, req)
	return reconcile.Result{}, nil
}

// watchingController records the sources it is asked to watch.
type watchingController struct {
	controller.TypedController[Request]
	watched int
}

func (c *watchingController) Watch(source.TypedSource[Request]) error {
	c.watched++
	return nil
}

func TestPoolReconcile(t *testing.T) {
	cluster, namespaced := repov1alpha1.RepositoryGroupVersionKind, repomv1alpha1.RepositoryGroupVersionKind
	rc, rn := &recordingReconciler{}, &recordingReconciler{}
	p := &Pool{kinds: map[schema.GroupVersionKind]reconcile.Reconciler{cluster: rc, namespaced: rn}}

	name := types.NamespacedName{Namespace: "team-a", Name: "api"}
	if _, err := p.Reconcile(context.Background(), Request{Kind: namespaced, NamespacedName: name}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]reconcile.Request{{NamespacedName: name}}, rn.got); diff != "" {
		t.Errorf("the namespaced kind's reconciler: -want, +got:\n%s", diff)
	}
	if len(rc.got) != 0 {
		t.Errorf("the cluster-scoped kind's reconciler got %v, want nothing", rc.got)
	}

	unknown := schema.GroupVersionKind{Group: "repo.github.crossplane.io", Version: "v1alpha1", Kind: "Unknown"}
	_, err := p.Reconcile(context.Background(), Request{Kind: unknown, NamespacedName: name})
	want := errors.Errorf("no reconciler for the kind %s", unknown)
	if diff := cmp.Diff(want, err, test.EquateErrors()); diff != "" {
		t.Errorf("an unknown kind: -want, +got:\n%s", diff)
	}
}

func TestPoolAdd(t *testing.T) {
	gvk := repomv1alpha1.RepositoryGroupVersionKind
	c := &watchingController{}
	p := &Pool{ctrl: c, kinds: map[schema.GroupVersionKind]reconcile.Reconciler{}}
	if err := p.Add(nil, gvk, &repomv1alpha1.Repository{}, &recordingReconciler{}); err != nil {
		t.Fatal(err)
	}
	if c.watched != 1 {
		t.Errorf("watches after a kind joined: got %d, want 1", c.watched)
	}
	err := p.Add(nil, gvk, &repomv1alpha1.Repository{}, &recordingReconciler{})
	want := errors.Errorf("the kind %s is already reconciled", gvk)
	if diff := cmp.Diff(want, err, test.EquateErrors()); diff != "" {
		t.Errorf("a kind joining twice: -want, +got:\n%s", diff)
	}
	if c.watched != 1 {
		t.Errorf("watches after a kind joined twice: got %d, want 1", c.watched)
	}
}

func TestPoolEnqueueMapped(t *testing.T) {
	gvk := repov1alpha1.RepositoryGroupVersionKind
	p := &Pool{}
	h := p.EnqueueMapped(gvk, func(_ context.Context, o client.Object) []types.NamespacedName {
		return []types.NamespacedName{{Name: o.GetName() + "-a"}, {Name: o.GetName() + "-b"}}
	})
	q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[Request]())
	defer q.ShutDown()
	h.Create(context.Background(), event.TypedCreateEvent[client.Object]{Object: &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "ci"}}}, q)

	got := map[Request]bool{}
	for q.Len() > 0 {
		r, _ := q.Get()
		got[r] = true
		q.Done(r)
	}
	want := map[Request]bool{
		{Kind: gvk, NamespacedName: types.NamespacedName{Name: "ci-a"}}: true,
		{Kind: gvk, NamespacedName: types.NamespacedName{Name: "ci-b"}}: true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("enqueued: -want, +got:\n%s", diff)
	}
}

func TestPoolCountsResources(t *testing.T) {
	gvk := repomv1alpha1.RepositoryGroupVersionKind
	n := 0
	p := &Pool{count: func(d int) { n += d }}
	h := counted{TypedEventHandler: p.Enqueue(gvk), count: p.count}
	q := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[Request]())
	defer q.ShutDown()
	ctx := context.Background()
	repo := func(name string) *repomv1alpha1.Repository {
		return &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team-a", Name: name}}
	}

	h.Create(ctx, event.TypedCreateEvent[client.Object]{Object: repo("api")}, q)
	h.Create(ctx, event.TypedCreateEvent[client.Object]{Object: repo("web")}, q)
	h.Update(ctx, event.TypedUpdateEvent[client.Object]{ObjectOld: repo("api"), ObjectNew: repo("api")}, q)
	if n != 2 {
		t.Errorf("resources after two creates and an update: got %d, want 2", n)
	}
	h.Delete(ctx, event.TypedDeleteEvent[client.Object]{Object: repo("web")}, q)
	if n != 1 {
		t.Errorf("resources after one of two was deleted: got %d, want 1", n)
	}
	got := map[Request]bool{}
	for q.Len() > 0 {
		r, _ := q.Get()
		got[r] = true
		q.Done(r)
	}
	want := map[Request]bool{
		{Kind: gvk, NamespacedName: types.NamespacedName{Namespace: "team-a", Name: "api"}}: true,
		{Kind: gvk, NamespacedName: types.NamespacedName{Namespace: "team-a", Name: "web"}}: true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counting must not change what is enqueued: -want, +got:\n%s", diff)
	}
}
