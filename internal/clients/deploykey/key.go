// Package deploykey maps DeployKey parameters to GitHub's deploy key
// requests and GitHub's answers to the observation, and handles the SSH key
// material: parsing a public key, comparing keys the way GitHub does, and
// the key pair the provider generates.
package deploykey

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/pem"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"golang.org/x/crypto/ssh"
)

// Keys of the connection Secret.
const (
	// ConnectionPrivateKey holds a generated key pair's private key, in
	// OpenSSH's format.
	ConnectionPrivateKey = "privateKey"
	// ConnectionPublicKey holds the public key, in authorized_keys format.
	ConnectionPublicKey = "publicKey"
)

// A PublicKey is an SSH public key as GitHub keeps it.
type PublicKey struct {
	// Canonical is the key's type and base64 body, without a comment:
	// what GitHub answers, and what two keys are compared by.
	Canonical string
	// Fingerprint is the SHA256 fingerprint (SHA256:...).
	Fingerprint string
}

// ParsePublicKey reads one SSH public key in authorized_keys format (type,
// base64 key, optional comment). What it says when the text is no key
// never quotes the text.
func ParsePublicKey(text string) (PublicKey, error) {
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(strings.TrimSpace(text)))
	switch {
	case err != nil:
		return PublicKey{}, errors.New("it is not an SSH public key in authorized_keys format (type, base64 key, optional comment, as in a .pub file)")
	case len(options) > 0:
		return PublicKey{}, errors.New("it starts with authorized_keys options: give the key alone (type, base64 key, optional comment)")
	case len(bytes.TrimSpace(rest)) > 0:
		return PublicKey{}, errors.New("it holds more than one key: give one")
	}
	return publicKeyOf(pub), nil
}

func publicKeyOf(pub ssh.PublicKey) PublicKey {
	return PublicKey{
		Canonical:   pub.Type() + " " + base64.StdEncoding.EncodeToString(pub.Marshal()),
		Fingerprint: ssh.FingerprintSHA256(pub),
	}
}

// SameKey tells whether two public keys, as GitHub answers them or as
// given, are the same key: their type and base64 key, whatever the
// comments and spacing.
func SameKey(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	return len(fa) >= 2 && len(fb) >= 2 && fa[0] == fb[0] && fa[1] == fb[1]
}

// A KeyPair is a key pair the provider generated.
type KeyPair struct {
	// PrivateKey is the private key in OpenSSH's PEM format.
	PrivateKey []byte
	// PublicKey is the public key in authorized_keys format.
	PublicKey PublicKey
}

// ConnectionDetails are what a key pair puts in the connection Secret.
func (p KeyPair) ConnectionDetails() map[string][]byte {
	return map[string][]byte{
		ConnectionPrivateKey: p.PrivateKey,
		ConnectionPublicKey:  []byte(p.PublicKey.Canonical + "\n"),
	}
}

// GenerateKeyPair makes a new Ed25519 key pair.
func GenerateKeyPair() (KeyPair, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return KeyPair{}, errors.Wrap(err, "cannot generate an Ed25519 key")
	}
	block, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		return KeyPair{}, errors.Wrap(err, "cannot encode the generated private key")
	}
	return KeyPairOf(pem.EncodeToMemory(block))
}

// KeyPairOf reads a key pair back from its private key, as GenerateKeyPair
// wrote it. What it says when the key cannot be read never quotes it.
func KeyPairOf(private []byte) (KeyPair, error) {
	signer, err := ssh.ParsePrivateKey(private)
	if err != nil {
		return KeyPair{}, errors.New("it is not an unencrypted private key in OpenSSH format")
	}
	return KeyPair{PrivateKey: private, PublicKey: publicKeyOf(signer.PublicKey())}, nil
}
