package shared

import (
	"context"
	"sync"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Stores reads objects as the manager's informers hold them: no new object
// to read into, no copy. A read of the cache through a client, even without
// a deep copy, makes a new object of the kind and copies the cached struct
// into it, and finding the informer of a kind makes one more; a reconcile
// reads its provider configuration, the resources it refers to and its own
// cached status that way, every poll (what it cost: docs/performance.md).
// What Stores returns is the cache's own: read it, never change it.
type Stores struct {
	cache cache.Cache

	mu     sync.RWMutex
	stores map[schema.GroupVersionKind]toolscache.Store
}

// NewStores reads the informers of c.
func NewStores(c cache.Cache) *Stores {
	return &Stores{cache: c, stores: map[schema.GroupVersionKind]toolscache.Store{}}
}

// store is the store of gvk's informer, which the first read of the kind
// starts and waits to be synced (as a cached read does).
func (s *Stores) store(ctx context.Context, gvk schema.GroupVersionKind) (toolscache.Store, error) {
	s.mu.RLock()
	st, ok := s.stores[gvk]
	s.mu.RUnlock()
	if ok {
		return st, nil
	}
	inf, err := s.cache.GetInformerForKind(ctx, gvk)
	if err != nil {
		return nil, err
	}
	g, ok := inf.(interface{ GetStore() toolscache.Store })
	if ok {
		st = g.GetStore()
	}
	if st == nil {
		return nil, errors.Errorf("the informer of %s has no store", gvk.Kind)
	}
	s.mu.Lock()
	s.stores[gvk] = st
	s.mu.Unlock()
	return st, nil
}

// Object is the cached object of kind gvk called key: a NotFound error when
// the cache has none.
func (s *Stores) Object(ctx context.Context, gvk schema.GroupVersionKind, key client.ObjectKey) (runtime.Object, error) {
	st, err := s.store(ctx, gvk)
	if err != nil {
		return nil, err
	}
	k := key.Name
	if key.Namespace != "" {
		k = key.Namespace + "/" + key.Name
	}
	o, exists, err := st.GetByKey(k)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, kerrors.NewNotFound(schema.GroupResource{Group: gvk.Group, Resource: gvk.Kind}, key.Name)
	}
	obj, ok := o.(runtime.Object)
	if !ok {
		return nil, errors.Errorf("the cache holds a %T as a %s", o, gvk.Kind)
	}
	return obj, nil
}

// Items are the cached objects of kind gvk.
func (s *Stores) Items(ctx context.Context, gvk schema.GroupVersionKind) ([]runtime.Object, error) {
	st, err := s.store(ctx, gvk)
	if err != nil {
		return nil, err
	}
	all := st.List()
	out := make([]runtime.Object, 0, len(all))
	for _, o := range all {
		obj, ok := o.(runtime.Object)
		if !ok {
			return nil, errors.Errorf("the cache holds a %T among the %s", o, gvk.Kind)
		}
		out = append(out, obj)
	}
	return out, nil
}
