package emulator_test

import (
	"crypto/rand"
	"encoding/base64"
	"net/http/httptest"
	"regexp"
	"testing"

	"golang.org/x/crypto/nacl/box"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, actionsContract) }

// sealedRE is a placeholder for a value sealed with a store's public key:
// <seal:store:value>, the key being the one the store's last public-key
// step read.
var sealedRE = regexp.MustCompile(`<seal:([a-z]+):([^>]*)>`)

// sealer seals the values of contract steps: <seal:store:value> in a
// body becomes the value sealed with the public key of store that the
// last keyOf(store) step read.
type sealer struct {
	t    *testing.T
	keys map[string]*[2]string
}

func newSealer(t *testing.T) *sealer { return &sealer{t: t, keys: map[string]*[2]string{}} }

// keyOf keeps the answered public key as store's.
func (s *sealer) keyOf(store string) check {
	return func(t *testing.T, a answer) {
		m := a.json(t)
		s.keys[store] = &[2]string{m["key_id"].(string), m["key"].(string)}
	}
}

// prepare seals the call's placeholders.
func (s *sealer) prepare(c call) call {
	t := s.t
	c.body = sealedRE.ReplaceAllStringFunc(c.body, func(p string) string {
		m := sealedRE.FindStringSubmatch(p)
		k := s.keys[m[1]]
		if k == nil {
			t.Fatalf("no public key of store %s read before %s", m[1], c.path)
		}
		raw, err := base64.StdEncoding.DecodeString(k[1])
		if err != nil || len(raw) != 32 {
			t.Fatalf("public key %q is not a base64 32-byte key", k[1])
		}
		var pk [32]byte
		copy(pk[:], raw)
		sealed, err := box.SealAnonymous(nil, []byte(m[2]), &pk, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return `"encrypted_value":"` + base64.StdEncoding.EncodeToString(sealed) + `","key_id":"` + k[0] + `"`
	})
	return c
}

// actionsContract drives Actions secrets (repository and environment),
// Dependabot secrets and Actions variables (repository and environment).
func actionsContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	seal := newSealer(t)
	keyOf, prepare := seal.keyOf, seal.prepare
	holds := func(store, name, want string) check {
		return func(t *testing.T, _ answer) {
			got, _, ok := emu.State().SecretValue("demo-org", "vault", store, name)
			if !ok || got != want {
				t.Errorf("the emulator's %s secret %s holds %q (found %t), want %q", store, name, got, ok, want)
			}
		}
	}
	const repo = "/repos/demo-org/vault"
	sec := repo + "/actions/secrets"
	env := repo + "/environments/production"
	envSec := env + "/secrets"
	dep := repo + "/dependabot/secrets"
	vars := repo + "/actions/variables"
	envVars := env + "/variables"
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"vault"}`}, 201, nil},
		{"create an environment", call{method: "PUT", path: env, token: "demo-token"}, 200, nil},

		// Repository secrets.
		{"no secrets yet", call{method: "GET", path: sec, token: "demo-token"}, 200, all(field("total_count", 0), bodyContains(`"secrets":[]`))},
		{"the public key", call{method: "GET", path: sec + "/public-key", token: "demo-token"}, 200, keyOf("actions")},
		{"create a secret", call{method: "PUT", path: sec + "/deploy_token", token: "demo-token", body: `{<seal:actions:first-value>}`}, 201,
			holds("actions", "DEPLOY_TOKEN", "first-value")},
		{"names are kept upper case", call{method: "GET", path: sec + "/deploy_TOKEN", token: "demo-token"}, 200,
			all(field("name", "DEPLOY_TOKEN"), bodyContains(`"created_at"`), bodyContains(`"updated_at"`))},
		{"update a secret", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", body: `{<seal:actions:second-value>}`}, 204,
			holds("actions", "DEPLOY_TOKEN", "second-value")},
		{"list the secrets", call{method: "GET", path: sec, token: "demo-token"}, 200,
			all(field("total_count", 1), bodyContains(`"name":"DEPLOY_TOKEN"`))},
		{"a bad name", call{method: "PUT", path: sec + "/1TOKEN", token: "demo-token", body: `{<seal:actions:x>}`}, 422, nil},
		{"GitHub's prefix", call{method: "PUT", path: sec + "/github_token", token: "demo-token", body: `{<seal:actions:x>}`}, 422, nil},
		{"another key's id", call{method: "PUT", path: sec + "/OTHER", token: "demo-token", body: `{"encrypted_value":"AAAA","key_id":"1"}`}, 422, nil},
		{"not sealed with the key", call{method: "PUT", path: sec + "/OTHER", token: "demo-token", body: `{"encrypted_value":"AAAA","key_id":"<keyid>"}`}, 422, nil},
		{"without a value", call{method: "PUT", path: sec + "/OTHER", token: "demo-token", body: `{}`, headers: skipReq}, 422, nil},
		{"a reader may not", call{method: "GET", path: sec, token: "member-token"}, 403, nil},
		{"an unknown secret", call{method: "GET", path: sec + "/NOPE", token: "demo-token"}, 404, nil},

		// Environment secrets: a store of their own.
		{"the environment's public key", call{method: "GET", path: envSec + "/public-key", token: "demo-token"}, 200, keyOf("environment")},
		{"create an environment secret", call{method: "PUT", path: envSec + "/DEPLOY_TOKEN", token: "demo-token", body: `{<seal:environment:production-value>}`}, 201,
			holds("environments/production", "DEPLOY_TOKEN", "production-value")},
		{"the repository's key does not open it", call{method: "PUT", path: envSec + "/X", token: "demo-token", body: `{<seal:actions:x>}`}, 422, nil},
		{"get an environment secret", call{method: "GET", path: envSec + "/deploy_token", token: "demo-token"}, 200, field("name", "DEPLOY_TOKEN")},
		{"list the environment's secrets", call{method: "GET", path: envSec, token: "demo-token"}, 200, field("total_count", 1)},
		{"an unknown environment", call{method: "GET", path: repo + "/environments/nope/secrets", token: "demo-token"}, 404, nil},
		{"delete an environment secret", call{method: "DELETE", path: envSec + "/DEPLOY_TOKEN", token: "demo-token"}, 204, nil},
		{"the repository secret stays", call{method: "GET", path: sec + "/DEPLOY_TOKEN", token: "demo-token"}, 200, nil},
		{"a second repository secret", call{method: "PUT", path: sec + "/SHORT_LIVED", token: "demo-token", body: `{<seal:actions:x>}`}, 201, nil},
		{"delete a repository secret", call{method: "DELETE", path: sec + "/short_lived", token: "demo-token"}, 204, nil},
		{"deleted, the other stays", call{method: "GET", path: sec, token: "demo-token"}, 200, all(field("total_count", 1), bodyContains(`"DEPLOY_TOKEN"`))},

		// Dependabot secrets.
		{"Dependabot's public key", call{method: "GET", path: dep + "/public-key", token: "demo-token"}, 200, keyOf("dependabot")},
		{"create a Dependabot secret", call{method: "PUT", path: dep + "/NPM_TOKEN", token: "demo-token", body: `{<seal:dependabot:npm-value>}`}, 201,
			holds("dependabot", "NPM_TOKEN", "npm-value")},
		{"get a Dependabot secret", call{method: "GET", path: dep + "/NPM_TOKEN", token: "demo-token"}, 200, field("name", "NPM_TOKEN")},
		{"list the Dependabot secrets", call{method: "GET", path: dep, token: "demo-token"}, 200, field("total_count", 1)},
		{"delete a Dependabot secret", call{method: "DELETE", path: dep + "/NPM_TOKEN", token: "demo-token"}, 204, nil},
		{"deleted", call{method: "GET", path: dep + "/NPM_TOKEN", token: "demo-token"}, 404, nil},

		// Repository variables.
		{"no variables yet", call{method: "GET", path: vars, token: "demo-token"}, 200, all(field("total_count", 0), bodyContains(`"variables":[]`))},
		{"create a variable", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"region","value":"eu-west-1"}`}, 201, nil},
		{"the same name again", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"REGION","value":"x"}`}, 409, nil},
		{"a bad variable name", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"my-var","value":"x"}`}, 422, nil},
		{"get a variable", call{method: "GET", path: vars + "/Region", token: "demo-token"}, 200,
			all(field("name", "REGION"), field("value", "eu-west-1"))},
		{"update a variable", call{method: "PATCH", path: vars + "/REGION", token: "demo-token", body: `{"value":"us-east-1"}`}, 204, nil},
		{"list the variables", call{method: "GET", path: vars + "?per_page=50", token: "demo-token"}, 200,
			all(field("total_count", 1), bodyContains(`"value":"us-east-1"`))},
		{"delete a variable", call{method: "DELETE", path: vars + "/REGION", token: "demo-token"}, 204, nil},
		{"an unknown variable", call{method: "GET", path: vars + "/REGION", token: "demo-token"}, 404, nil},

		// Environment variables.
		{"create an environment variable", call{method: "POST", path: envVars, token: "demo-token", body: `{"name":"URL","value":"https://prod.example.com"}`}, 201, nil},
		{"get an environment variable", call{method: "GET", path: envVars + "/URL", token: "demo-token"}, 200, field("value", "https://prod.example.com")},
		{"update an environment variable", call{method: "PATCH", path: envVars + "/URL", token: "demo-token", body: `{"name":"SITE_URL"}`}, 204, nil},
		{"list the environment's variables", call{method: "GET", path: envVars, token: "demo-token"}, 200,
			all(field("total_count", 1), bodyContains(`"name":"SITE_URL"`))},
		{"delete an environment variable", call{method: "DELETE", path: envVars + "/SITE_URL", token: "demo-token"}, 204, nil},

		// Archived: written no more, read still.
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: the key is still read", call{method: "GET", path: sec + "/public-key", token: "demo-token"}, 200, nil},
		{"archived: write", call{method: "PUT", path: sec + "/DEPLOY_TOKEN", token: "demo-token", body: `{<seal:actions:x>}`}, 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: delete", call{method: "DELETE", path: sec + "/DEPLOY_TOKEN", token: "demo-token"}, 403, nil},
		{"archived: create a variable", call{method: "POST", path: vars, token: "demo-token", body: `{"name":"X","value":"y"}`}, 403, nil},
		{"archived: secrets still read", call{method: "GET", path: sec + "/DEPLOY_TOKEN", token: "demo-token"}, 200, nil},
	}
	runSteps(t, srv, steps, func(c call) call {
		c = prepare(c)
		if k := seal.keys["actions"]; k != nil {
			c.body = regexp.MustCompile(`<keyid>`).ReplaceAllString(c.body, k[0])
		}
		return c
	})
}
