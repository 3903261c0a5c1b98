package emulator_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// call is one HTTP exchange of a test.
type call struct {
	method  string
	path    string
	token   string
	body    string
	headers map[string]string
}

// answer is what came back.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.body, &m); err != nil {
		t.Fatalf("answer %d is not a JSON object: %v: %s", a.status, err, a.body)
	}
	return m
}

// noRedirects makes a client report redirects instead of following them.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

func do(t *testing.T, srv *httptest.Server, c call) answer {
	t.Helper()
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, srv.URL+c.path, body)
	if err != nil {
		t.Fatalf("building request: %v", err)
	}
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "token "+c.token)
	}
	for k, v := range c.headers {
		req.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: noRedirects, Timeout: 30 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", c.method, c.path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("reading body: %v", err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: b}
}

// newServer starts a contract-validated emulator with a fixed clock.
func newServer(t *testing.T, opts emulator.Options) (*httptest.Server, *emulator.Server) {
	t.Helper()
	if opts.Now == nil {
		clock := newClock()
		opts.Now = clock.Now
	}
	return emulatortest.NewServer(t, opts)
}

// clock is a settable test clock.
type clock struct {
	ch chan time.Time
}

func newClock() *clock {
	c := &clock{ch: make(chan time.Time, 1)}
	c.ch <- time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	return c
}

func (c *clock) Now() time.Time {
	t := <-c.ch
	c.ch <- t
	return t
}

func (c *clock) Advance(d time.Duration) {
	t := <-c.ch
	c.ch <- t.Add(d)
}

// appKey makes an RSA key pair for GitHub App tests.
func appKey(t *testing.T) (*rsa.PrivateKey, string) {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatalf("generating key: %v", err)
	}
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatalf("marshalling key: %v", err)
	}
	return k, string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}
