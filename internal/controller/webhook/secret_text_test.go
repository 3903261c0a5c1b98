package webhook

import (
	"context"
	"strings"
	"testing"
)

// A webhook secret that is not UTF-8 is refused before anything is sent:
// as a JSON string it would reach GitHub as U+FFFD, another secret than
// the receiver checks deliveries with.
func TestReadSecretRefusesBytesThatAreNotText(t *testing.T) {
	for _, s := range scopes {
		t.Run(s.name, func(t *testing.T) {
			value := []byte{0xff, 0xfe, 's'}
			w := s.webhook()
			got, err := readSecret(context.Background(), secrets(t, hookSecret(map[string][]byte{"secret": value})), w, w.Parameters())
			if err == nil || !strings.Contains(err.Error(), `key "secret" of Secret ns/hook is not UTF-8 text`) || strings.Contains(err.Error(), string(value)) {
				t.Errorf("readSecret(...) = %v, want a refusal naming the Secret's key, never the value", err)
			}
			if got.value != "" || got.hash != "" {
				t.Errorf("readSecret(...) = a secret with a value or hash, want none")
			}
		})
	}
}
