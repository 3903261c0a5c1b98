// Package fuzzemu runs the mapping fuzz tests of internal/clients/<kind>
// against one in-process emulator per fuzz target: each input starts from
// the seed state again, with a fresh client, and every exchange is checked
// against GitHub's API description. Only tests import it.
package fuzzemu

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	gogithub "github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// Token is the token of demo-user, an admin of demo-org in the default seed.
const Token = "demo-token"

// An Emulator is one emulator shared by the inputs of a fuzz target. The
// inputs run one at a time: Begin takes it, the end of the input's test
// gives it back.
type Emulator struct {
	emu *emulator.Server
	srv *httptest.Server
	v   *emulatortest.Validator

	turn sync.Mutex // held from Begin to the end of an input's test

	mu sync.Mutex
	t  testing.TB // the input's test contract violations are reported to
}

// New starts an emulator with seed (nil: the default seed) for the inputs
// of f (a fuzz target, or a test whose subtests take turns). It is closed
// when f ends.
func New(f testing.TB, seed *emulator.Seed) *Emulator {
	f.Helper()
	emu, err := emulator.NewChecked(emulator.Options{Seed: seed})
	if err != nil {
		f.Fatalf("fuzzemu: %v", err)
	}
	v, err := emulatortest.LoadValidator()
	if err != nil {
		f.Fatalf("fuzzemu: %v", err)
	}
	e := &Emulator{emu: emu, v: v}
	e.srv = httptest.NewServer(http.HandlerFunc(e.serve))
	f.Cleanup(e.srv.Close)
	return e
}

// serve answers one exchange and checks it against GitHub's description,
// reporting a violation to the current input's test.
func (e *Emulator) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		e.errorf("fuzzemu: reading request body: %v", err)
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := httptest.NewRecorder()
	e.emu.ServeHTTP(rec, r)
	control := strings.HasPrefix(strings.TrimPrefix(r.URL.Path, "/api/v3"), "/_emulator")
	if !control && r.Context().Err() == nil {
		ex := emulatortest.Exchange{Request: r, RequestBody: body, Status: rec.Code, Header: rec.Header(), ResponseBody: rec.Body.Bytes()}
		if err := e.v.Validate(r.Context(), ex); err != nil {
			e.errorf("fuzzemu: %s %s: %v", r.Method, r.URL.EscapedPath(), err)
		}
	}
	for k, vals := range rec.Header() {
		w.Header()[k] = vals
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func (e *Emulator) errorf(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.t != nil {
		e.t.Errorf(format, args...)
	}
}

// Begin gives the emulator, back in its seed state, to the input whose
// test is t, and returns a new client of it for Token.
func (e *Emulator) Begin(t *testing.T) *gogithub.Client {
	t.Helper()
	e.turn.Lock()
	t.Cleanup(func() {
		e.mu.Lock()
		e.t = nil
		e.mu.Unlock()
		e.turn.Unlock()
	})
	if err := e.emu.Reset(); err != nil {
		t.Fatalf("fuzzemu: %v", err)
	}
	e.mu.Lock()
	e.t = t
	e.mu.Unlock()
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: Token}, BaseURL: e.srv.URL},
		transport.Options{UserAgent: "provider-github-fuzz", Transport: e.srv.Client().Transport})
	if err != nil {
		t.Fatalf("fuzzemu: %v", err)
	}
	return gh
}

// Server is the emulator, for changes made outside the API.
func (e *Emulator) Server() *emulator.Server { return e.emu }

// RequireRefusal fails t unless err is GitHub refusing a request as
// invalid (400 or 422), worded by our client for a person.
func RequireRefusal(t *testing.T, what string, err error) {
	t.Helper()
	var ge *github.Error
	if !errors.As(github.Explain(err), &ge) {
		t.Fatalf("%s: want GitHub's refusal, worded, got %T: %v", what, err, err)
	}
	if ge.Status != http.StatusUnprocessableEntity && ge.Status != http.StatusBadRequest {
		t.Fatalf("%s: want a 400 or 422 refusal, got %d: %v", what, ge.Status, ge)
	}
	if ge.Error() == "" {
		t.Fatalf("%s: GitHub's refusal is not worded: %#v", what, ge)
	}
}

// Refused is true when err is GitHub answering 400 or 422.
func Refused(err error) bool {
	s := github.StatusCode(err)
	return s == http.StatusUnprocessableEntity || s == http.StatusBadRequest
}
