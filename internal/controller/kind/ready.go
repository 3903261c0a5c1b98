package kind

import (
	"context"
	"net/http"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	extv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
)

// A provider that has just started still reads everything it manages:
// the API server is busiest then, and a resource applied at that moment
// waits. Its readiness check says so, rather than answering ready as soon
// as it serves HTTP.

// gated records that gvk's controller starts once its CRD is established.
func (p *Pool) gated(gvk schema.GroupVersionKind) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.waiting == nil {
		p.waiting = map[schema.GroupVersionKind]bool{}
	}
	p.waiting[gvk] = true
}

// Ready is the provider's readiness check: ready once the kind of every
// established CRD whose controller waits for it (see gated) is reconciled,
// and every informer of c has synced. Controllers run only once elected
// closes (at once without leader election): a replica waiting for the
// leader's lease is ready once its caches are.
func (p *Pool) Ready(c cache.Cache, elected <-chan struct{}) healthz.Checker {
	return func(req *http.Request) error {
		p.mu.RLock()
		anyGated := len(p.waiting) > 0
		p.mu.RUnlock()
		leading := false
		select {
		case <-elected:
			leading = true
		default:
		}
		if anyGated && leading {
			// Every probe lists every CRD of the cluster: looked at in
			// place, not copied.
			crds := &extv1.CustomResourceDefinitionList{}
			if err := c.List(req.Context(), crds, client.UnsafeDisableDeepCopy); err != nil {
				return errors.Wrap(err, "cannot list CustomResourceDefinitions")
			}
			for i := range crds.Items {
				if gvk, ok := p.notStarted(&crds.Items[i]); ok {
					return errors.Errorf("the controller of %s has not started yet", gvk.GroupKind())
				}
			}
		}
		ctx, cancel := context.WithTimeout(req.Context(), 10*time.Millisecond)
		defer cancel()
		if !c.WaitForCacheSync(ctx) {
			return errors.New("the caches of the managed resources have not synced yet")
		}
		return nil
	}
}

// notStarted returns a kind of crd, established, whose controller waits
// for it and has not joined the pool.
func (p *Pool) notStarted(crd *extv1.CustomResourceDefinition) (schema.GroupVersionKind, bool) {
	established := false
	for _, c := range crd.Status.Conditions {
		if c.Type == extv1.Established && c.Status == extv1.ConditionTrue {
			established = true
		}
	}
	if !established {
		return schema.GroupVersionKind{}, false
	}
	p.mu.RLock()
	defer p.mu.RUnlock()
	for _, v := range crd.Spec.Versions {
		gvk := schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}
		if _, joined := p.kinds[gvk]; v.Served && p.waiting[gvk] && !joined {
			return gvk, true
		}
	}
	return schema.GroupVersionKind{}, false
}
