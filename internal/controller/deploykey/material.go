package deploykey

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	dk "github.com/crossplane-github/provider-github/internal/clients/deploykey"
)

// material is a DeployKey's key material: the public key, and for a
// generated key the key pair (nil while there is none).
type material struct {
	key  dk.PublicKey
	pair *dk.KeyPair
}

// connectionDetails are what the connection Secret holds: both halves of a
// generated key pair, the public key of a given one.
func (m material) connectionDetails() map[string][]byte {
	if m.pair != nil {
		return m.pair.ConnectionDetails()
	}
	return map[string][]byte{dk.ConnectionPublicKey: []byte(m.key.Canonical + "\n")}
}

// material reads mg's key material: the public key of the spec or of the
// Secret it names, or the generated key pair in the connection Secret.
// With generate, a key pair that does not exist yet is generated and
// written to the connection Secret, before GitHub ever sees it, so that a
// crash cannot lose it; without, ok is false when there is none. Nothing
// it says quotes key material.
func (e *external[T]) material(ctx context.Context, mg T, generate bool) (m material, ok bool, err error) {
	p := mg.Parameters()
	switch {
	case p.PublicKey != nil:
		key, err := dk.ParsePublicKey(*p.PublicKey)
		if err != nil {
			return material{}, false, errors.Wrap(err, "spec.forProvider.publicKey is not a key GitHub takes")
		}
		return material{key: key}, true, nil
	case p.PublicKeySecretRef != nil:
		key, err := e.secretPublicKey(ctx, mg)
		return material{key: key}, err == nil, err
	case ptr.Deref(p.GenerateKey, false):
		pair, err := e.keyPair(ctx, mg, generate)
		if err != nil || pair == nil {
			return material{}, false, err
		}
		return material{key: pair.PublicKey, pair: pair}, true, nil
	default:
		return material{}, false, errors.New("no public key: set spec.forProvider.publicKey, publicKeySecretRef or generateKey")
	}
}

// secretPublicKey reads the public key from the Secret publicKeySecretRef
// names: in mg's namespace for a namespaced DeployKey, in the namespace the
// reference names for a cluster-scoped one.
func (e *external[T]) secretPublicKey(ctx context.Context, mg T) (dk.PublicKey, error) {
	ref := mg.Parameters().PublicKeySecretRef
	ns := mg.GetNamespace()
	if ns == "" {
		ns = ptr.Deref(ref.Namespace, "")
	}
	if ns == "" {
		return dk.PublicKey{}, errors.New("spec.forProvider.publicKeySecretRef.namespace is not set: name the namespace of the Secret")
	}
	what := fmt.Sprintf("Secret %s/%s", ns, ref.Name)
	s := &corev1.Secret{}
	if err := e.kube.Get(ctx, types.NamespacedName{Namespace: ns, Name: ref.Name}, s); err != nil {
		if kerrors.IsNotFound(err) {
			return dk.PublicKey{}, errors.Errorf("cannot read the public key: %s does not exist: create it, or fix spec.forProvider.publicKeySecretRef", what)
		}
		return dk.PublicKey{}, errors.Wrapf(err, "cannot read the public key from %s", what)
	}
	v, ok := s.Data[ref.Key]
	if !ok {
		return dk.PublicKey{}, errors.Errorf("cannot read the public key: %s has no key %q (it has %s): fix spec.forProvider.publicKeySecretRef.key or the Secret", what, ref.Key, keysOf(s.Data))
	}
	key, err := dk.ParsePublicKey(string(v))
	if err != nil {
		return dk.PublicKey{}, errors.Wrapf(err, "the public key in %s, key %q, is not a key GitHub takes", what, ref.Key)
	}
	return key, nil
}

func keysOf(data map[string][]byte) string {
	if len(data) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, fmt.Sprintf("%q", k))
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// connectionSecret is the namespace and name of mg's connection Secret.
func connectionSecret(mg any) (types.NamespacedName, bool) {
	switch o := mg.(type) {
	case resource.LocalConnectionSecretOwner:
		if r := o.GetWriteConnectionSecretToReference(); r != nil {
			return types.NamespacedName{Namespace: o.GetNamespace(), Name: r.Name}, true
		}
	case resource.ConnectionSecretOwner:
		if r := o.GetWriteConnectionSecretToReference(); r != nil {
			return types.NamespacedName{Namespace: r.Namespace, Name: r.Name}, true
		}
	}
	return types.NamespacedName{}, false
}

// keyPair reads the generated key pair from mg's connection Secret. With
// generate, a pair that does not exist yet is generated and written there
// first. Only a Secret this DeployKey controls is read or written: the
// connection Secret is created controlled by it, as crossplane-runtime's
// publisher creates it, so that the publisher later finds it its own.
func (e *external[T]) keyPair(ctx context.Context, mg T, generate bool) (*dk.KeyPair, error) {
	nn, ok := connectionSecret(mg)
	if !ok {
		return nil, errors.New("generateKey needs spec.writeConnectionSecretToRef: the generated private key is written to that Secret")
	}
	what := fmt.Sprintf("connection Secret %s/%s", nn.Namespace, nn.Name)
	s := &corev1.Secret{}
	err := e.kube.Get(ctx, nn, s)
	switch {
	case kerrors.IsNotFound(err):
		if !generate {
			return nil, nil
		}
		return e.writeKeyPair(ctx, mg, nil, what)
	case err != nil:
		return nil, errors.Wrapf(err, "cannot read the generated key pair from %s", what)
	}
	if c := metav1.GetControllerOf(s); c == nil || c.UID != mg.GetUID() {
		return nil, errors.Errorf("%s exists and is not this DeployKey's: choose another spec.writeConnectionSecretToRef, or delete that Secret", what)
	}
	private, ok := s.Data[dk.ConnectionPrivateKey]
	if !ok {
		if !generate {
			return nil, nil
		}
		return e.writeKeyPair(ctx, mg, s, what)
	}
	pair, err := dk.KeyPairOf(private)
	if err != nil {
		return nil, errors.Wrapf(err, "%s holds no usable %s", what, dk.ConnectionPrivateKey)
	}
	return &pair, nil
}

// writeKeyPair generates a key pair and writes it to the connection
// Secret: a new one when existing is nil, else existing (which has none).
// Both writes fail rather than overwrite a Secret the cache has not shown
// yet.
func (e *external[T]) writeKeyPair(ctx context.Context, mg T, existing *corev1.Secret, what string) (*dk.KeyPair, error) {
	pair, err := dk.GenerateKeyPair()
	if err != nil {
		return nil, err
	}
	if existing != nil {
		for k, v := range pair.ConnectionDetails() {
			if existing.Data == nil {
				existing.Data = map[string][]byte{}
			}
			existing.Data[k] = v
		}
		if err := e.kube.Update(ctx, existing); err != nil {
			return nil, errors.Wrapf(err, "cannot write the generated key pair to %s", what)
		}
		return &pair, nil
	}
	gvk, err := apiutil.GVKForObject(mg, e.kube.Scheme())
	if err != nil {
		return nil, errors.Wrapf(err, "cannot find the kind of %T", mg)
	}
	var s *corev1.Secret
	switch o := any(mg).(type) {
	case resource.LocalConnectionSecretOwner:
		s = resource.LocalConnectionSecretFor(o, gvk)
	case resource.ConnectionSecretOwner:
		s = resource.ConnectionSecretFor(o, gvk)
	}
	s.Data = pair.ConnectionDetails()
	if err := e.kube.Create(ctx, s); err != nil {
		return nil, errors.Wrapf(err, "cannot write the generated key pair to %s", what)
	}
	return &pair, nil
}
