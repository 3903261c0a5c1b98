package emulator_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v4"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// fuzzNow is the fixed clock of the decoding fuzzer's emulators, so that
// the App JWT signed once stays valid for every run.
var fuzzNow = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// fuzzWorld is what the decoding fuzzer's emulators hold before the fuzzed
// request: a target for every path parameter of every operation that takes
// a body, so that the body, not a missing object, decides the answer.
type fuzzWorld struct {
	publicKeyPEM string
	jwt          string
}

func newFuzzWorld(tb testing.TB) *fuzzWorld {
	tb.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		tb.Fatalf("generating key: %v", err)
	}
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		tb.Fatalf("marshalling key: %v", err)
	}
	tok, err := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{
		"iss": "42", "iat": fuzzNow.Add(-30 * time.Second).Unix(), "exp": fuzzNow.Add(9 * time.Minute).Unix(),
	}).SignedString(k)
	if err != nil {
		tb.Fatalf("signing JWT: %v", err)
	}
	return &fuzzWorld{publicKeyPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), jwt: tok}
}

func (fw *fuzzWorld) seed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Teams = []emulator.SeedTeam{{Org: "demo-org", Name: "Fuzzers"}}
	s.Apps = []emulator.SeedApp{{ID: 42, Slug: "fuzz-app", PublicKeyPEM: fw.publicKeyPEM, Installations: []emulator.SeedInstallation{
		{ID: 4242, Account: "demo-org", Permissions: map[string]string{"administration": "write", "metadata": "read"}},
	}}}
	s.Repos = []emulator.SeedRepo{
		{Owner: "demo-org", Name: "fuzz", Branches: []string{"main", "feature"}},
		{Owner: "demo-org", Name: "template", IsTemplate: true, Branches: []string{"main"}},
	}
	return s
}

// setupCall is one request that creates a target; id names the path
// parameter the answer's "id" fills.
type setupCall struct {
	method, path, body, id string
}

var fuzzSetup = []setupCall{
	{"POST", "/repos/demo-org/fuzz/hooks", `{"config":{"url":"https://ci.example.com/hook"}}`, "hook_id"},
	{"POST", "/repos/demo-org/fuzz/rulesets", `{"name":"fuzz","enforcement":"active"}`, "ruleset_id"},
	{"POST", "/repos/demo-org/fuzz/actions/variables", `{"name":"FUZZ_VAR","value":"x"}`, ""},
	{"PUT", "/repos/demo-org/fuzz/environments/production", `{"deployment_branch_policy":{"protected_branches":false,"custom_branch_policies":true}}`, ""},
	{"POST", "/repos/demo-org/fuzz/environments/production/variables", `{"name":"FUZZ_VAR","value":"x"}`, ""},
	{"POST", "/repos/demo-org/fuzz/environments/production/deployment-branch-policies", `{"name":"release/*"}`, "branch_policy_id"},
	{"PUT", "/repos/demo-org/fuzz/collaborators/other-user", `{"permission":"push"}`, "invitation_id"},
	{"POST", "/orgs/demo-org/code-security/configurations", `{"name":"fuzz","description":"fuzz"}`, "configuration_id"},
}

// fuzzParams are the path parameters of the targets every emulator holds;
// the setup adds the ids it creates.
var fuzzParams = map[string]string{
	"org": "demo-org", "owner": "demo-org", "repo": "fuzz", "team_slug": "fuzzers",
	"template_owner": "demo-org", "template_repo": "template", "installation_id": "4242",
	"secret_name": "FUZZ_SECRET", "name": "FUZZ_VAR", "branch": "feature", "ref": "heads/feature",
	"username": "other-user", "path": "docs/fuzz.md", "environment_name": "production",
	"custom_property_name": "fuzz-prop",
}

// newEmulator builds the emulator the fuzzer resets for every input
// (building one is much slower than resetting it).
func (fw *fuzzWorld) newEmulator(tb testing.TB) *emulator.Server {
	tb.Helper()
	emu, err := emulator.NewChecked(emulator.Options{Seed: fw.seed(), Now: func() time.Time { return fuzzNow }})
	if err != nil {
		tb.Fatalf("starting emulator: %v", err)
	}
	return emu
}

// reset restores emu to the seed (faults, config and rate limits cleared),
// creates the targets and returns the path parameters naming them.
func (fw *fuzzWorld) reset(tb testing.TB, emu *emulator.Server) map[string]string {
	tb.Helper()
	if err := emu.Reset(); err != nil {
		tb.Fatalf("resetting emulator: %v", err)
	}
	params := make(map[string]string, len(fuzzParams)+4)
	for k, v := range fuzzParams {
		params[k] = v
	}
	for _, sc := range fuzzSetup {
		rec := serve(emu, sc.method, sc.path, "demo-token", []byte(sc.body))
		if rec.Code >= 300 {
			tb.Fatalf("setting up: %s %s -> %d: %s", sc.method, sc.path, rec.Code, rec.Body.Bytes())
		}
		if sc.id == "" {
			continue
		}
		var created struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || created.ID == 0 {
			tb.Fatalf("setting up: %s %s answered no id: %s", sc.method, sc.path, rec.Body.Bytes())
		}
		params[sc.id] = fmt.Sprint(created.ID)
	}
	return params
}

// credentialFor is the Authorization credential an operation is sent with:
// the App JWT for installation tokens, the invitee for their invitations,
// the org admin for the rest.
func (fw *fuzzWorld) credentialFor(op emulator.Operation) string {
	switch {
	case strings.HasPrefix(op.Path, "/app/"):
		return fw.jwt
	case strings.HasPrefix(op.Path, "/user/repository_invitations/"):
		return "other-token"
	}
	return "demo-token"
}

// serve sends one request to the handler itself, so that a panic in it
// fails the test instead of being recovered by an HTTP server.
func serve(h http.Handler, method, path, credential string, body []byte) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, strings.NewReader(string(body)))
	r.Header.Set("Authorization", "token "+credential)
	r.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// fillPath expands an operation's template with params; a non-empty
// override replaces the last parameter, escaped into one segment.
func fillPath(template string, params map[string]string, override string) string {
	parts := strings.Split(template, "/")
	last := -1
	for i, p := range parts {
		if strings.HasPrefix(p, "{") {
			last = i
		}
	}
	for i, p := range parts {
		if !strings.HasPrefix(p, "{") {
			continue
		}
		if i == last && override != "" {
			parts[i] = url.PathEscape(override)
			continue
		}
		parts[i] = params[strings.Trim(p, "{}")]
	}
	return strings.Join(parts, "/")
}
