package kind

import (
	"context"
	"reflect"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// A SecretKey is a value read from one key of a Kubernetes Secret. The
// value goes to GitHub and nowhere else: not in an error, an event, a log
// line or the status.
type SecretKey struct {
	// Value is the key's value, as it is.
	Value []byte
	// SecretUID is the UID of the Secret it was read from, which keys the
	// value's hash in status (only those who may read the Secret can see
	// its UID).
	SecretUID string
}

// SecretKeyOf is the namespace and name of the Secret ref names for mg: a
// namespaced resource reads its own namespace only (its schema refuses
// ref.namespace), a cluster-scoped one the namespace ref names.
func SecretKeyOf(mg resource.Managed, ref common.SecretKeyRef) (namespace, name string) {
	if _, namespaced := mg.(resource.ModernManaged); namespaced {
		return mg.GetNamespace(), ref.Name
	}
	return ptr.Deref(ref.Namespace, ""), ref.Name
}

// SecretKeyWatch is the Watch of the Secrets that refs name for a
// resource: a change of one reconciles the resources that read it at once.
// Secrets' metadata only is cached; values are read with
// Connection.Uncached when needed.
func SecretKeyWatch(refs func(resource.Managed) []common.SecretKeyRef) Watch {
	return Watch{Object: &corev1.Secret{}, Refs: func(mg resource.Managed) []string {
		var keys []string
		for _, ref := range refs(mg) {
			keys = append(keys, WatchKey(SecretKeyOf(mg, ref)))
		}
		return keys
	}}
}

// ReadSecretKey reads the key ref names from its Secret with reader
// (straight from the API server: Secrets are not cached). field is where
// the spec names it (spec.forProvider.secretRef), purpose what the value
// is, for messages ("the webhook secret"). Errors say which Secret and key,
// and what to do; never the value. An empty value is returned as it is.
func ReadSecretKey(ctx context.Context, reader client.Reader, mg resource.Managed, ref common.SecretKeyRef, field, purpose string) (SecretKey, error) {
	ns, name := SecretKeyOf(mg, ref)
	short := field[strings.LastIndex(field, ".")+1:]
	if ns == "" {
		return SecretKey{}, errors.Errorf("%s names Secret %q without a namespace: a cluster-scoped %s must set %s.namespace", field, name, kindName(mg), short)
	}
	what := "Secret " + ns + "/" + name
	s := &corev1.Secret{}
	if err := reader.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, s); err != nil {
		if kerrors.IsNotFound(err) {
			return SecretKey{}, errors.Errorf("cannot read %s: %s named by %s does not exist: create it with the key %q, or fix %s", purpose, what, field, ref.Key, short)
		}
		return SecretKey{}, errors.Wrapf(err, "cannot read %s from %s", purpose, what)
	}
	v, ok := s.Data[ref.Key]
	if !ok {
		return SecretKey{}, errors.Errorf("cannot read %s: %s has no key %q (%s.key): add it, or fix %s", purpose, what, ref.Key, field, short)
	}
	return SecretKey{Value: v, SecretUID: string(s.UID)}, nil
}

// kindName is the kind of mg's Go type (Webhook, ActionsSecret), for
// messages: typed objects read from a cache may carry no kind.
func kindName(mg resource.Managed) string {
	t := reflect.TypeOf(mg)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Name()
}

// OnlyObserves tells whether mg's management policies are Observe alone:
// the managed reconciler then never creates or updates its object, so a
// value from a Kubernetes Secret (which GitHub never shows, so nothing
// compares it) is neither read nor needed (github-import's observed
// resources name Secrets nobody has made). It is crossplane-runtime's
// ShouldOnlyObserve (the policies, as a set, are {Observe}) without the
// sets that builds: claim and sibling checks ask it of every resource of
// a kind on every reconcile, and those sets were half of what the idle
// provider allocated with every kind.
func OnlyObserves(mg resource.Managed) bool {
	p := mg.GetManagementPolicies()
	for _, a := range p {
		if a != xpv2.ManagementActionObserve {
			return false
		}
	}
	return len(p) > 0
}
