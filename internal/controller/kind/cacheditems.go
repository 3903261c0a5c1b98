package kind

import (
	"context"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
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

// cachingClient is the provider's cached client, with the cache itself
// for cachedItems.
type cachingClient struct {
	client.Client
	cache cache.Cache
}

func (c cachingClient) cachedItems(ctx context.Context, list client.ObjectList) ([]runtime.Object, error) {
	gvk, err := apiutil.GVKForObject(list, c.Scheme())
	if err != nil {
		return nil, err
	}
	gvk.Kind = strings.TrimSuffix(gvk.Kind, "List")
	inf, err := c.cache.GetInformerForKind(ctx, gvk)
	if err != nil {
		return nil, err
	}
	s, ok := inf.(interface{ GetStore() toolscache.Store })
	if !ok {
		return listItems(ctx, c.Client, list)
	}
	all := s.GetStore().List()
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
