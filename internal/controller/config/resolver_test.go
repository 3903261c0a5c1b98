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
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	"github.com/crossplane-github/provider-github/apis"
	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
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
			got, err := NewResolver(kube).Resolve(context.Background(), tc.mg)
			if diff := cmp.Diff(tc.wantErr, err, test.EquateErrors()); diff != "" {
				t.Fatalf("\n%s\nResolve(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tc.wantOwner, got.DefaultOwner); diff != "" {
				t.Errorf("\n%s\nResolve(...).DefaultOwner: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(github.Credentials{Token: "t0ken"}, got.GitHub.Credentials); diff != "" {
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
