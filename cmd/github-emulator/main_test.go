package main

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    config
		wantErr bool
	}{
		{"defaults", nil, config{listen: "127.0.0.1:8089", tokenTTL: time.Hour}, false},
		{"all flags", []string{"--listen", "127.0.0.1:0", "--seed", "s.yaml", "--installation-token-ttl", "5m", "--debug"}, config{listen: "127.0.0.1:0", seedFile: "s.yaml", tokenTTL: 5 * time.Minute, debug: true}, false},
		{"list operations", []string{"--list-operations"}, config{listen: "127.0.0.1:8089", tokenTTL: time.Hour, listOperations: true}, false},
		{"bad ttl", []string{"--installation-token-ttl", "0s"}, config{}, true},
		{"stray argument", []string{"extra"}, config{}, true},
		{"unknown flag", []string{"--nope"}, config{}, true},
	}
	for _, tt := range tests {
		got, err := parseFlags(tt.args)
		if (err != nil) != tt.wantErr || (!tt.wantErr && got != tt.want) {
			t.Errorf("%s: parseFlags = %+v, %v; want %+v, err=%v", tt.name, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestNewServerFromSeedFile(t *testing.T) {
	dir := t.TempDir()
	seed := filepath.Join(dir, "seed.yaml")
	if err := os.WriteFile(seed, []byte("users:\n- login: file-user\n  tokens: [file-token]\nrepos:\n- owner: file-user\n  name: seeded\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("users: [{login: x, nope: 1}]"), 0o600); err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	tests := []struct {
		name   string
		cfg    config
		token  string
		path   string
		status int
	}{
		{"default seed", config{tokenTTL: time.Hour}, "demo-token", "/orgs/demo-org", 200},
		{"seed file", config{seedFile: seed, tokenTTL: time.Hour}, "file-token", "/repos/file-user/seeded", 200},
		{"seed file replaces default", config{seedFile: seed, tokenTTL: time.Hour}, "demo-token", "/user", 401},
	}
	for _, tt := range tests {
		srv, err := newServer(tt.cfg, logger)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		req.Header.Set("Authorization", "token "+tt.token)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("%s: GET %s = %d, want %d", tt.name, tt.path, rec.Code, tt.status)
		}
	}
	for _, f := range []string{bad, filepath.Join(dir, "missing.yaml")} {
		if _, err := newServer(config{seedFile: f, tokenTTL: time.Hour}, logger); err == nil || !strings.Contains(err.Error(), "seed") {
			t.Errorf("newServer(%s) err = %v, want a seed error", f, err)
		}
	}
}

func TestListOperations(t *testing.T) {
	var out strings.Builder
	// An address that cannot be listened on proves nothing is served.
	if err := run([]string{"--list-operations", "--listen", "256.0.0.1:1"}, &out, os.Stderr); err != nil {
		t.Fatalf("run --list-operations: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	tests := map[string]struct {
		reason string
		line   string
		want   bool
	}{
		"Described":  {"the description's template is printed", "POST /repos/{template_owner}/{template_repo}/generate", true},
		"NotOwnName": {"the emulator's own pattern is not", "POST /repos/{owner}/{repo}/generate", false},
		"NoAlias":    {"aliases the description leaves out are not", "GET /repositories/{repository_id}", false},
		"PlainRoute": {"a route without a repository is printed", "GET /rate_limit", true},
		"Repository": {"a repository route is printed", "DELETE /repos/{owner}/{repo}", true},
	}
	for name, tc := range tests {
		if got := slices.Contains(lines, tc.line); got != tc.want {
			t.Errorf("%s: %s: output has %q = %t, want %t", name, tc.reason, tc.line, got, tc.want)
		}
	}
}
