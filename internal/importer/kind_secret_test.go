package importer

import (
	"context"
	"testing"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/secret"
)

// putSecret writes the secret name of acme/api's store through the
// client, sealed as the provider seals it.
func putSecret(t *testing.T, s *Session, store gh.SecretStore, name string) {
	t.Helper()
	ctx := context.Background()
	api := gh.NewSecretsClient(s.GitHub)
	key, err := api.GetSecretsPublicKey(ctx, "acme", "api", store)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := secret.Seal(key, []byte("s3cr3t"))
	if err != nil {
		t.Fatal(err)
	}
	if err := api.PutSecret(ctx, "acme", "api", store, name, enc); err != nil {
		t.Fatal(err)
	}
}

// secretResource is the imported resource of kind keyed key, for the
// secret name whose value is what, with the targets of forProvider.
func secretResource(kind, key, name, what string, forProvider func(common.SecretValueParameters) any, namespace *string) Resource {
	r := Resource{Kind: kind, Group: "repo", Repository: "api", Key: key, ExternalName: name, Notes: []string{secretNote}}
	ref := common.SecretKeyRef{Name: Name(r), Namespace: namespace, Key: "value"}
	r.ForProvider = forProvider(common.SecretValueParameters{Name: name, ValueSecretRef: ref})
	r.Secrets = []Secret{{Name: Name(r), Key: "value", What: what}}
	return r
}
