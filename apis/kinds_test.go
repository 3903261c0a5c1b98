package apis

import (
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestKindsTellTheScope checks kindgen's table (zz_generated.kinds.go)
// against the scheme: Kinds holds every managed kind registered, each kind's
// GroupVersionKind in a scope is of that scope (its API group, and ScopeOf
// of its resource), and Beside picks every kind's twin of that scope.
func TestKindsTellTheScope(t *testing.T) {
	s := runtime.NewScheme()
	if err := AddToSchemes.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	inKinds := map[schema.GroupVersionKind]bool{}
	for _, k := range Kinds {
		if k.Namespaced.Kind != k.Cluster.Kind || k.Namespaced.Version != k.Cluster.Version {
			t.Errorf("Kind{%v, %v}: the twins differ in more than their API group", k.Namespaced, k.Cluster)
		}
		for _, sc := range []Scope{Namespaced, Cluster} {
			gvk := k.In(sc)
			inKinds[gvk] = true
			suffix := map[Scope]string{Namespaced: ".github.m.crossplane.io", Cluster: ".github.crossplane.io"}[sc]
			if !strings.HasSuffix(gvk.Group, suffix) {
				t.Errorf("%s.In(%s) = %v: want an API group ending %s", k.Namespaced.Kind, sc, gvk, suffix)
			}
			obj, err := s.New(gvk)
			if err != nil {
				t.Errorf("%s.In(%s) = %v: not in the scheme: %v", k.Namespaced.Kind, sc, gvk, err)
				continue
			}
			mg, ok := obj.(resource.Managed)
			if !ok {
				t.Errorf("%s.In(%s) = %v: %T is no managed resource", k.Namespaced.Kind, sc, gvk, obj)
				continue
			}
			if got := ScopeOf(mg); got != sc {
				t.Errorf("ScopeOf(%T) = %q: want %q", mg, got, sc)
			}
			for _, other := range Kinds {
				if got := other.Beside(mg); got != other.In(sc) {
					t.Errorf("%s.Beside(%T) = %v: want the %s twin %v", other.Namespaced.Kind, mg, got, sc, other.In(sc))
				}
			}
		}
	}
	for gvk := range s.AllKnownTypes() {
		obj, err := s.New(gvk)
		if err != nil {
			t.Fatal(err)
		}
		if _, managed := obj.(resource.Managed); managed && !inKinds[gvk] {
			t.Errorf("managed kind %v is not in Kinds", gvk)
		}
	}
	if len(inKinds) == 0 {
		t.Error("Kinds is empty: run make generate")
	}

	if got := Kinds[0].In(""); !got.Empty() {
		t.Errorf("In(\"\") = %v: want the zero GroupVersionKind", got)
	}
}
