package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.SecretsAPI = (*MockSecretsAPI)(nil)

// MockSecretsAPI is a github.SecretsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockSecretsAPI struct {
	MockGetSecretsPublicKey func(ctx context.Context, owner, repo string, store github.SecretStore) (*github.SecretsPublicKey, error)
	MockGetSecret           func(ctx context.Context, owner, repo string, store github.SecretStore, name string) (*github.StoredSecret, error)
	MockPutSecret           func(ctx context.Context, owner, repo string, store github.SecretStore, name string, s *github.EncryptedSecret) error
	MockDeleteSecret        func(ctx context.Context, owner, repo string, store github.SecretStore, name string) error
}

// GetSecretsPublicKey calls MockGetSecretsPublicKey.
func (m *MockSecretsAPI) GetSecretsPublicKey(ctx context.Context, owner, repo string, store github.SecretStore) (*github.SecretsPublicKey, error) {
	return m.MockGetSecretsPublicKey(ctx, owner, repo, store)
}

// GetSecret calls MockGetSecret.
func (m *MockSecretsAPI) GetSecret(ctx context.Context, owner, repo string, store github.SecretStore, name string) (*github.StoredSecret, error) {
	return m.MockGetSecret(ctx, owner, repo, store, name)
}

// PutSecret calls MockPutSecret.
func (m *MockSecretsAPI) PutSecret(ctx context.Context, owner, repo string, store github.SecretStore, name string, s *github.EncryptedSecret) error {
	return m.MockPutSecret(ctx, owner, repo, store, name, s)
}

// DeleteSecret calls MockDeleteSecret.
func (m *MockSecretsAPI) DeleteSecret(ctx context.Context, owner, repo string, store github.SecretStore, name string) error {
	return m.MockDeleteSecret(ctx, owner, repo, store, name)
}
