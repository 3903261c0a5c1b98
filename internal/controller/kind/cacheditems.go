package kind

import (
	"context"
	"strings"

	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// Claim and sibling checks read every resource of a kind on every
// reconcile of a resource of another. A List from the cache, even without
// deep copies, copies each resource's struct into the list's slice: with
// every kind at a 1-minute poll those copies were a sixth of all the idle
// provider allocated. cachingClient hands them the cache's own objects.

// itemReader reads the objects of a list's kind as the cache holds them.
type itemReader interface {
	cachedItems(ctx context.Context, list client.ObjectList) ([]runtime.Object, error)
}

// cachingClient is the provider's cached client, with the informers'
// stores for cachedItems and cachedObject.
type cachingClient struct {
	client.Client
	stores *shared.Stores
}

func newCachingClient(mgr ctrl.Manager) cachingClient {
	return cachingClient{Client: mgr.GetClient(), stores: shared.NewStores(mgr.GetCache())}
}

func (c cachingClient) cachedItems(ctx context.Context, list client.ObjectList) ([]runtime.Object, error) {
	gvk, err := apiutil.GVKForObject(list, c.Scheme())
	if err != nil {
		return nil, err
	}
	gvk.Kind = strings.TrimSuffix(gvk.Kind, "List")
	return c.stores.Items(ctx, gvk)
}

// cachedObject is the cache's own object of kind gvk called key: read it,
// never change it.
func (c cachingClient) cachedObject(ctx context.Context, gvk schema.GroupVersionKind, key client.ObjectKey) (runtime.Object, error) {
	return c.stores.Object(ctx, gvk, key)
}

// objectReader reads an object as the cache holds it.
type objectReader interface {
	cachedObject(ctx context.Context, gvk schema.GroupVersionKind, key client.ObjectKey) (runtime.Object, error)
}

// items are the objects of list's kind that kube reads, never copied
// where kube is the provider's cached client: read them, never change
// them. A scope whose kind is not installed answers kmeta's no-match error.
func items(ctx context.Context, kube client.Reader, list client.ObjectList) ([]runtime.Object, error) {
	if r, ok := kube.(itemReader); ok {
		return r.cachedItems(ctx, list)
	}
	return listItems(ctx, kube, list)
}

// listItems lists them through kube, sharing the cache's objects.
func listItems(ctx context.Context, kube client.Reader, list client.ObjectList) ([]runtime.Object, error) {
	if err := kube.List(ctx, list, client.UnsafeDisableDeepCopy); err != nil {
		return nil, err
	}
	return kmeta.ExtractList(list)
}
