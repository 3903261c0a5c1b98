package webhook

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	wh "github.com/crossplane-github/provider-github/internal/clients/webhook"
)

// secret is a webhook secret read from its Kubernetes Secret. Its value
// goes to GitHub and nowhere else: not in an error, an event or the status.
type secret struct {
	value string
	// hash identifies the value (see webhook.SecretHash); "" for no secret.
	hash string
}

// secretOf is the namespace and name of the Secret mg takes its secret
// from; ok is false when it names none. A namespaced Webhook reads its own
// namespace only (its schema refuses secretRef.namespace); a cluster-scoped
// one names the namespace.
func secretOf(mg Object) (namespace, name string, ok bool) {
	ref := mg.Parameters().SecretRef
	if ref == nil {
		return "", "", false
	}
	if _, namespaced := any(mg).(resource.ModernManaged); namespaced {
		return mg.GetNamespace(), ref.Name, true
	}
	return ptr.Deref(ref.Namespace, ""), ref.Name, true
}

// readSecret reads the webhook secret mg names, with reader (straight from
// the API server: Secrets are not cached). No secretRef is no secret.
// Errors name the Secret and key, and what to do; never the value.
func readSecret(ctx context.Context, reader client.Reader, mg Object) (secret, error) {
	ns, name, ok := secretOf(mg)
	if !ok {
		return secret{}, nil
	}
	key := mg.Parameters().SecretRef.Key
	if ns == "" {
		return secret{}, errors.Errorf("spec.forProvider.secretRef names Secret %q without a namespace: a cluster-scoped Webhook must set secretRef.namespace", name)
	}
	what := "Secret " + ns + "/" + name
	s := &corev1.Secret{}
	if err := reader.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, s); err != nil {
		if kerrors.IsNotFound(err) {
			return secret{}, errors.Errorf("cannot read the webhook secret: %s named by spec.forProvider.secretRef does not exist: create it with the key %q, or fix secretRef", what, key)
		}
		return secret{}, errors.Wrapf(err, "cannot read the webhook secret from %s", what)
	}
	v, ok := s.Data[key]
	if !ok {
		return secret{}, errors.Errorf("cannot read the webhook secret: %s has no key %q (spec.forProvider.secretRef.key): add it, or fix secretRef", what, key)
	}
	if len(v) == 0 {
		return secret{}, errors.Errorf("the webhook secret in key %q of %s is empty: put the secret in it, or remove secretRef for a webhook without a secret", key, what)
	}
	return secret{value: string(v), hash: wh.SecretHash(string(s.UID), v)}, nil
}
