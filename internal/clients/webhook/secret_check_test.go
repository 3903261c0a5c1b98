package webhook

import (
	"strings"
	"testing"
)

func TestCheckSecret(t *testing.T) {
	cases := map[string]struct {
		reason string
		value  []byte
		ok     bool
	}{
		"Text":    {reason: "A text secret is sent as it is.", value: []byte("hunter2"), ok: true},
		"Unicode": {reason: "UTF-8 beyond ASCII is text too.", value: []byte("☃ 𝄞"), ok: true},
		"Binary":  {reason: "Bytes that are not UTF-8 would reach GitHub as U+FFFD: another secret.", value: []byte{0xff, 0xfe, 's'}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			err := CheckSecret(tc.value, `key "k" of Secret ns/s`)
			if (err == nil) != tc.ok {
				t.Fatalf("\n%s\nCheckSecret(%q) = %v", tc.reason, tc.value, err)
			}
			if err != nil && (!strings.Contains(err.Error(), `key "k" of Secret ns/s`) || strings.Contains(err.Error(), string(tc.value))) {
				t.Errorf("\n%s\nCheckSecret(...) = %q: want where the value came from, never the value", tc.reason, err)
			}
		})
	}
}
