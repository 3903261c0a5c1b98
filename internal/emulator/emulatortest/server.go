package emulatortest

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// Middleware validates every exchange passing through next against GitHub's
// description and reports violations with t.Errorf. Requests under
// /_emulator/ are passed through unchecked.
func Middleware(t testing.TB, next http.Handler) http.Handler {
	v, err := LoadValidator()
	if err != nil {
		t.Fatalf("emulatortest: %v", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, "/api/v3")
		if strings.HasPrefix(p, "/_emulator") {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("emulatortest: reading request body: %v", err)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		if r.Context().Err() != nil {
			return // the client gave up (e.g. a stall fault); nobody sees the answer
		}
		if err := v.Validate(r.Context(), Exchange{Request: r, RequestBody: body, Status: rec.Code, Header: rec.Header(), ResponseBody: rec.Body.Bytes()}); err != nil {
			t.Errorf("emulatortest: %v", err)
		}
		for k, vals := range rec.Header() {
			w.Header()[k] = vals
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	})
}

// NewServer starts an emulator behind an httptest.Server whose every exchange
// is validated against GitHub's description (see Middleware). The server is
// closed when the test ends. Point clients at srv.URL (api.github.com shape)
// or srv.URL+"/api/v3/" (GitHub Enterprise Server shape).
func NewServer(t testing.TB, opts emulator.Options) (*httptest.Server, *emulator.Server) {
	t.Helper()
	emu, err := emulator.NewChecked(opts)
	if err != nil {
		t.Fatalf("emulatortest: %v", err)
	}
	srv := httptest.NewServer(Middleware(t, emu))
	t.Cleanup(srv.Close)
	return srv, emu
}

// TokenTransport adds "Authorization: token <Token>" to requests.
type TokenTransport struct {
	Token string
	Base  http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (tt *TokenTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	base := tt.Base
	if base == nil {
		base = http.DefaultTransport
	}
	r = r.Clone(r.Context())
	if tt.Token != "" {
		r.Header.Set("Authorization", "token "+tt.Token)
	}
	return base.RoundTrip(r)
}

// Client returns an HTTP client for srv that authenticates with token.
func Client(srv *httptest.Server, token string) *http.Client {
	return &http.Client{Transport: &TokenTransport{Token: token, Base: srv.Client().Transport}}
}
