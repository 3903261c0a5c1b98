package secret

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
)

// hashPrefix names the hash function, so that another can follow.
const hashPrefix = "hmac-sha256:"

// ValueHash identifies a secret value without revealing it: an
// HMAC-SHA256 of the value keyed by the UID of the Kubernetes Secret it
// was read from, salted with the UID of the resource that sent it.
//
// The hash lives in the resource's status, which many more people may
// read than the Secret. Keyed by the Secret's UID (which Kubernetes shows
// only to those who may read the Secret, value included), a guess of the
// value cannot be tested against it offline; salted by the resource's
// UID, two resources sending the same value show different hashes, so
// the status does not even tell that two secrets are equal. A Secret
// deleted and created again with the same value gets another UID, and the
// value is sent once more: harmless.
func ValueHash(secretUID, resourceUID string, value []byte) string {
	m := hmac.New(sha256.New, []byte(secretUID))
	m.Write([]byte("provider-github secret value\x00"))
	m.Write([]byte(resourceUID))
	m.Write([]byte{0})
	m.Write(value)
	return hashPrefix + hex.EncodeToString(m.Sum(nil))
}
