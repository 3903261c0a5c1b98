package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// hashPrefix names the hash function, so that another can follow.
const hashPrefix = "hmac-sha256:"

// SecretHash identifies a webhook secret value without revealing it: an
// HMAC-SHA256 of the value keyed by the UID of the Kubernetes Secret it
// was read from.
//
// A plain or salted hash stored in status would let anyone who may read
// the Webhook (many more people than may read the Secret) test guesses of
// the value offline, and webhook secrets are often short. Keyed by the
// Secret's UID, a guess cannot be tested without the key, and Kubernetes
// has no way to see a Secret's UID without the right to read the Secret
// itself (get and list return its data too). The key is not secret to
// the provider, and needs no setup. A Secret deleted and created again
// with the same value gets another UID, so the secret is sent once more:
// harmless.
func SecretHash(secretUID string, value []byte) string {
	m := hmac.New(sha256.New, []byte(secretUID))
	m.Write([]byte("provider-github webhook secret\x00"))
	m.Write(value)
	return hashPrefix + hex.EncodeToString(m.Sum(nil))
}
