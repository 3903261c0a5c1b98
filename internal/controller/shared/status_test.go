package shared

import (
	"context"
	"testing"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/crossplane-github/provider-github/apis"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
)

func TestUnchangedStatusSkipped(t *testing.T) {
	ctx := context.Background()
	stored := func() *repov1alpha1.Repository {
		r := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-1"}}
		r.Status.SetConditions(xpv2.Available(), xpv2.ReconcileSuccess())
		r.Status.AtProvider.ID = ptr.To[int64](42)
		return r
	}
	cases := map[string]struct {
		reason string
		change func(r *repov1alpha1.Repository)
		// between runs after the read, with the client that read.
		between func(ctx context.Context, c client.Client, r *repov1alpha1.Repository) error
		notRead bool // the object was not read through the client
		opts    []client.SubResourceUpdateOption
		want    int
		stale   bool // the API server refuses the update as stale
	}{
		"Unchanged": {
			reason: "A status equal to the stored one is not sent.",
			change: func(*repov1alpha1.Repository) {},
			want:   0,
		},
		"UnchangedButTheSpec": {
			reason: "A status update writes only the status: a different spec does not make it a change.",
			change: func(r *repov1alpha1.Repository) { r.Spec.ForProvider.Description = ptr.To("changed") },
			want:   0,
		},
		"ConditionChanged": {
			reason: "A changed condition is sent.",
			change: func(r *repov1alpha1.Repository) { r.Status.SetConditions(xpv2.Unavailable()) },
			want:   1,
		},
		"ObservationChanged": {
			reason: "A changed observation is sent.",
			change: func(r *repov1alpha1.Repository) { r.Status.AtProvider.ID = ptr.To[int64](43) },
			want:   1,
		},
		"OtherResourceVersion": {
			reason: "Compared with another version of the object, nothing can be told: the update is sent (and conflicts if stale).",
			change: func(r *repov1alpha1.Repository) { r.ResourceVersion = "1" },
			want:   1,
			stale:  true,
		},
		"TimeChanged": {
			reason: "A transition time that differs, even below the second the API server stores, counts as a change: the update is sent.",
			change: func(r *repov1alpha1.Repository) {
				c := r.Status.GetCondition(xpv2.TypeReady)
				c.LastTransitionTime = metav1.NewTime(c.LastTransitionTime.Add(time.Millisecond))
				r.Status.Conditions[0] = c
			},
			want: 1,
		},
		"NotReadThroughTheClient": {
			reason:  "The cache is the yardstick, whoever read the object: an unchanged status is not sent.",
			change:  func(*repov1alpha1.Repository) {},
			notRead: true,
			want:    0,
		},
		"WrittenSinceRead": {
			reason: "After an update of the resource, its status is compared with the version that update stored: unchanged, it is not sent.",
			change: func(*repov1alpha1.Repository) {},
			between: func(ctx context.Context, c client.Client, r *repov1alpha1.Repository) error {
				r.Labels = map[string]string{"a": "b"}
				return c.Update(ctx, r)
			},
			want: 0,
		},
		"ChangedAfterWrite": {
			reason: "After an update of the resource, a status that differs from the stored one is sent.",
			change: func(r *repov1alpha1.Repository) { r.Status.SetConditions(xpv2.Unavailable()) },
			between: func(ctx context.Context, c client.Client, r *repov1alpha1.Repository) error {
				r.Labels = map[string]string{"a": "b"}
				return c.Update(ctx, r)
			},
			want: 1,
		},
		"OtherObjectSameName": {
			reason: "An object deleted and created again under the same name is another object: the update is sent.",
			change: func(r *repov1alpha1.Repository) { r.UID = "uid-2" },
			want:   1,
		},
		"WithOptions": {
			reason: "An update with options is always sent.",
			change: func(*repov1alpha1.Repository) {},
			opts:   []client.SubResourceUpdateOption{&client.SubResourceUpdateOptions{UpdateOptions: client.UpdateOptions{FieldManager: "x"}}},
			want:   1,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := runtime.NewScheme()
			if err := apis.AddToScheme(s); err != nil {
				t.Fatal(err)
			}
			updates := 0
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(stored()).WithStatusSubresource(&repov1alpha1.Repository{}).
				WithInterceptorFuncs(interceptor.Funcs{SubResourceUpdate: func(ctx context.Context, c client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
					updates++
					return c.SubResource(sub).Update(ctx, obj, opts...)
				}}).Build()
			c := newStatusSkippingClient(kube, nil)
			reader := client.Reader(c)
			if tc.notRead {
				reader = kube
			}
			got := &repov1alpha1.Repository{}
			if err := reader.Get(ctx, client.ObjectKey{Namespace: "team", Name: "api"}, got); err != nil {
				t.Fatal(err)
			}
			if tc.between != nil {
				if err := tc.between(ctx, c, got); err != nil {
					t.Fatal(err)
				}
			}
			tc.change(got)
			err := c.Status().Update(ctx, got, tc.opts...)
			if (err != nil) != tc.stale {
				t.Fatalf("Update(): got error %v, want an error: %t", err, tc.stale)
			}
			if updates != tc.want {
				t.Errorf("\n%s\nstatus updates sent: got %d, want %d", tc.reason, updates, tc.want)
			}
		})
	}
}

func TestUnchangedStatusSkippedNotCached(t *testing.T) {
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	kube := fake.NewClientBuilder().WithScheme(s).WithStatusSubresource(&repov1alpha1.Repository{}).Build()
	r := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "gone", ResourceVersion: "7"}}
	// Not in the cache: nothing can be told, so the update is sent (and
	// the API server's answer, here not found, is returned).
	if err := newStatusSkippingClient(kube, nil).Status().Update(context.Background(), r); err == nil {
		t.Errorf("Update() of an object that does not exist: got nil error, want the API server's not found")
	}
}
