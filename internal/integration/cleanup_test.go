package integration

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
)

// managedKind is the list type of one managed kind, and its scope.
type managedKind struct {
	list  schema.GroupVersionKind
	scope scope
}

// managedKinds finds every managed kind of this provider in sch: the kinds
// of the scopes' API groups whose list type is a resource.ManagedList. A
// kind served in several versions is listed once: every version lists the
// same objects.
func managedKinds(sch *runtime.Scheme) []managedKind {
	gvks := slices.SortedFunc(maps.Keys(sch.AllKnownTypes()), func(a, b schema.GroupVersionKind) int {
		return cmp.Compare(a.String(), b.String())
	})
	seen := map[schema.GroupKind]bool{}
	var out []managedKind
	for _, gvk := range gvks {
		for _, s := range scopes {
			if !s.inGroup(gvk.Group) || seen[gvk.GroupKind()] {
				continue
			}
			obj, err := sch.New(gvk)
			if _, ok := obj.(resource.ManagedList); err != nil || !ok {
				continue
			}
			seen[gvk.GroupKind()] = true
			out = append(out, managedKind{list: gvk, scope: s})
		}
	}
	return out
}

// suiteKinds are the managed kinds of the suite's scheme, found once.
var suiteKinds = sync.OnceValue(func() []managedKind { return managedKinds(kube.Scheme()) })

// cleanup removes the test's managed resources, of every kind, without
// waiting for the provider: the emulator is about to go, and deletion
// through the provider has tests of its own. Finalizers are dropped so the
// shared API server is left clean.
func (f *fixture) cleanup() {
	ctx := context.Background()
	for _, k := range suiteKinds() {
		obj, err := kube.Scheme().New(k.list)
		if err != nil {
			f.t.Errorf("cleanup: %v", err)
			continue
		}
		l := obj.(resource.ManagedList)
		if err := kube.List(ctx, l, k.scope.listIn(f)...); err != nil {
			f.t.Errorf("cleanup: cannot list %s: %v", k.list.Kind, err)
			continue
		}
		for _, mg := range l.GetItems() {
			if k.scope.owns(f, mg) {
				forceDelete(ctx, mg)
			}
		}
	}
	_ = kube.Delete(ctx, &legacyv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: f.legacyName("github")}})
}

// forceDelete deletes o and drops the managed reconciler's finalizer.
func forceDelete(ctx context.Context, o client.Object) {
	_ = kube.Delete(ctx, o)
	for range 10 {
		if err := kube.Get(ctx, client.ObjectKeyFromObject(o), o); err != nil {
			return
		}
		meta.RemoveFinalizer(o, "finalizer.managedresource.crossplane.io")
		if err := kube.Update(ctx, o); err == nil || kerrors.IsNotFound(err) {
			return
		}
	}
}

// A managed kind that discovery misses would be left behind by every test
// of that kind; a kind it wrongly takes would be deleted from under others.
func TestManagedKindsAreFoundInTheScheme(t *testing.T) {
	sch, err := newScheme()
	if err != nil {
		t.Fatal(err)
	}
	found := map[schema.GroupKind]string{}
	for _, k := range managedKinds(sch) {
		if s, dup := found[k.list.GroupKind()]; dup {
			t.Errorf("%s found twice (%s, %s)", k.list.GroupKind(), s, k.scope.name)
		}
		found[k.list.GroupKind()] = k.scope.name
	}
	cases := map[string]struct {
		list schema.GroupKind
		want string // the scope, or "" for not a managed kind of ours
	}{
		"NamespacedRepository":  {list: schema.GroupKind{Group: "repo.github.m.crossplane.io", Kind: "RepositoryList"}, want: "Namespaced"},
		"ClusterRepository":     {list: schema.GroupKind{Group: "repo.github.crossplane.io", Kind: "RepositoryList"}, want: "Cluster"},
		"ProviderConfig":        {list: schema.GroupKind{Group: "github.m.crossplane.io", Kind: "ProviderConfigList"}},
		"ClusterProviderConfig": {list: schema.GroupKind{Group: "github.m.crossplane.io", Kind: "ClusterProviderConfigList"}},
		"LegacyProviderConfig":  {list: schema.GroupKind{Group: "github.crossplane.io", Kind: "ProviderConfigList"}},
		"ProviderConfigUsage":   {list: schema.GroupKind{Group: "github.m.crossplane.io", Kind: "ProviderConfigUsageList"}},
		"Secret":                {list: schema.GroupKind{Kind: "SecretList"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := found[tc.list]; got != tc.want {
				t.Errorf("%s: want scope %q, got %q (all found: %v)", tc.list, tc.want, got, found)
			}
		})
	}
}

// cleanup leaves nothing of a finished test behind, in either scope.
func TestCleanupRemovesTheTestsManagedResources(t *testing.T) {
	t.Parallel()
	var made []repoObject
	t.Run("Test", func(t *testing.T) {
		f := newFixture(t)
		for _, s := range scopes {
			made = append(made, f.create(s, "leftover", common.RepositoryParameters{}))
		}
	})
	for _, mg := range made {
		if err := kube.Get(t.Context(), client.ObjectKeyFromObject(mg), fresh(mg)); !kerrors.IsNotFound(err) {
			t.Errorf("%T %s is still there after its test: %v", mg, client.ObjectKeyFromObject(mg), err)
		}
	}
}
