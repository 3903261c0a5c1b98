package config

import (
	"context"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	"github.com/crossplane-github/provider-github/apis"
	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
)

func TestResolverChoosesByScope(t *testing.T) {
	secret := func(ns string) *corev1.Secret {
		return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "creds"}, Data: map[string][]byte{"token": []byte("t0ken")}}
	}
	objs := []client.Object{
		secret("team"), secret("system"),
		&mv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "github"}, Spec: mv1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.LocalCredentials{Source: xpv2.CredentialsSourceSecret, SecretRef: xpv2.LocalSecretKeySelector{LocalSecretReference: xpv2.LocalSecretReference{Name: "creds"}, Key: "token"}},
			Endpoint:    mv1alpha1.Endpoint{Owner: ptr.To("team-org")}}},
		&mv1alpha1.ClusterProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: "github"}, Spec: mv1alpha1.ClusterProviderConfigSpec{
			Credentials: mv1alpha1.ClusterCredentials{Source: xpv2.CredentialsSourceSecret, SecretRef: xpv2.SecretKeySelector{SecretReference: xpv2.SecretReference{Namespace: "system", Name: "creds"}, Key: "token"}},
			Endpoint:    mv1alpha1.Endpoint{Owner: ptr.To("cluster-org")}}},
		&legacyv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: "github"}, Spec: legacyv1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.ClusterCredentials{Source: xpv2.CredentialsSourceSecret, SecretRef: xpv2.SecretKeySelector{SecretReference: xpv2.SecretReference{Namespace: "system", Name: "creds"}, Key: "token"}},
			Endpoint:    mv1alpha1.Endpoint{Owner: ptr.To("legacy-org")}}},
	}
	namespaced := func(kind string) *repomv1alpha1.Repository {
		r := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-ns"}}
		r.SetGroupVersionKind(repomv1alpha1.RepositoryGroupVersionKind)
		r.Spec.ProviderConfigReference = &xpv2.ProviderConfigReference{Kind: kind, Name: "github"}
		return r
	}
	cluster := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "api", UID: "uid-cl"}}
	cluster.SetGroupVersionKind(repov1alpha1.RepositoryGroupVersionKind)
	cluster.Spec.ProviderConfigReference = &xpv2.Reference{Name: "github"}

	cases := map[string]struct {
		reason    string
		mg        resource.Managed
		wantOwner string
		wantErr   error
		usages    client.ObjectList
	}{
		"NamespacedProviderConfig": {
			reason:    "A namespaced resource's ProviderConfig is read in its namespace, and its use recorded there.",
			mg:        namespaced(mv1alpha1.ProviderConfigKind),
			wantOwner: "team-org",
			usages:    &mv1alpha1.ProviderConfigUsageList{},
		},
		"ClusterProviderConfig": {
			reason:    "A namespaced resource may use a ClusterProviderConfig.",
			mg:        namespaced(mv1alpha1.ClusterProviderConfigKind),
			wantOwner: "cluster-org",
			usages:    &mv1alpha1.ProviderConfigUsageList{},
		},
		"LegacyProviderConfig": {
			reason:    "A cluster-scoped resource uses a legacy ProviderConfig, and its use is recorded as a legacy usage.",
			mg:        cluster,
			wantOwner: "legacy-org",
			usages:    &legacyv1alpha1.ProviderConfigUsageList{},
		},
		"UnknownKind": {
			reason:  "A providerConfigRef of another kind is refused with what to use instead.",
			mg:      namespaced("Other"),
			wantErr: errors.New(`spec.providerConfigRef.kind "Other" is not supported: use ProviderConfig or ClusterProviderConfig`),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := runtime.NewScheme()
			if err := clientgoscheme.AddToScheme(s); err != nil {
				t.Fatal(err)
			}
			if err := apis.AddToScheme(s); err != nil {
				t.Fatal(err)
			}
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
			got, err := NewResolver(kube, nil).Resolve(context.Background(), tc.mg)
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nResolve(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if err != nil {
				return
			}
			// The same through a store of the cache's objects (the
			// provider's): each read asks it for the right kind.
			st := &kindStore{kube: kube}
			viaStore, err := NewResolver(kube, st).Resolve(context.Background(), tc.mg)
			if err != nil {
				t.Fatalf("\n%s\nResolve(...) through a store: %v", tc.reason, err)
			}
			if diff := cmp.Diff(got, viaStore); diff != "" || st.reads == 0 {
				t.Errorf("\n%s\nResolve(...) through a store (%d reads): -without, +with:\n%s", tc.reason, st.reads, diff)
			}
			if diff := cmp.Diff(tc.wantOwner, got.DefaultOwner); diff != "" {
				t.Errorf("\n%s\nResolve(...).DefaultOwner: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(transport.Credentials{Token: "t0ken"}, got.GitHub.Credentials); diff != "" {
				t.Errorf("\n%s\nResolve(...).GitHub.Credentials: -want, +got:\n%s", tc.reason, diff)
			}
			if err := kube.List(context.Background(), tc.usages); err != nil {
				t.Fatal(err)
			}
			items, err := meta.ExtractList(tc.usages)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(items); n != 1 {
				t.Errorf("\n%s\nusages recorded: got %d, want 1", tc.reason, n)
			}
		})
	}
}

