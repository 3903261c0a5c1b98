package kind

import (
	"context"
	"net/http"
	"testing"

	extv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// readyCache is a cache holding crds, synced or not.
type readyCache struct {
	cache.Cache
	crds   []extv1.CustomResourceDefinition
	synced bool
}

func (c readyCache) List(_ context.Context, l client.ObjectList, _ ...client.ListOption) error {
	l.(*extv1.CustomResourceDefinitionList).Items = c.crds //nolint:forcetypeassert // only CRDs are listed.
	return nil
}

func (c readyCache) WaitForCacheSync(context.Context) bool { return c.synced }

func TestReady(t *testing.T) {
	webhook := schema.GroupVersionKind{Group: "repo.github.m.crossplane.io", Version: "v1alpha1", Kind: "Webhook"}
	crd := func(established bool) extv1.CustomResourceDefinition {
		status := extv1.ConditionFalse
		if established {
			status = extv1.ConditionTrue
		}
		return extv1.CustomResourceDefinition{ObjectMeta: metav1.ObjectMeta{Name: "webhooks.repo.github.m.crossplane.io"},
			Spec: extv1.CustomResourceDefinitionSpec{Group: webhook.Group, Names: extv1.CustomResourceDefinitionNames{Kind: webhook.Kind},
				Versions: []extv1.CustomResourceDefinitionVersion{{Name: webhook.Version, Served: true}}},
			Status: extv1.CustomResourceDefinitionStatus{Conditions: []extv1.CustomResourceDefinitionCondition{{Type: extv1.Established, Status: status}}}}
	}
	cases := map[string]struct {
		reason  string
		crds    []extv1.CustomResourceDefinition
		joined  bool
		synced  bool
		standby bool // another replica holds the leader's lease
		ready   bool
	}{
		"KindNotStarted": {
			reason: "An established CRD whose kind's controller has not started yet: not ready.",
			crds:   []extv1.CustomResourceDefinition{crd(true)},
			synced: true,
		},
		"KindStartedAndSynced": {
			reason: "Every installed kind reconciled, every cache synced: ready.",
			crds:   []extv1.CustomResourceDefinition{crd(true)},
			joined: true, synced: true, ready: true,
		},
		"NotSynced": {
			reason: "A cache that has not synced yet: not ready.",
			crds:   []extv1.CustomResourceDefinition{crd(true)},
			joined: true,
		},
		"CRDNotEstablished": {
			reason: "A CRD not yet established starts no controller: ready without it.",
			crds:   []extv1.CustomResourceDefinition{crd(false)},
			synced: true, ready: true,
		},
		"StandbyReplica": {
			reason:  "A replica waiting for the leader's lease runs no controller: ready once its caches are.",
			crds:    []extv1.CustomResourceDefinition{crd(true)},
			standby: true, synced: true, ready: true,
		},
		"StandbyNotSynced": {
			reason:  "A replica waiting for the leader's lease whose caches have not synced: not ready.",
			standby: true,
		},
		"NotInstalled": {
			reason: "A kind whose CRD is not installed (safe start) is not waited for.",
			synced: true, ready: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			p := &Pool{kinds: map[schema.GroupVersionKind]reconcile.Reconciler{}}
			p.gated(webhook)
			if tc.joined {
				p.kinds[webhook] = nil
			}
			req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "/readyz", nil)
			elected := make(chan struct{})
			if !tc.standby {
				close(elected)
			}
			err := p.Ready(readyCache{crds: tc.crds, synced: tc.synced}, elected)(req)
			if (err == nil) != tc.ready {
				t.Errorf("\n%s\nReady(): got error %v, want ready: %t", tc.reason, err, tc.ready)
			}
		})
	}
}
