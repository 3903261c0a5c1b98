// Package config holds the provider configuration controllers and the one
// Resolver every managed resource uses to turn its providerConfigRef into
// GitHub client settings.
package config

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	mv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
)

// Resolved is what a managed resource takes from its provider configuration.
type Resolved struct {
	// GitHub says how to build the GitHub client.
	GitHub transport.Config
	// DefaultOwner is the owner of resources that name none.
	DefaultOwner string
}

// The provider configurations and Secrets are read from the cache without
// a copy: every reconcile reads them, and only reads them.

// ObjectStore reads an object as the cache holds it (shared.Stores): no
// new object to read into, no copy.
type ObjectStore interface {
	Object(ctx context.Context, gvk schema.GroupVersionKind, key client.ObjectKey) (runtime.Object, error)
}

// reader reads from the store when there is one, and otherwise through
// kube into a new object, sharing the cache's fields
// (client.UnsafeDisableDeepCopy).
type reader struct {
	kube   client.Reader
	stores ObjectStore
}

// get reads the object of kind gvk called key: read it, never change it.
func get[T any, PT interface {
	*T
	client.Object
}](ctx context.Context, r reader, gvk schema.GroupVersionKind, key types.NamespacedName) (PT, error) {
	if r.stores == nil {
		obj := PT(new(T))
		return obj, r.kube.Get(ctx, key, obj, client.UnsafeDisableDeepCopy)
	}
	o, err := r.stores.Object(ctx, gvk, key)
	if err != nil {
		return nil, err
	}
	obj, ok := o.(PT)
	if !ok {
		return nil, errors.Errorf("the cache holds a %T as a %s", o, gvk.Kind)
	}
	return obj, nil
}

// resolveModern reads the ProviderConfig or ClusterProviderConfig a
// namespaced managed resource references, and its credentials.
func resolveModern(ctx context.Context, kube reader, mg resource.ModernManaged) (Resolved, error) {
	ref := mg.GetProviderConfigReference()
	if ref == nil || ref.Name == "" {
		return Resolved{}, errors.New("spec.providerConfigRef is not set: name a ProviderConfig or ClusterProviderConfig")
	}
	switch ref.Kind {
	case mv1alpha1.ProviderConfigKind:
		pc, err := get[mv1alpha1.ProviderConfig](ctx, kube, mv1alpha1.ProviderConfigGroupVersionKind, types.NamespacedName{Namespace: mg.GetNamespace(), Name: ref.Name})
		if err != nil {
			return Resolved{}, describeGetError(err, fmt.Sprintf("ProviderConfig %s/%s", mg.GetNamespace(), ref.Name))
		}
		sel := pc.Spec.Credentials.SecretRef.ToSecretKeySelector(pc.Namespace)
		what := fmt.Sprintf("ProviderConfig %s/%s", pc.Namespace, pc.Name)
		return resolve(ctx, kube, what, pc.Spec.Credentials.Source, *sel, pc.Spec.Endpoint)
	case mv1alpha1.ClusterProviderConfigKind:
		pc, err := get[mv1alpha1.ClusterProviderConfig](ctx, kube, mv1alpha1.ClusterProviderConfigGroupVersionKind, types.NamespacedName{Name: ref.Name})
		if err != nil {
			return Resolved{}, describeGetError(err, "ClusterProviderConfig "+ref.Name)
		}
		return resolve(ctx, kube, "ClusterProviderConfig "+pc.Name, pc.Spec.Credentials.Source, pc.Spec.Credentials.SecretRef, pc.Spec.Endpoint)
	default:
		return Resolved{}, errors.Errorf("spec.providerConfigRef.kind %q is not supported: use ProviderConfig or ClusterProviderConfig", ref.Kind)
	}
}

// resolveLegacy reads the legacy ProviderConfig a cluster-scoped managed
// resource references, and its credentials.
//
//nolint:staticcheck // cluster-scoped (Crossplane v1 style) kinds are LegacyManaged by design.
func resolveLegacy(ctx context.Context, kube reader, mg resource.LegacyManaged) (Resolved, error) {
	ref := mg.GetProviderConfigReference()
	if ref == nil || ref.Name == "" {
		return Resolved{}, errors.New("spec.providerConfigRef is not set: name a ProviderConfig")
	}
	pc, err := get[legacyv1alpha1.ProviderConfig](ctx, kube, legacyv1alpha1.ProviderConfigGroupVersionKind, types.NamespacedName{Name: ref.Name})
	if err != nil {
		return Resolved{}, describeGetError(err, "ProviderConfig "+ref.Name)
	}
	return resolve(ctx, kube, "ProviderConfig "+pc.Name, pc.Spec.Credentials.Source, pc.Spec.Credentials.SecretRef, pc.Spec.Endpoint)
}

func resolve(ctx context.Context, kube reader, what string, source xpv2.CredentialsSource, sel xpv2.SecretKeySelector, ep mv1alpha1.Endpoint) (Resolved, error) {
	if source != xpv2.CredentialsSourceSecret {
		return Resolved{}, errors.Errorf("%s: credentials source %q is not supported: use Secret", what, source)
	}
	data, err := secretValue(ctx, kube, sel)
	if err != nil {
		return Resolved{}, errors.Wrapf(err, "%s", what)
	}
	creds, err := transport.ParseCredentials(data)
	if err != nil {
		return Resolved{}, errors.Wrapf(err, "%s: Secret %s/%s key %q", what, sel.Namespace, sel.Name, sel.Key)
	}
	return Resolved{
		GitHub:       transport.Config{Credentials: creds, BaseURL: ptr.Deref(ep.BaseURL, ""), Source: what},
		DefaultOwner: ptr.Deref(ep.Owner, ""),
	}, nil
}

// secretValue reads one key of a Secret, saying exactly what is missing when
// it cannot. It names keys, never values.
func secretValue(ctx context.Context, kube reader, sel xpv2.SecretKeySelector) ([]byte, error) {
	s, err := get[corev1.Secret](ctx, kube, corev1.SchemeGroupVersion.WithKind("Secret"), types.NamespacedName{Namespace: sel.Namespace, Name: sel.Name})
	if err != nil {
		if kerrors.IsNotFound(err) {
			return nil, errors.Errorf("credentials Secret %s/%s does not exist: create it, or fix spec.credentials.secretRef", sel.Namespace, sel.Name)
		}
		return nil, errors.Wrapf(err, "cannot read credentials Secret %s/%s", sel.Namespace, sel.Name)
	}
	v, ok := s.Data[sel.Key]
	if !ok {
		keys := make([]string, 0, len(s.Data))
		for k := range s.Data {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		has := "no keys"
		if len(keys) > 0 {
			has = "keys " + strings.Join(keys, ", ")
		}
		return nil, errors.Errorf("credentials Secret %s/%s has no key %q (it has %s): fix spec.credentials.secretRef.key or the Secret", sel.Namespace, sel.Name, sel.Key, has)
	}
	return v, nil
}

func describeGetError(err error, what string) error {
	if kerrors.IsNotFound(err) {
		return errors.Errorf("%s does not exist: create it, or fix spec.providerConfigRef", what)
	}
	return errors.Wrapf(err, "cannot read %s", what)
}