// Every reconcile resolves; only the first, and one after the resource
// names another configuration, writes its usage, or runs the usage
// tracker at all (whose read copies the usage out of the cache).
func TestResolverWritesUsageOnlyWhenItChanges(t *testing.T) {
	ctx := context.Background()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	creds := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "creds"}, Data: map[string][]byte{"token": []byte("t0ken")}}
	pc := func(name string) *mv1alpha1.ProviderConfig {
		return &mv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: name}, Spec: mv1alpha1.ProviderConfigSpec{
			Credentials: mv1alpha1.LocalCredentials{Source: xpv2.CredentialsSourceSecret, SecretRef: xpv2.LocalSecretKeySelector{LocalSecretReference: xpv2.LocalSecretReference{Name: "creds"}, Key: "token"}}}}
	}
	legacy := &legacyv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Name: "github"}, Spec: legacyv1alpha1.ProviderConfigSpec{
		Credentials: mv1alpha1.ClusterCredentials{Source: xpv2.CredentialsSourceSecret, SecretRef: xpv2.SecretKeySelector{SecretReference: xpv2.SecretReference{Namespace: "team", Name: "creds"}, Key: "token"}}}}
	writes, tracked := 0, 0
	kube := fake.NewClientBuilder().WithScheme(s).WithObjects(creds, pc("a"), pc("b"), legacy).WithInterceptorFuncs(interceptor.Funcs{
		Get: func(ctx context.Context, c client.WithWatch, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
			o := &client.GetOptions{}
			o.ApplyOptions(opts)
			_, modern := obj.(*mv1alpha1.ProviderConfigUsage)
			_, old := obj.(*legacyv1alpha1.ProviderConfigUsage)
			if (modern || old) && !ptr.Deref(o.UnsafeDisableDeepCopy, false) {
				tracked++
			}
			return c.Get(ctx, key, obj, opts...)
		},
		Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
			writes++
			return c.Create(ctx, obj, opts...)
		},
		Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			writes++
			return c.Update(ctx, obj, opts...)
		},
	}).Build()
	r := NewResolver(kube, nil)

	mg := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-ns"}}
	mg.SetGroupVersionKind(repomv1alpha1.RepositoryGroupVersionKind)
	cl := &repov1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Name: "api", UID: "uid-cl"}}
	cl.SetGroupVersionKind(repov1alpha1.RepositoryGroupVersionKind)
	cl.Spec.ProviderConfigReference = &xpv2.Reference{Name: "github"}
	steps := []struct {
		what  string
		mg    resource.Managed
		ref   string
		wrote int
		// tracked: the usage tracker ran.
		tracked bool
	}{
		{what: "the first resolve records the use", mg: mg, ref: "a", wrote: 1, tracked: true},
		{what: "a second resolve writes nothing", mg: mg, ref: "a", wrote: 0},
		{what: "naming another ProviderConfig updates the usage", mg: mg, ref: "b", wrote: 1, tracked: true},
		{what: "and the next resolve writes nothing", mg: mg, ref: "b", wrote: 0},
		{what: "a cluster-scoped resource's first resolve records its use", mg: cl, wrote: 1, tracked: true},
		{what: "and its second writes nothing", mg: cl, wrote: 0},
	}
	for _, st := range steps {
		if st.ref != "" {
			mg.Spec.ProviderConfigReference = &xpv2.ProviderConfigReference{Kind: mv1alpha1.ProviderConfigKind, Name: st.ref}
		}
		writes, tracked = 0, 0
		if _, err := r.Resolve(ctx, st.mg); err != nil {
			t.Fatalf("%s: Resolve(): %v", st.what, err)
		}
		if writes != st.wrote {
			t.Errorf("%s: writes: got %d, want %d", st.what, writes, st.wrote)
		}
		if (tracked > 0) != st.tracked {
			t.Errorf("%s: usage tracker ran: got %t, want %t", st.what, tracked > 0, st.tracked)
		}
	}
	u := &mv1alpha1.ProviderConfigUsage{}
	if err := kube.Get(ctx, client.ObjectKey{Namespace: "team", Name: "uid-ns"}, u); err != nil {
		t.Fatal(err)
	}
	if got := u.GetProviderConfigReference().Name; got != "b" {
		t.Errorf("the usage names ProviderConfig %q, want b", got)
	}
}

