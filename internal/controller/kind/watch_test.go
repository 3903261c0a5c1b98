package kind

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	kmeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
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

// indexer fails with errs, one a call, then succeeds.
type indexer struct {
	errs  []error
	calls int
}

func (i *indexer) IndexField(context.Context, client.Object, string, client.IndexerFunc) error {
	i.calls++
	if len(i.errs) == 0 {
		return nil
	}
	err := i.errs[0]
	i.errs = i.errs[1:]
	return err
}

func TestIndexField(t *testing.T) {
	noMatch := &kmeta.NoKindMatchError{GroupKind: schema.GroupKind{Group: "repo.github.crossplane.io", Kind: "Webhook"}}
	boom := errors.New("boom")
	cases := map[string]struct {
		reason    string
		errs      []error
		wantErr   error
		wantCalls int
	}{
		"NotServedYet": {
			reason:    "A kind the API server does not serve yet (its CRD just established) is indexed once it is.",
			errs:      []error{noMatch, noMatch},
			wantCalls: 3,
		},
		"OtherError": {
			reason:    "Any other error is returned at once.",
			errs:      []error{boom},
			wantErr:   boom,
			wantCalls: 1,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			fi := &indexer{errs: tc.errs}
			err := indexField(context.Background(), fi, &repomv1alpha1.Webhook{}, "i", func(client.Object) []string { return nil })
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nindexField(...): -want, +got:\n%s", tc.reason, diff)
			}
			if fi.calls != tc.wantCalls {
				t.Errorf("\n%s\nIndexField calls: got %d, want %d", tc.reason, fi.calls, tc.wantCalls)
			}
		})
	}
}
