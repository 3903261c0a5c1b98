// Package secret maps Actions and Dependabot secrets between their
// managed resources and GitHub: the sealed value a write sends, the keyed
// hash that remembers which value was sent, the observation, and drift.
package secret

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"

	"golang.org/x/crypto/nacl/box"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// MaxValueSize is the largest value GitHub takes for a secret: 48 KB.
const MaxValueSize = 48 * 1024

// Seal encrypts value for a secret store whose public key is key, as
// GitHub requires: a libsodium sealed box (X25519, XSalsa20-Poly1305)
// with a fresh ephemeral key, base64-encoded, sent with the key's id.
// Only the holder of the store's private key (GitHub) can open it.
func Seal(key *github.SecretsPublicKey, value []byte) (*github.EncryptedSecret, error) {
	return seal(rand.Reader, key, value)
}

// seal is Seal with the randomness from r.
func seal(r io.Reader, key *github.SecretsPublicKey, value []byte) (*github.EncryptedSecret, error) {
	raw, err := base64.StdEncoding.DecodeString(key.Key)
	if err != nil || len(raw) != 32 {
		return nil, fmt.Errorf("GitHub's public key %q for secrets is not a base64-encoded 32-byte key", key.KeyID)
	}
	var pk [32]byte
	copy(pk[:], raw)
	sealed, err := box.SealAnonymous(nil, value, &pk, r)
	if err != nil {
		return nil, fmt.Errorf("cannot encrypt the secret with GitHub's public key %q: %w", key.KeyID, err)
	}
	return &github.EncryptedSecret{EncryptedValue: base64.StdEncoding.EncodeToString(sealed), KeyID: key.KeyID}, nil
}