// A reconcile that follows the one that created the resource's usage
// before the cache has it finds the usage already exists: that is no
// error (make demo and the examples tests refuse the warning it used to
// raise).
func TestResolverUsageCreatedMeanwhile(t *testing.T) {
	ctx := context.Background()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := apis.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	creds := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "creds"}, Data: map[string][]byte{"token": []byte("t0ken")}}
	pc := &mv1alpha1.ProviderConfig{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "a"}, Spec: mv1alpha1.ProviderConfigSpec{
		Credentials: mv1alpha1.LocalCredentials{Source: xpv2.CredentialsSourceSecret, SecretRef: xpv2.LocalSecretKeySelector{LocalSecretReference: xpv2.LocalSecretReference{Name: "creds"}, Key: "token"}}}}
	for name, tc := range map[string]struct {
		reason string
		create error
		want   bool // an error
	}{
		"CreatedMeanwhile": {reason: "The usage created by the reconcile before, not in the cache yet, is no error.",
			create: kerrors.NewAlreadyExists(schema.GroupResource{Group: "github.m.crossplane.io", Resource: "providerconfigusages"}, "uid-ns")},
		"OtherError": {reason: "Any other error writing the usage is one.", create: kerrors.NewForbidden(schema.GroupResource{Resource: "providerconfigusages"}, "uid-ns", nil), want: true},
	} {
		t.Run(name, func(t *testing.T) {
			kube := fake.NewClientBuilder().WithScheme(s).WithObjects(creds, pc).WithInterceptorFuncs(interceptor.Funcs{
				Create: func(context.Context, client.WithWatch, client.Object, ...client.CreateOption) error { return tc.create },
			}).Build()
			mg := &repomv1alpha1.Repository{ObjectMeta: metav1.ObjectMeta{Namespace: "team", Name: "api", UID: "uid-ns"}}
			mg.SetGroupVersionKind(repomv1alpha1.RepositoryGroupVersionKind)
			mg.Spec.ProviderConfigReference = &xpv2.ProviderConfigReference{Kind: mv1alpha1.ProviderConfigKind, Name: "a"}
			_, err := NewResolver(kube, nil).Resolve(ctx, mg)
			if (err != nil) != tc.want {
				t.Errorf("\n%s\nResolve(): %v, want an error: %t", tc.reason, err, tc.want)
			}
		})
	}
}

// kindStore is an ObjectStore that reads the object of the kind asked for
// through kube: a read of the wrong kind finds nothing.
type kindStore struct {
	kube  client.Client
	reads int
}

func (s *kindStore) Object(ctx context.Context, gvk schema.GroupVersionKind, key client.ObjectKey) (runtime.Object, error) {
	s.reads++
	o, err := s.kube.Scheme().New(gvk)
	if err != nil {
		return nil, err
	}
	obj, ok := o.(client.Object)
	if !ok {
		return nil, errors.Errorf("%s is not an object kind", gvk)
	}
	return obj, s.kube.Get(ctx, key, obj)
}
