package secret

import (
	"context"
	"strings"
	"sync"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// maxKeys bounds the cache: past it, the cache starts again empty (a key
// costs one read, free when GitHub answers 304).
const maxKeys = 10000

// sharedKeys are the public keys of secret stores, for every credential.
var sharedKeys = &keyCache{keys: map[keyOf]*github.SecretsPublicKey{}}

// A keyCache keeps the public key of each secret store the provider wrote
// to, so that a write costs one request, not two. A key GitHub has
// replaced is found out by the write it refuses, then read again.
type keyCache struct {
	mu   sync.Mutex
	keys map[keyOf]*github.SecretsPublicKey
}

// keyOf names a store of a repository, for one credential.
type keyOf struct {
	credential  any
	owner, repo string
	store       github.SecretStore
}

// publicKeys are the keys of one credential (its GitHub client).
type publicKeys struct {
	cache      *keyCache
	credential any
}

// of is the cache of the credential whose client is gh.
func (c *keyCache) of(credential any) publicKeys { return publicKeys{cache: c, credential: credential} }

// get is the store's public key: the cached one (cached true), or one read
// from GitHub and cached.
func (p publicKeys) get(ctx context.Context, api github.SecretsAPI, owner, repo string, store github.SecretStore) (key *github.SecretsPublicKey, cached bool, err error) {
	k := p.key(owner, repo, store)
	p.cache.mu.Lock()
	key = p.cache.keys[k]
	p.cache.mu.Unlock()
	if key != nil {
		return key, true, nil
	}
	key, err = api.GetSecretsPublicKey(ctx, owner, repo, store)
	if err != nil {
		return nil, false, err
	}
	p.cache.mu.Lock()
	defer p.cache.mu.Unlock()
	if len(p.cache.keys) >= maxKeys {
		p.cache.keys = map[keyOf]*github.SecretsPublicKey{}
	}
	p.cache.keys[k] = key
	return key, false, nil
}

// forget drops the store's cached key, which GitHub refused.
func (p publicKeys) forget(owner, repo string, store github.SecretStore) {
	p.cache.mu.Lock()
	defer p.cache.mu.Unlock()
	delete(p.cache.keys, p.key(owner, repo, store))
}

// key is the cache key of a store: names compare without regard to case,
// as GitHub's do.
func (p publicKeys) key(owner, repo string, store github.SecretStore) keyOf {
	store.Environment = strings.ToLower(store.Environment)
	return keyOf{credential: p.credential, owner: strings.ToLower(owner), repo: strings.ToLower(repo), store: store}
}
