package kind

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
)

// refersTo stands for a kind's reference to a Secret: the Repository types
// are the only managed kinds there are to borrow, so an annotation names it.
func refersTo(mg resource.Managed) []string {
	if s := mg.GetAnnotations()["secret"]; s != "" {
		return []string{s}
	}
	return nil
}

func TestReferrers(t *testing.T) {
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	ann := func(key string) map[string]string { return map[string]string{"secret": key} }
	index := watchIndex(corev1.SchemeGroupVersion.WithKind("Secret").GroupKind())
	extract := func(o client.Object) []string { return refersTo(o.(resource.Managed)) }
	kube := fake.NewClientBuilder().WithScheme(s).
		WithIndex(&repomv1alpha1.Repository{}, index, extract).
		WithIndex(&repov1alpha1.Repository{}, index, extract).
		WithObjects(
			&repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "one", Annotations: ann(WatchKey("a", "hook-secret"))}},
			&repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "two", Annotations: ann(WatchKey("a", "other"))}},
			&repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "b", Name: "three", Annotations: ann(WatchKey("b", "hook-secret"))}},
			&repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "four"}},
			&repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "cluster", Annotations: ann(WatchKey("a", "hook-secret"))}},
		).Build()
	secret := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "hook-secret"}}

	cases := map[string]struct {
		reason string
		kind   client.Object
		want   []types.NamespacedName
	}{
		"Namespaced": {
			reason: "Only the resources whose references name the changed Secret, by namespace and name, are reconciled.",
			kind:   &repomv1alpha1.Repository{},
			want:   []types.NamespacedName{{Namespace: "a", Name: "one"}},
		},
		"Cluster": {
			reason: "A cluster-scoped resource names the Secret's namespace; its request has none.",
			kind:   &repov1alpha1.Repository{},
			want:   []types.NamespacedName{{Name: "cluster"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			gvk, err := kube.GroupVersionKindFor(tc.kind)
			if err != nil {
				t.Fatal(err)
			}
			got := referrers(kube, s.New, gvk, index)(context.Background(), secret)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("\n%s\nreferrers(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestWatchKey(t *testing.T) {
	if got := WatchKey("ns", "name"); got != "ns/name" {
		t.Errorf("WatchKey(ns, name) = %q", got)
	}
	if got := WatchKey("", "name"); got != "name" {
		t.Errorf("WatchKey(\"\", name) = %q", got)
	}
}
