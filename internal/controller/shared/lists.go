package shared

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A ProviderConfig's controller lists every usage of the configuration
// each time one of them changes, only to count them, and the lists' deep
// copies are wasted (what they cost: docs/performance.md).

// WithUncopiedLists returns mgr with a client whose lists from the cache
// share the cached objects instead of copying them. Only for reconcilers
// that never change what they list.
func WithUncopiedLists(mgr ctrl.Manager) ctrl.Manager {
	return clientManager{Manager: mgr, client: uncopiedListClient{Client: mgr.GetClient()}}
}

type uncopiedListClient struct{ client.Client }

func (c uncopiedListClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	return c.Client.List(ctx, list, append(opts, client.UnsafeDisableDeepCopy)...)
}
