package integration

import (
	"fmt"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/apis"
	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
)

// scope is one of the two places a managed resource of this provider lives:
// a namespace, with a typed reference to a namespaced ProviderConfig, or the
// cluster, with a legacy reference to a cluster-scoped ProviderConfig. It
// knows how to place a resource of any kind, so each scenario runs for both.
type scope struct {
	name string
	// of is this scope as kindgen's twins name it: twins.Webhook.In(s.of)
	// is an empty Webhook of this scope.
	of apis.Scope
	// namespaced tells whether resources of this scope live in a namespace.
	namespaced bool
	// groupSuffix ends the API group of every managed kind of this scope.
	groupSuffix string
	// key is where the fixture keeps the resource the test calls name.
	key func(f *fixture, name string) types.NamespacedName
	// usePC points mg at the fixture's provider config called pc.
	usePC func(f *fixture, mg resource.Managed, pc string) error
	// listIn narrows a List to where the fixture's resources are; owns
	// tells which of the listed ones are the fixture's.
	listIn func(f *fixture) []client.ListOption
	owns   func(f *fixture, obj client.Object) bool
}

var scopes = []scope{
	{
		name:        "Namespaced",
		of:          apis.Namespaced,
		namespaced:  true,
		groupSuffix: "github.m.crossplane.io",
		key: func(f *fixture, name string) types.NamespacedName {
			return types.NamespacedName{Namespace: f.ns, Name: name}
		},
		usePC: func(_ *fixture, mg resource.Managed, pc string) error {
			r, ok := mg.(resource.TypedProviderConfigReferencer)
			if !ok {
				return fmt.Errorf("%T has no typed providerConfigRef: it is not a namespaced managed resource", mg)
			}
			r.SetProviderConfigReference(&xpv2.ProviderConfigReference{Kind: mv1alpha1.ProviderConfigKind, Name: pc})
			return nil
		},
		listIn: func(f *fixture) []client.ListOption { return []client.ListOption{client.InNamespace(f.ns)} },
		owns:   func(f *fixture, obj client.Object) bool { return obj.GetNamespace() == f.ns },
	},
	{
		name:        "Cluster",
		of:          apis.Cluster,
		groupSuffix: "github.crossplane.io",
		key: func(f *fixture, name string) types.NamespacedName {
			return types.NamespacedName{Name: f.ns + "-" + name}
		},
		usePC: func(f *fixture, mg resource.Managed, pc string) error {
			r, ok := mg.(resource.ProviderConfigReferencer)
			if !ok {
				return fmt.Errorf("%T has no legacy providerConfigRef: it is not a cluster-scoped managed resource", mg)
			}
			r.SetProviderConfigReference(&xpv2.Reference{Name: f.legacyName(pc)})
			return nil
		},
		listIn: func(*fixture) []client.ListOption { return nil },
		owns: func(f *fixture, obj client.Object) bool {
			return obj.GetNamespace() == "" && strings.HasPrefix(obj.GetName(), f.ns+"-")
		},
	},
}

// inGroup tells whether an API group is one of this scope's.
func (s scope) inGroup(group string) bool {
	return group == s.groupSuffix || strings.HasSuffix(group, "."+s.groupSuffix)
}

// forEachScope runs fn for each scope, in parallel with each other and with
// other tests that do the same.
func forEachScope(t *testing.T, fn func(t *testing.T, s scope)) {
	t.Parallel()
	for _, s := range scopes {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			fn(t, s)
		})
	}
}
