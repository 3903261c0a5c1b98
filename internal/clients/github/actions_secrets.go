package github

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's GitHub Actions secrets, and those of its deployment
// environments. GitHub never answers a value: a secret is written
// encrypted with the store's public key, and read back as its name and
// dates. Repository secrets need Secrets: read / write, environment
// secrets Environments: read / write (classic tokens: repo). Reads are
// conditional: a 304 is free.
var (
	routeActionsPublicKey = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/secrets/public-key",
		Permission: "Secrets: read", Scope: "repo", Cache: CacheConditional})
	routeGetActionsSecret = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/secrets/{secret_name}",
		Permission: "Secrets: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsSecret = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/secrets/{secret_name}",
		Permission: "Secrets: write", Scope: "repo"})
	routeDeleteActionsSecret = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/actions/secrets/{secret_name}",
		Permission: "Secrets: write", Scope: "repo"})

	routeEnvironmentPublicKey = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/secrets/public-key",
		Permission: "Environments: read", Scope: "repo", Cache: CacheConditional})
	routeGetEnvironmentSecret = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}",
		Permission: "Environments: read", Scope: "repo", Cache: CacheConditional})
	routePutEnvironmentSecret = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}",
		Permission: "Environments: write", Scope: "repo"})
	routeDeleteEnvironmentSecret = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/environments/{environment_name}/secrets/{secret_name}",
		Permission: "Environments: write", Scope: "repo"})
)

// SecretStore is one of a repository's secret stores: its Actions secrets,
// the Actions secrets of one of its deployment environments, or its
// Dependabot secrets; or one of an organization's (Org): its Actions or
// its Dependabot secrets, whose owner is the organization and whose
// repository is "". Each has its own public key.
type SecretStore struct {
	// Org is true for an organization's secrets.
	Org bool
	// Dependabot is true for Dependabot's secrets.
	Dependabot bool
	// Environment is the deployment environment of Actions environment
	// secrets; "" for the repository's own.
	Environment string
}

// String names the store in messages.
func (s SecretStore) String() string {
	switch {
	case s.Org && s.Dependabot:
		return "organization Dependabot secrets"
	case s.Org:
		return "organization Actions secrets"
	case s.Dependabot:
		return "Dependabot secrets"
	case s.Environment != "":
		return "Actions secrets of environment " + strconv.Quote(s.Environment)
	default:
		return "Actions secrets"
	}
}

// secretRoutes are the routes of one store.
type secretRoutes struct{ publicKey, get, put, delete Route }

// routes are the store's routes, and the parameters its paths take after
// owner and repository.
func (s SecretStore) routes() (secretRoutes, []string) {
	switch {
	case s.Org && s.Dependabot:
		return secretRoutes{routeOrgDependabotPublicKey, routeGetOrgDependabotSecret, routePutOrgDependabotSecret, routeDeleteOrgDependabotSecret}, nil
	case s.Org:
		return secretRoutes{routeOrgActionsPublicKey, routeGetOrgActionsSecret, routePutOrgActionsSecret, routeDeleteOrgActionsSecret}, nil
	case s.Dependabot:
		return secretRoutes{routeDependabotPublicKey, routeGetDependabotSecret, routePutDependabotSecret, routeDeleteDependabotSecret}, nil
	case s.Environment != "":
		return secretRoutes{routeEnvironmentPublicKey, routeGetEnvironmentSecret, routePutEnvironmentSecret, routeDeleteEnvironmentSecret}, []string{s.Environment}
	default:
		return secretRoutes{routeActionsPublicKey, routeGetActionsSecret, routePutActionsSecret, routeDeleteActionsSecret}, nil
	}
}

// SecretsPublicKey is the public key a store's secrets are encrypted
// with: a Curve25519 key, base64-encoded, and GitHub's id of it, which a
// write names.
type SecretsPublicKey struct {
	KeyID string `json:"key_id"`
	Key   string `json:"key"`
}

// StoredSecret is a secret as GitHub answers it: its name (upper case)
// and dates, never its value; an organization's also who may use it.
type StoredSecret struct {
	Name      string     `json:"name"`
	CreatedAt *time.Time `json:"created_at"`
	UpdatedAt *time.Time `json:"updated_at"`
	// Visibility is an organization secret's: all, private or selected.
	Visibility string `json:"visibility,omitempty"`
}

// EncryptedSecret is the body of a secret write: the value sealed with the
// store's public key (a libsodium sealed box, base64-encoded) and the id
// of that key; an organization's also who may use it.
type EncryptedSecret struct {
	EncryptedValue string `json:"encrypted_value"`
	KeyID          string `json:"key_id"`
	Sharing
}

// SecretsAPI reads and writes the secrets of a repository's stores.
type SecretsAPI interface {
	GetSecretsPublicKey(ctx context.Context, owner, repo string, store SecretStore) (*SecretsPublicKey, error)
	GetSecret(ctx context.Context, owner, repo string, store SecretStore, name string) (*StoredSecret, error)
	PutSecret(ctx context.Context, owner, repo string, store SecretStore, name string, s *EncryptedSecret) error
	DeleteSecret(ctx context.Context, owner, repo string, store SecretStore, name string) error
}

// SecretsClient implements SecretsAPI with a go-github client.
type SecretsClient struct{ requester }

var _ SecretsAPI = (*SecretsClient)(nil)

// NewSecretsClient returns the Actions and Dependabot secrets API of gh.
func NewSecretsClient(gh *github.Client) *SecretsClient {
	return &SecretsClient{requester{gh: gh}}
}

// secretParams are a path's parameters: owner, repository, the store's
// (or the environment's), then rest.
func secretParams(owner, repo string, store []string, rest ...string) []string {
	return append(append([]string{owner, repo}, store...), rest...)
}

// params are a path of the store's parameters: its owner, its repository
// (an organization's store has none) and the store's, then rest.
func (s SecretStore) params(owner, repo string, store []string, rest ...string) []string {
	if s.Org {
		return append([]string{owner}, rest...)
	}
	return secretParams(owner, repo, store, rest...)
}

// GetSecretsPublicKey reads the key the store's secrets are encrypted
// with. GitHub may replace it; a write with an old key's id is refused.
func (c *SecretsClient) GetSecretsPublicKey(ctx context.Context, owner, repo string, store SecretStore) (*SecretsPublicKey, error) {
	r, p := store.routes()
	out := &SecretsPublicKey{}
	err := c.do(ctx, r.publicKey, r.publicKey.path(store.params(owner, repo, p)...), nil, out)
	return out, err
}

// GetSecret reads a secret's name and dates; 404 when the store has none
// of the name (names compare without regard to case).
func (c *SecretsClient) GetSecret(ctx context.Context, owner, repo string, store SecretStore, name string) (*StoredSecret, error) {
	r, p := store.routes()
	out := &StoredSecret{}
	err := c.do(ctx, r.get, r.get.path(store.params(owner, repo, p, name)...), nil, out)
	return out, err
}

// PutSecret creates the secret or replaces its value.
func (c *SecretsClient) PutSecret(ctx context.Context, owner, repo string, store SecretStore, name string, s *EncryptedSecret) error {
	r, p := store.routes()
	return c.do(ctx, r.put, r.put.path(store.params(owner, repo, p, name)...), s, nil)
}

// DeleteSecret deletes the secret.
func (c *SecretsClient) DeleteSecret(ctx context.Context, owner, repo string, store SecretStore, name string) error {
	r, p := store.routes()
	return c.do(ctx, r.delete, r.delete.path(store.params(owner, repo, p, name)...), nil, nil)
}
