package shared

import (
	"context"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/crossplane-github/provider-github/apis"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func TestOwnStatusWrites(t *testing.T) {
	ctx := context.Background()
	key := client.ObjectKey{Namespace: "team", Name: "api"}
	cases := map[string]struct {
		reason string
		// between runs after the stale copy was read and the status was
		// written, before the stale copy is updated.
		between      func(t *testing.T, kube client.Client)
		writeStatus  bool
		wantConflict bool
	}{
		"OnlyOurStatusWrite": {
			reason:      "An update that conflicts only with this client's own status write is sent again and succeeds.",
			writeStatus: true,
		},
		"NoStatusWrite": {
			reason: "A conflict with a write this client did not make stands.",
			between: func(t *testing.T, kube client.Client) {
				t.Helper()
				other := &repov1alpha1.Repository{}
				must(t, kube.Get(ctx, key, other))
				other.Labels = map[string]string{"by": "someone"}
				must(t, kube.Update(ctx, other))
			},
			wantConflict: true,
		},
		"AnotherWriteAfterOurs": {
			reason:      "A conflict with our status write and then someone else's write stands: their write must not be overwritten.",
			writeStatus: true,
			between: func(t *testing.T, kube client.Client) {
				t.Helper()
				other := &repov1alpha1.Repository{}
				must(t, kube.Get(ctx, key, other))
				other.Spec.ForProvider.Description = ptr.To("theirs")
				must(t, kube.Update(ctx, other))
			},
			wantConflict: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := runtime.NewScheme()
			must(t, apis.AddToScheme(s))
			stored := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name, UID: "uid-1"}}
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(stored).WithStatusSubresource(&repov1alpha1.Repository{}).Build()
			c := ownStatusWrites{Client: kube, writes: &sync.Map{}}

			stale := &repov1alpha1.Repository{}
			must(t, kube.Get(ctx, key, stale))
			if tc.writeStatus {
				mine := stale.DeepCopy()
				mine.Status.AtProvider.ID = ptr.To[int64](42)
				must(t, c.Status().Update(ctx, mine))
			}
			if tc.between != nil {
				tc.between(t, kube)
			}
			stale.Spec.ForProvider.Homepage = ptr.To("https://example.org")
			err := c.Update(ctx, stale)
			if got := kerrors.IsConflict(err); got != tc.wantConflict {
				t.Fatalf("\n%s\nUpdate(): got error %v, want a conflict: %t", tc.reason, err, tc.wantConflict)
			}
			got := &repov1alpha1.Repository{}
			must(t, kube.Get(ctx, key, got))
			wantHomepage := "https://example.org"
			if tc.wantConflict {
				wantHomepage = ""
			}
			if diff := cmp.Diff(wantHomepage, ptr.Deref(got.Spec.ForProvider.Homepage, "")); diff != "" {
				t.Errorf("\n%s\nstored homepage: -want, +got:\n%s", tc.reason, diff)
			}
			if tc.writeStatus && ptr.Deref(got.Status.AtProvider.ID, 0) != 42 {
				t.Errorf("\n%s\nthe status write was lost: %+v", tc.reason, got.Status.AtProvider)
			}
		})
	}
}

