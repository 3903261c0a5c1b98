package webhook

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"sigs.k8s.io/controller-runtime/pkg/client"

	wh "github.com/crossplane-github/provider-github/internal/clients/webhook"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// secret is a webhook secret read from its Kubernetes Secret. Its value
// goes to GitHub and nowhere else: not in an error, an event or the status.
type secret struct {
	value string
	// hash identifies the value (see webhook.SecretHash); "" for no secret.
	hash string
}

// readSecret reads the webhook secret that p, mg's spec, names, with
// reader (straight from the API server: Secrets are not cached). No
// secretRef is no secret. Errors name the Secret and key, and what to do;
// never the value.
func readSecret(ctx context.Context, reader client.Reader, mg resource.Managed, p wh.Spec) (secret, error) {
	ref := p.Settings().SecretRef
	if ref == nil {
		return secret{}, nil
	}
	k, err := kind.ReadSecretKey(ctx, reader, mg, *ref, "spec.forProvider.secretRef", "the webhook secret")
	if err != nil {
		return secret{}, err
	}
	ns, name := kind.SecretKeyOf(mg, *ref)
	if len(k.Value) == 0 {
		return secret{}, errors.Errorf("the webhook secret in key %q of Secret %s/%s is empty: put the secret in it, or remove secretRef for a webhook without a secret", ref.Key, ns, name)
	}
	if err := wh.CheckSecret(k.Value, fmt.Sprintf("the webhook secret in key %q of Secret %s/%s", ref.Key, ns, name)); err != nil {
		return secret{}, err
	}
	return secret{value: string(k.Value), hash: wh.SecretHash(k.SecretUID, k.Value)}, nil
}
