package shared

import (
	"context"
	"errors"
	"testing"

	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// fakeInformers is a cache whose informers hold stores.
type fakeInformers struct {
	cache.Cache
	stores map[schema.GroupVersionKind]toolscache.Store
	err    error
	asked  int
}

type storeInformer struct {
	cache.Informer
	store toolscache.Store
}

func (i storeInformer) GetStore() toolscache.Store { return i.store }

func (f *fakeInformers) GetInformerForKind(_ context.Context, gvk schema.GroupVersionKind, _ ...cache.InformerGetOption) (cache.Informer, error) {
	f.asked++
	if f.err != nil {
		return nil, f.err
	}
	return storeInformer{store: f.stores[gvk]}, nil
}

var secretGVK = corev1.SchemeGroupVersion.WithKind("Secret")

func TestStoresObject(t *testing.T) {
	st := toolscache.NewStore(toolscache.MetaNamespaceKeyFunc)
	held := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "a"}}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "n"}}
	for _, o := range []any{held, node} {
		if err := st.Add(o); err != nil {
			t.Fatal(err)
		}
	}
	f := &fakeInformers{stores: map[schema.GroupVersionKind]toolscache.Store{secretGVK: st}}
	s := NewStores(f)
	ctx := context.Background()

	got, err := s.Object(ctx, secretGVK, client.ObjectKey{Namespace: "ns", Name: "a"})
	if err != nil {
		t.Fatalf("Object(ns/a): %v", err)
	}
	if got != held {
		t.Errorf("Object(ns/a) = %p, want the store's own object %p (no copy)", got, held)
	}
	if got, err := s.Object(ctx, secretGVK, client.ObjectKey{Name: "n"}); err != nil || got != node {
		t.Errorf("Object(n) of a cluster-scoped key = %v, %v; want the object kept under its bare name", got, err)
	}
	if _, err := s.Object(ctx, secretGVK, client.ObjectKey{Namespace: "ns", Name: "b"}); !kerrors.IsNotFound(err) {
		t.Errorf("Object(ns/b) error = %v, want NotFound", err)
	}
	items, err := s.Items(ctx, secretGVK)
	if err != nil || len(items) != 2 {
		t.Errorf("Items() = %d objects, %v; want the store's 2", len(items), err)
	}
	if f.asked != 1 {
		t.Errorf("the cache was asked for the informer %d times, want once (its store is kept)", f.asked)
	}
}

func TestStoresErrors(t *testing.T) {
	ctx := context.Background()
	failing := &fakeInformers{err: errors.New("no such kind")}
	s := NewStores(failing)
	if _, err := s.Object(ctx, secretGVK, client.ObjectKey{Name: "a"}); err == nil {
		t.Error("Object() with an informer that cannot be had: want its error")
	}
	if _, err := s.Object(ctx, secretGVK, client.ObjectKey{Name: "a"}); err == nil || failing.asked != 2 {
		t.Errorf("a failed lookup is not kept: asked %d times, want 2 (err %v)", failing.asked, err)
	}
	storeless := NewStores(&fakeInformers{stores: map[schema.GroupVersionKind]toolscache.Store{}})
	if _, err := storeless.Items(ctx, secretGVK); err == nil {
		t.Error("Items() of an informer without a store: want an error")
	}
}