// A status written from a copy read before our own last status write is
// sent, also when it equals that stale copy's status (the cache is a write
// behind): the stored status is what our last write left.
func TestStatusAfterOwnStatusWrite(t *testing.T) {
	ctx := context.Background()
	key := client.ObjectKey{Namespace: "team", Name: "api"}
	cases := map[string]struct {
		reason       string
		between      func(t *testing.T, kube client.Client)
		wantConflict bool
	}{
		"OnlyOurStatusWrite": {
			reason: "The status of before our write is written back over it, not taken for unchanged.",
		},
		"AnotherWriteAfterOurs": {
			reason: "Someone else's write after ours still makes the stale status update conflict.",
			between: func(t *testing.T, kube client.Client) {
				t.Helper()
				other := &repov1alpha1.Repository{}
				must(t, kube.Get(ctx, key, other))
				other.Labels = map[string]string{"by": "someone"}
				must(t, kube.Update(ctx, other))
			},
			wantConflict: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := runtime.NewScheme()
			must(t, apis.AddToScheme(s))
			stored := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: key.Namespace, Name: key.Name, UID: "uid-1"}}
			stored.Status.AtProvider.ID = ptr.To[int64](7)
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(stored).WithStatusSubresource(&repov1alpha1.Repository{}).Build()
			stale := &repov1alpha1.Repository{}
			must(t, kube.Get(ctx, key, stale))
			// The cache is a write behind: it still answers the stale copy.
			cache := interceptor.NewClient(fake.NewClientBuilder().WithScheme(s).WithObjects(stale.DeepCopy()).Build(), interceptor.Funcs{
				SubResourceUpdate: func(ctx context.Context, _ client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
					return kube.SubResource(sub).Update(ctx, obj, opts...)
				},
			})
			c := ownStatusWrites{Client: newStatusSkippingClient(cache, nil), writes: &sync.Map{}}

			mine := &repov1alpha1.Repository{}
			must(t, c.Get(ctx, key, mine))
			mine.Status.AtProvider.ID = ptr.To[int64](42)
			must(t, c.Status().Update(ctx, mine))
			if tc.between != nil {
				tc.between(t, kube)
			}
			again := &repov1alpha1.Repository{}
			must(t, c.Get(ctx, key, again)) // the cache's stale copy
			err := c.Status().Update(ctx, again)
			if got := kerrors.IsConflict(err); got != tc.wantConflict {
				t.Fatalf("\n%s\nStatus().Update(): got error %v, want a conflict: %t", tc.reason, err, tc.wantConflict)
			}
			got := &repov1alpha1.Repository{}
			must(t, kube.Get(ctx, key, got))
			want := int64(7)
			if tc.wantConflict {
				want = 42
			}
			if diff := cmp.Diff(want, ptr.Deref(got.Status.AtProvider.ID, 0)); diff != "" {
				t.Errorf("\n%s\nstored status.atProvider.id: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// An update of a resource (late initialization, the record of a create)
// leaves the status the reconcile observed in the object, for the status
// write that follows: the API server's answer carries the status stored
// before, which would otherwise replace it.
func TestUpdateKeepsTheObservedStatus(t *testing.T) {
	ctx := context.Background()
	s := runtime.NewScheme()
	must(t, apis.AddToScheme(s))
	stored := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-1"}}
	kube := fake.NewClientBuilder().WithScheme(s).WithObjects(stored).WithStatusSubresource(&repov1alpha1.Repository{}).Build()
	c := ownStatusWrites{Client: kube, writes: &sync.Map{}}

	mg := &repov1alpha1.Repository{}
	must(t, kube.Get(ctx, client.ObjectKeyFromObject(stored), mg))
	mg.Status.AtProvider.FullName = ptr.To("demo-org/api")
	mg.Spec.ForProvider.Description = ptr.To("late-initialized")
	must(t, c.Update(ctx, mg))
	if got := ptr.Deref(mg.Status.AtProvider.FullName, ""); got != "demo-org/api" {
		t.Errorf("status.atProvider.fullName after the update: %q, want the observed demo-org/api", got)
	}
	if got := ptr.Deref(mg.Spec.ForProvider.Description, ""); got != "late-initialized" {
		t.Errorf("spec after the update: %q, want the update's", got)
	}
	must(t, c.Status().Update(ctx, mg))
	got := &repov1alpha1.Repository{}
	must(t, kube.Get(ctx, client.ObjectKeyFromObject(stored), got))
	if diff := cmp.Diff(ptr.To("demo-org/api"), got.Status.AtProvider.FullName); diff != "" {
		t.Errorf("stored status.atProvider.fullName: -want, +got:\n%s", diff)
	}
}
