package deploykey

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Public keys of these tests (made with ssh-keygen; the private halves were
// thrown away).
const (
	ed25519Key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJO720MIMydoiThejBuNZuq6pQFEEcRqhtShAZkV9qTi"
	ecdsaKey   = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDBqFfHKTvRmdsjTEh5/Niw4kzURoEFn0Mha3tXe9+Q9tzifw7nJOH7gsFXBv1VtfBsByyzq0DKnFSXvogFvKNU="
	otherKey   = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILpY14EvLbZMbzZ7UEtGbA22QU2K7wuOvvZd58iNaz8i"
)

func TestParsePublicKey(t *testing.T) {
	cases := map[string]struct {
		reason  string
		text    string
		want    string
		wantErr string
	}{
		"Plain":           {"A key without a comment is already canonical.", ed25519Key, ed25519Key, ""},
		"Comment":         {"The comment is dropped, as GitHub drops it.", ed25519Key + " ci@example.com", ed25519Key, ""},
		"SpacesAndLine":   {"Surrounding spaces and a final newline, as in a .pub file, do not matter.", "  " + ecdsaKey + " laptop\n", ecdsaKey, ""},
		"NotAKey":         {"Text that is no key is refused.", "ssh-ed25519 bm90IGEga2V5", "", "not an SSH public key"},
		"Options":         {"authorized_keys options are not part of a key.", `command="ls" ` + ed25519Key, "", "options"},
		"Two":             {"One key at a time.", ed25519Key + "\n" + otherKey, "", "more than one key"},
		"PrivateKeyPaste": {"A private key pasted by mistake is refused, and not quoted.", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----", "", "not an SSH public key"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			got, err := ParsePublicKey(tc.text)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("\n%s\nParsePublicKey(...): want an error containing %q, got %v", tc.reason, tc.wantErr, err)
				}
				if strings.Contains(err.Error(), "b3Blbn") || strings.Contains(err.Error(), "AAAA") {
					t.Errorf("\n%s\nParsePublicKey(...): the error quotes the key: %v", tc.reason, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("\n%s\nParsePublicKey(...): %v", tc.reason, err)
			}
			if got.Canonical != tc.want || !strings.HasPrefix(got.Fingerprint, "SHA256:") {
				t.Errorf("\n%s\nParsePublicKey(...): got %+v, want canonical %q and a SHA256 fingerprint", tc.reason, got, tc.want)
			}
		})
	}
}

func TestSameKey(t *testing.T) {
	cases := map[string]struct {
		reason string
		a, b   string
		want   bool
	}{
		"Comments":  {"GitHub answers the key without its comment.", ed25519Key, ed25519Key + " ci@example.com", true},
		"Spacing":   {"Spacing does not matter.", ed25519Key, " " + strings.Replace(ed25519Key, " ", "  ", 1) + "\n", true},
		"OtherKey":  {"Another key of the same type differs.", ed25519Key, otherKey, false},
		"OtherType": {"Another type differs.", ed25519Key, ecdsaKey, false},
		"Empty":     {"No key is no key.", "", "", false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := SameKey(tc.a, tc.b); got != tc.want {
				t.Errorf("\n%s\nSameKey(...): got %t, want %t", tc.reason, got, tc.want)
			}
		})
	}
}

// A generated key pair is Ed25519, reads back from its private key alone
// (so it is never generated twice), and puts both halves in the connection
// details.
func TestGenerateKeyPair(t *testing.T) {
	p, err := GenerateKeyPair()
	if err != nil {
		t.Fatalf("GenerateKeyPair(): %v", err)
	}
	if !strings.HasPrefix(p.PublicKey.Canonical, "ssh-ed25519 ") || !strings.Contains(string(p.PrivateKey), "BEGIN OPENSSH PRIVATE KEY") {
		t.Errorf("GenerateKeyPair(): public %q, want an ssh-ed25519 key and an OpenSSH private key", p.PublicKey.Canonical)
	}
	again, err := KeyPairOf(p.PrivateKey)
	if err != nil {
		t.Fatalf("KeyPairOf(generated): %v", err)
	}
	if diff := cmp.Diff(p, again); diff != "" {
		t.Errorf("KeyPairOf(generated): -generated, +read back:\n%s", diff)
	}
	other, err := GenerateKeyPair()
	if err != nil {
		t.Fatal(err)
	}
	if SameKey(p.PublicKey.Canonical, other.PublicKey.Canonical) {
		t.Errorf("GenerateKeyPair(): two calls made the same key")
	}
	want := map[string][]byte{ConnectionPrivateKey: p.PrivateKey, ConnectionPublicKey: []byte(p.PublicKey.Canonical + "\n")}
	if diff := cmp.Diff(want, p.ConnectionDetails()); diff != "" {
		t.Errorf("ConnectionDetails(): -want, +got:\n%s", diff)
	}
	if _, err := KeyPairOf([]byte("not a key")); err == nil || strings.Contains(err.Error(), "not a key") {
		t.Errorf("KeyPairOf(garbage): want an error that does not quote it, got %v", err)
	}
}
