package shared

import (
	toolscache "k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// lastApplied is the annotation in which kubectl apply keeps a copy of the
// object it applied: for a Secret, its data too.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// TransformSecrets is the cache transform of Secrets. The provider caches
// only their metadata (a kind's Watch, to be told when a Secret it reads
// changes), and reads no managed fields and no kubectl annotation of them:
// dropping both saves memory, and the annotation may hold the Secret's
// data, which the provider must not keep.
func TransformSecrets() toolscache.TransformFunc {
	return func(in any) (any, error) {
		if o, ok := in.(client.Object); ok {
			o.SetManagedFields(nil)
			if a := o.GetAnnotations(); a != nil {
				delete(a, lastApplied)
				o.SetAnnotations(a)
			}
		}
		return in, nil
	}
}
