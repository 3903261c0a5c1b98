package transport

import (
	"bytes"
	"strings"
	"testing"
)

func TestDeflateRoundTrip(t *testing.T) {
	repo := `{"id":1,"name":"api","full_name":"team/api","html_url":"https://github.com/team/api",` +
		strings.Repeat(`"x_url":"https://api.github.com/repos/team/api/x{/y}",`, 40) + `"private":false}`
	cases := map[string]struct {
		body     string
		maxShare float64 // deflated size as a share of the body, at most
	}{
		"Repository":     {body: repo, maxShare: 0.2},
		"Empty":          {body: "", maxShare: 100},
		"Incompressible": {body: incompressible(4096), maxShare: 1.01},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			// Twice: the second time with pooled (reset) writers and readers.
			for i := 0; i < 2; i++ {
				z := deflate([]byte(tc.body))
				if len(tc.body) > 0 && float64(len(z)) > tc.maxShare*float64(len(tc.body)) {
					t.Errorf("deflated %d bytes to %d, want at most %.0f%%", len(tc.body), len(z), 100*tc.maxShare)
				}
				got, err := inflate(z, len(tc.body))
				if err != nil {
					t.Fatalf("inflate(): %v", err)
				}
				if !bytes.Equal(got, []byte(tc.body)) {
					t.Errorf("inflate(deflate(body)) differs from body")
				}
			}
		})
	}
}

func TestInflateRefusesGarbage(t *testing.T) {
	if _, err := inflate([]byte("not deflate"), 100); err == nil {
		t.Errorf("inflate(garbage): got nil error, want one")
	}
}
