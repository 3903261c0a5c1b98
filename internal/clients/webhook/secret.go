package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"unicode/utf8"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
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

// CheckSecret refuses a webhook secret GitHub cannot be sent as it is:
// GitHub takes the secret as a JSON string, and bytes that are not UTF-8
// would arrive as U+FFFD, so GitHub would sign deliveries with another
// secret than the receiver checks. from names where the value was read;
// the value itself is never quoted.
func CheckSecret(value []byte, from string) error {
	if !utf8.Valid(value) {
		return errors.Errorf("%s is not UTF-8 text: GitHub takes a webhook secret as text, and would keep another secret than the one given; use a text secret (a random hex or base64 string, say)", from)
	}
	return nil
}
