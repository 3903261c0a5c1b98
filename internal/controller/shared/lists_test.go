package shared

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/crossplane-github/provider-github/apis"
	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
)

func TestUncopiedLists(t *testing.T) {
	s := runtime.NewScheme()
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	var got client.ListOptions
	kube := fake.NewClientBuilder().WithScheme(s).WithInterceptorFuncs(interceptor.Funcs{
		List: func(ctx context.Context, c client.WithWatch, list client.ObjectList, opts ...client.ListOption) error {
			got.ApplyOptions(opts)
			return c.List(ctx, list, opts...)
		},
	}).Build()
	l := &mv1alpha1.ProviderConfigUsageList{}
	if err := (uncopiedListClient{Client: kube}).List(context.Background(), l, client.InNamespace("team")); err != nil {
		t.Fatalf("List(): %v", err)
	}
	if got.UnsafeDisableDeepCopy == nil || !*got.UnsafeDisableDeepCopy {
		t.Errorf("List() options: UnsafeDisableDeepCopy not set, want set")
	}
	if got.Namespace != "team" {
		t.Errorf("List() options: namespace %q, want the caller's %q", got.Namespace, "team")
	}
}
