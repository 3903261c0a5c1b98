package emulatortest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// realExchange runs a request against an in-process emulator.
func realExchange(t *testing.T, emu *emulator.Server, method, path, body string) emulatortest.Exchange {
	t.Helper()
	var req *http.Request
	if body != "" {
		req = httptest.NewRequest(method, "http://emulator.test"+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	} else {
		req = httptest.NewRequest(method, "http://emulator.test"+path, nil)
	}
	req.Header.Set("Authorization", "token demo-token")
	rec := httptest.NewRecorder()
	emu.ServeHTTP(rec, req)
	req = httptest.NewRequest(method, "http://emulator.test"+path, nil)
	req.Header.Set("Authorization", "token demo-token")
	return emulatortest.Exchange{Request: req, RequestBody: []byte(body), Status: rec.Code, Header: rec.Header(), ResponseBody: rec.Body.Bytes()}
}

// TestValidatorWiring proves that the contract check fails on wrong shapes:
// a correct exchange passes and each deliberately broken variant fails.
func TestValidatorWiring(t *testing.T) {
	v, err := emulatortest.LoadValidator()
	if err != nil {
		t.Fatal(err)
	}
	emu := emulator.New(emulator.Options{})
	created := realExchange(t, emu, "POST", "/user/repos", `{"name":"wiring"}`)
	if created.Status != http.StatusCreated {
		t.Fatalf("create = %d: %s", created.Status, created.ResponseBody)
	}
	good := realExchange(t, emu, "GET", "/repos/demo-user/wiring", "")

	mutate := func(ex emulatortest.Exchange, f func(m map[string]any)) emulatortest.Exchange {
		var m map[string]any
		if err := json.Unmarshal(ex.ResponseBody, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		ex.ResponseBody = b
		return ex
	}
	withHeader := func(ex emulatortest.Exchange, k, val string) emulatortest.Exchange {
		h := ex.Header.Clone()
		if val == "" {
			h.Del(k)
		} else {
			h.Set(k, val)
		}
		ex.Header = h
		return ex
	}
	badRequest := created
	badRequest.RequestBody = []byte(`{"name":5}`)
	badRequest.Request = httptest.NewRequest(http.MethodPost, "http://emulator.test/user/repos", nil)
	badRequest.Request.Header.Set("Content-Type", "application/json")

	tests := []struct {
		name    string
		ex      emulatortest.Exchange
		wantErr string
	}{
		{"correct answer passes", good, ""},
		{"correct create passes", created, ""},
		{"id as string", mutate(good, func(m map[string]any) { m["id"] = "123" }), "id"},
		{"required field missing", mutate(good, func(m map[string]any) { delete(m, "full_name") }), "full_name"},
		{"owner of wrong shape", mutate(good, func(m map[string]any) { m["owner"] = "demo-user" }), "owner"},
		{"enum violated", mutate(good, func(m map[string]any) { m["merge_commit_title"] = "WHATEVER" }), "merge_commit_title"},
		{"undocumented status", func() emulatortest.Exchange { e := good; e.Status = http.StatusTeapot; return e }(), "not documented"},
		{"missing request id", withHeader(good, "X-GitHub-Request-Id", ""), "X-GitHub-Request-Id"},
		{"missing rate limit header", withHeader(good, "X-RateLimit-Remaining", ""), "X-RateLimit-Remaining"},
		{"missing ETag on GET", withHeader(good, "ETag", ""), "ETag"},
		{"invalid request body", badRequest, "request"},
		{"304 with a body", func() emulatortest.Exchange { e := good; e.Status = http.StatusNotModified; return e }(), "304 with a body"},
		{"error body of wrong shape", func() emulatortest.Exchange {
			e := good
			e.Status = http.StatusNotFound
			e.ResponseBody = []byte(`{"message":404}`)
			return e
		}(), "message"},
		{"path the description does not know", func() emulatortest.Exchange {
			e := good
			e.Request = httptest.NewRequest(http.MethodGet, "http://emulator.test/nonsense/path", nil)
			return e
		}(), "no operation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := v.Validate(context.Background(), tt.ex)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("Validate() = nil, want an error mentioning %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("Validate() = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
}

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Errorf(format string, args ...any) { r.failed = append(r.failed, format) }

// TestMiddlewareReportsViolations checks that the middleware reports a broken
// answer from the handler it wraps, and stays quiet for a correct one.
func TestMiddlewareReportsViolations(t *testing.T) {
	emu := emulator.New(emulator.Options{})
	broken := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		emu.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write([]byte(strings.Replace(rec.Body.String(), `"login":"demo-user"`, `"login":17`, 1)))
	})
	for _, tt := range []struct {
		name    string
		handler http.Handler
		want    int
	}{{"correct", emu, 0}, {"broken", broken, 1}} {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{TB: t}
			srv := httptest.NewServer(emulatortest.Middleware(rec, tt.handler))
			defer srv.Close()
			resp, err := emulatortest.Client(srv, "demo-token").Get(srv.URL + "/user")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if len(rec.failed) != tt.want {
				t.Errorf("violations reported = %d, want %d", len(rec.failed), tt.want)
			}
		})
	}
}

// TestValidatorSpanningParameters: a branch name or git ref with slashes,
// sent escaped or not, is matched to its operation and validated (a broken
// answer still fails); ruleset 422s are held to GitHub's sentence errors and
// other operations' are not.
func TestValidatorSpanningParameters(t *testing.T) {
	v, err := emulatortest.LoadValidator()
	if err != nil {
		t.Fatal(err)
	}
	emu := emulator.New(emulator.Options{})
	if ex := realExchange(t, emu, "POST", "/user/repos", `{"name":"spans","auto_init":true}`); ex.Status != http.StatusCreated {
		t.Fatalf("create = %d: %s", ex.Status, ex.ResponseBody)
	}
	var ref struct {
		Object struct {
			SHA string `json:"sha"`
		} `json:"object"`
	}
	if err := json.Unmarshal(realExchange(t, emu, "GET", "/repos/demo-user/spans/git/ref/heads/main", "").ResponseBody, &ref); err != nil {
		t.Fatal(err)
	}
	created := realExchange(t, emu, "POST", "/repos/demo-user/spans/git/refs", `{"ref":"refs/heads/feature/x","sha":"`+ref.Object.SHA+`"}`)
	if created.Status != http.StatusCreated {
		t.Fatalf("create ref = %d: %s", created.Status, created.ResponseBody)
	}
	broken := realExchange(t, emu, "GET", "/repos/demo-user/spans/branches/feature/x", "")
	broken.ResponseBody = []byte(strings.Replace(string(broken.ResponseBody), `"protected":false`, `"protected":"no"`, 1))
	ruleset := realExchange(t, emu, "POST", "/repos/demo-user/spans/rulesets", `{"name":"r","enforcement":"active","conditions":{"ref_name":{"include":["main"]}}}`)
	if ruleset.Status != http.StatusUnprocessableEntity || !strings.Contains(string(ruleset.ResponseBody), `"errors":["`) {
		t.Fatalf("ruleset with a bad pattern = %d: %s", ruleset.Status, ruleset.ResponseBody)
	}
	sentences := realExchange(t, emu, "POST", "/repos/demo-user/spans/git/refs", `{"ref":"refs/heads/feature/x","sha":"`+ref.Object.SHA+`"}`)
	sentences.ResponseBody = []byte(`{"message":"Validation Failed","errors":["Reference already exists"],"documentation_url":"x"}`)
	for _, tt := range []struct {
		name    string
		ex      emulatortest.Exchange
		wantErr string
	}{
		{"branch with a slash", realExchange(t, emu, "GET", "/repos/demo-user/spans/branches/feature/x", ""), ""},
		{"branch with an escaped slash", realExchange(t, emu, "GET", "/repos/demo-user/spans/branches/feature%2Fx", ""), ""},
		{"protection of a branch with a slash", realExchange(t, emu, "GET", "/repos/demo-user/spans/branches/feature/x/protection", ""), ""},
		{"ref with slashes", realExchange(t, emu, "GET", "/repos/demo-user/spans/git/ref/heads/feature/x", ""), ""},
		{"by repository id", realExchange(t, emu, "GET", "/repositories/700000001/branches/feature/x", ""), ""},
		{"broken answer for a branch with a slash", broken, "protected"},
		{"ruleset 422 with sentences", ruleset, ""},
		{"sentences where objects are documented", sentences, "validation-error"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := v.Validate(context.Background(), tt.ex)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tt.wantErr != "" && err == nil:
				t.Errorf("Validate() = nil, want an error mentioning %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("Validate() = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
}
