package emulator

import (
	"encoding/base64"
	"strings"

	"golang.org/x/crypto/ssh"
)

// GitHub's refusals of a deploy key's key material.
const (
	msgKeyInvalid = "key is invalid. You must supply a key in OpenSSH public key format"
	msgKeyInUse   = "key is already in use"
)

// deployKeyTypes are the public key types GitHub takes for a deploy key
// (DSA keys no longer: GitHub dropped them in 2022).
var deployKeyTypes = map[string]bool{
	ssh.KeyAlgoRSA:        true,
	ssh.KeyAlgoECDSA256:   true,
	ssh.KeyAlgoECDSA384:   true,
	ssh.KeyAlgoECDSA521:   true,
	ssh.KeyAlgoED25519:    true,
	ssh.KeyAlgoSKECDSA256: true,
	ssh.KeyAlgoSKED25519:  true,
}

// parsePublicKey reads one public key in OpenSSH's authorized_keys form
// (type, base64 body, optional comment), without options and certificates.
// canonical is the key as GitHub answers it: type and body, no comment.
func parsePublicKey(text string) (canonical, comment string, ok bool) {
	pub, comment, options, rest, err := ssh.ParseAuthorizedKey([]byte(strings.TrimSpace(text)))
	if err != nil || len(options) > 0 || len(strings.TrimSpace(string(rest))) > 0 || !deployKeyTypes[pub.Type()] {
		return "", "", false
	}
	return pub.Type() + " " + base64.StdEncoding.EncodeToString(pub.Marshal()), comment, true
}
