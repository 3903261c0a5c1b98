package transport

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// Test GitHub App of the emulator seeds below.
const (
	testAppID          = 4242
	testInstallationID = 777
)

var (
	testKeysOnce sync.Once
	testKeys     [2]*rsa.PrivateKey
	testKeysErr  error
)

// testKey returns one of two RSA keys generated once per test binary.
func testKey(t testing.TB, i int) *rsa.PrivateKey {
	t.Helper()
	testKeysOnce.Do(func() {
		for n := range testKeys {
			if testKeys[n], testKeysErr = rsa.GenerateKey(rand.Reader, 2048); testKeysErr != nil {
				return
			}
		}
	})
	if testKeysErr != nil {
		t.Fatalf("generating RSA key: %v", testKeysErr)
	}
	return testKeys[i]
}

// testKeyPEM is the App's private key in PKCS#1 PEM, as GitHub hands it out.
func testKeyPEM(t testing.TB) string { return privatePEM(testKey(t, 0)) }

// otherKeyPEM is a valid key the emulator does not know.
func otherKeyPEM(t testing.TB) string { return privatePEM(testKey(t, 1)) }

func privatePEM(k *rsa.PrivateKey) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)}))
}

func publicPEM(t testing.TB, k *rsa.PrivateKey) string {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatalf("marshalling public key: %v", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// appSeed is the default seed plus a GitHub App installed on demo-org with
// Administration: write, and a repository in demo-org.
func appSeed(t testing.TB) *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Apps = append(s.Apps, emulator.SeedApp{
		ID: testAppID, Slug: "provider-github-test", PublicKeyPEM: publicPEM(t, testKey(t, 0)),
		Installations: []emulator.SeedInstallation{{
			ID: testInstallationID, Account: "demo-org",
			Permissions: map[string]string{"administration": "write", "contents": "write", "metadata": "read"},
		}},
	})
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Description: "seeded repository", Branches: []string{"main"}})
	return s
}

func testOptions(srv *httptest.Server) Options {
	return Options{UserAgent: "provider-github-test", Timeout: 10 * time.Second, Transport: srv.Client().Transport}
}

func TestNormalizeBaseURL(t *testing.T) {
	type want struct {
		url string
		err error
	}
	cases := map[string]struct {
		reason string
		raw    string
		// secret must not appear in the error.
		secret string
		want   want
	}{
		"Empty": {
			reason: "An empty base URL means github.com.",
			raw:    "",
			want:   want{url: "https://api.github.com/"},
		},
		"Blank": {
			reason: "A blank base URL means github.com too.",
			raw:    "  \n",
			want:   want{url: "https://api.github.com/"},
		},
		"GitHubWithoutSlash": {
			reason: "api.github.com should only gain its trailing slash.",
			raw:    "https://api.github.com",
			want:   want{url: "https://api.github.com/"},
		},
		"GHESHostOnly": {
			reason: "A GHES host without a path should gain /api/v3/.",
			raw:    "https://ghe.example.com",
			want:   want{url: "https://ghe.example.com/api/v3/"},
		},
		"GHESHostSlash": {
			reason: "A GHES host with only a slash should gain api/v3/.",
			raw:    "https://ghe.example.com/",
			want:   want{url: "https://ghe.example.com/api/v3/"},
		},
		"GHESAPIv3NoSlash": {
			reason: "A GHES /api/v3 URL should only gain its trailing slash.",
			raw:    "https://ghe.example.com/api/v3",
			want:   want{url: "https://ghe.example.com/api/v3/"},
		},
		"GHESAPIv3Slash": {
			reason: "A complete GHES URL should be left alone.",
			raw:    "https://ghe.example.com/api/v3/",
			want:   want{url: "https://ghe.example.com/api/v3/"},
		},
		"GHESWithPort": {
			reason: "A GHES host with a port should keep it.",
			raw:    "http://ghe.internal:8080",
			want:   want{url: "http://ghe.internal:8080/api/v3/"},
		},
		"Surrounded": {
			reason: "Whitespace around the URL (a Secret or a YAML block scalar) should be ignored.",
			raw:    "  https://ghe.example.com/api/v3\n",
			want:   want{url: "https://ghe.example.com/api/v3/"},
		},
		"APIHost": {
			reason: "An api.* host is a REST root already and should not gain /api/v3/.",
			raw:    "https://api.ghe.example.com",
			want:   want{url: "https://api.ghe.example.com/"},
		},
		"GHECDataResidency": {
			reason: "A GHE.com data-residency API host (api.<tenant>.ghe.com) should be left alone.",
			raw:    "https://api.octocorp.ghe.com/",
			want:   want{url: "https://api.octocorp.ghe.com/"},
		},
		"NonHTTPScheme": {
			reason: "A non-http(s) scheme should be refused.",
			raw:    "ftp://ghe.example.com/api/v3/",
			want:   want{err: errors.New(`baseURL "ftp://ghe.example.com/api/v3/" is not an http(s) URL such as https://ghe.example.com/api/v3/`)},
		},
		"NoScheme": {
			reason: "A bare host is not a URL.",
			raw:    "ghe.example.com",
			want:   want{err: errors.New(`baseURL "ghe.example.com" is not an http(s) URL such as https://ghe.example.com/api/v3/`)},
		},
		"NoHost": {
			reason: "A URL without a host should be refused.",
			raw:    "https:///api/v3/",
			want:   want{err: errors.New(`baseURL "https:///api/v3/" is not an http(s) URL such as https://ghe.example.com/api/v3/`)},
		},
		"Unparseable": {
			reason: "An unparseable URL should be refused.",
			raw:    "https://ghe.example.com:port/",
			want:   want{err: errors.New("baseURL is not a valid URL: use an http(s) URL such as https://ghe.example.com/api/v3/")},
		},
		"UserPassword": {
			reason: "A URL with user:password should be refused without echoing the password.",
			raw:    "https://admin:hunter2secret@ghe.example.com/api/v3/",
			secret: "hunter2secret",
			want:   want{err: errors.New("baseURL must not carry credentials: put them in the credentials Secret")},
		},
		"UserPasswordBadScheme": {
			reason: "A URL with a bad scheme and a password should still not echo the password.",
			raw:    "ftp://admin:hunter2secret@ghe.example.com/",
			secret: "hunter2secret",
			want:   want{err: errors.New("baseURL must not carry credentials: put them in the credentials Secret")},
		},
		"UserPasswordUnparseable": {
			reason: "An unparseable URL with a password should not echo the password.",
			raw:    "https://admin:hunter2secret@ghe.example.com:port/",
			secret: "hunter2secret",
			want:   want{err: errors.New("baseURL is not a valid URL: use an http(s) URL such as https://ghe.example.com/api/v3/")},
		},
		"TokenAsUser": {
			reason: "A token written as the URL's user should be refused without echoing it.",
			raw:    "https://ghp_userInfoToken@ghe.example.com/",
			secret: "ghp_userInfoToken",
			want:   want{err: errors.New("baseURL must not carry credentials: put them in the credentials Secret")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			u, err := NormalizeBaseURL(tc.raw)
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nNormalizeBaseURL(%q): -want error, +got error:\n%s", tc.reason, tc.raw, diff)
			}
			got := ""
			if u != nil {
				got = u.String()
			}
			if diff := cmp.Diff(tc.want.url, got); diff != "" {
				t.Errorf("\n%s\nNormalizeBaseURL(%q): -want, +got:\n%s", tc.reason, tc.raw, diff)
			}
			if err != nil && tc.secret != "" && strings.Contains(err.Error(), tc.secret) {
				t.Errorf("\n%s\nNormalizeBaseURL(%q): error %q reveals the password", tc.reason, tc.raw, err)
			}
		})
	}
}

func TestNewClientErrors(t *testing.T) {
	badKey := "-----BEGIN RSA PRIVATE KEY-----\nTm90QVJlYWxLZXlCdXRTZWNyZXRNYXRlcmlhbA==\n-----END RSA PRIVATE KEY-----\n"
	type want struct {
		err error
	}
	cases := map[string]struct {
		reason string
		cfg    Config
		secret string
		want   want
	}{
		"NoCredentials": {
			reason: "A config without credentials should be refused.",
			cfg:    Config{},
			want:   want{err: errors.New("no GitHub credentials: set a token or GitHub App keys")},
		},
		"BadBaseURL": {
			reason: "A bad base URL should be refused before any credential is used.",
			cfg:    Config{Credentials: Credentials{Token: "ghp_x"}, BaseURL: "ftp://ghe.example.com"},
			want:   want{err: errors.New(`baseURL "ftp://ghe.example.com" is not an http(s) URL such as https://ghe.example.com/api/v3/`)},
		},
		"BadPrivateKey": {
			reason: "A PEM block that is no RSA key should yield our error, without key material.",
			cfg:    Config{Credentials: Credentials{App: &AppCredentials{AppID: 1, InstallationID: 2, PrivateKey: []byte(badKey)}}},
			secret: "Tm90QVJlYWxLZXlCdXRTZWNyZXRNYXRlcmlhbA",
			want:   want{err: errors.New("cannot use the GitHub App private key: it must be the App's RSA private key in PEM form")},
		},
		"PublicKeyInsteadOfPrivate": {
			reason: "The App's public key is not its private key.",
			cfg:    Config{Credentials: Credentials{App: &AppCredentials{AppID: 1, InstallationID: 2, PrivateKey: []byte(publicPEM(t, testKey(t, 0)))}}},
			secret: strings.Split(publicPEM(t, testKey(t, 0)), "\n")[1],
			want:   want{err: errors.New("cannot use the GitHub App private key: it must be the App's RSA private key in PEM form")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			gh, err := NewClient(tc.cfg, Options{})
			if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
				t.Errorf("\n%s\nNewClient(...): -want error, +got error:\n%s", tc.reason, diff)
			}
			if gh != nil {
				t.Errorf("\n%s\nNewClient(...): got a client with an error", tc.reason)
			}
			if err != nil && tc.secret != "" && strings.Contains(err.Error(), tc.secret) {
				t.Errorf("\n%s\nNewClient(...): error %q reveals key material", tc.reason, err)
			}
		})
	}
}

func TestNewClientToken(t *testing.T) {
	srv, emu := emulatortest.NewServer(t, emulator.Options{})
	ctx := context.Background()

	type want struct {
		login string
		path  string
		// status of GitHub's error answer; 0 for none.
		status int
	}
	cases := map[string]struct {
		reason  string
		baseURL string
		token   string
		want    want
	}{
		"HostOnly": {
			reason:  "A host without a path (127.0.0.1 is no api.* host) is treated as GHES and gets /api/v3/, which the emulator serves.",
			baseURL: srv.URL,
			token:   "demo-token",
			want:    want{login: "demo-user", path: "/api/v3/user"},
		},
		"APIv3": {
			reason:  "An explicit /api/v3 base URL reaches the same API.",
			baseURL: srv.URL + "/api/v3",
			token:   "other-token",
			want:    want{login: "other-user", path: "/api/v3/user"},
		},
		"BadToken": {
			reason:  "An unknown token is GitHub's 401.",
			baseURL: srv.URL,
			token:   "ghp_revokedTokenValue",
			want:    want{path: "/api/v3/user", status: 401},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			before := len(emu.Requests())
			gh, err := NewClient(Config{Credentials: Credentials{Token: tc.token}, BaseURL: tc.baseURL}, testOptions(srv))
			if err != nil {
				t.Fatalf("\n%s\nNewClient(...): %v", tc.reason, err)
			}
			login, err := repos{gh}.GetAuthenticatedLogin(ctx)
			if (err != nil) != (tc.want.status != 0) || statusOf(err) != tc.want.status {
				t.Errorf("\n%s\nGetAuthenticatedLogin(...): error %v, want GitHub's answer %d (0: none)", tc.reason, err, tc.want.status)
			}
			if diff := cmp.Diff(tc.want.login, login); diff != "" {
				t.Errorf("\n%s\nGetAuthenticatedLogin(...): -want, +got:\n%s", tc.reason, diff)
			}
			reqs := emu.Requests()[before:]
			if len(reqs) != 1 || reqs[0].Path != tc.want.path {
				t.Errorf("\n%s\nrequests = %+v, want one to %s", tc.reason, reqs, tc.want.path)
			}
			if err != nil && strings.Contains(err.Error(), tc.token) {
				t.Errorf("\n%s\nerror %q reveals the token", tc.reason, err)
			}
		})
	}
}

func TestNewClientUserAgent(t *testing.T) {
	srv, _ := emulatortest.NewServer(t, emulator.Options{})
	o := testOptions(srv)
	gh, err := NewClient(Config{Credentials: Credentials{Token: "demo-token"}, BaseURL: srv.URL}, o)
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	if diff := cmp.Diff(o.UserAgent, gh.UserAgent); diff != "" {
		t.Errorf("UserAgent: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(srv.URL+"/api/v3/", gh.BaseURL.String()); diff != "" {
		t.Errorf("BaseURL: -want, +got:\n%s", diff)
	}
	if diff := cmp.Diff(srv.URL+"/api/uploads/", gh.UploadURL.String()); diff != "" {
		t.Errorf("UploadURL: -want, +got:\n%s", diff)
	}
}

func TestNewClientGitHubApp(t *testing.T) {
	ctx := context.Background()

	type want struct {
		err      error
		fullName string
		// endpoints the emulator should see, in order.
		endpoints []string
		// login the emulator records for the API call.
		login string
	}
	cases := map[string]struct {
		reason string
		app    AppCredentials
		// wrongKey signs with a key the emulator does not know for the App.
		wrongKey bool
		want     want
	}{
		"Installation": {
			reason: "The client should exchange the App JWT for an installation token and call the API as the installation.",
			app:    AppCredentials{AppID: testAppID, InstallationID: testInstallationID},
			want: want{
				fullName:  "demo-org/seeded",
				endpoints: []string{"POST /app/installations/{installation_id}/access_tokens", "GET /repos/{owner}/{repo}"},
				login:     "installation:777",
			},
		},
		"UnknownInstallation": {
			reason: "An installation the App does not have cannot yield a token; the call fails and is not mistaken for a missing repository.",
			app:    AppCredentials{AppID: testAppID, InstallationID: 999},
			want: want{
				err:       errors.New("any"),
				endpoints: []string{"POST /app/installations/{installation_id}/access_tokens"},
			},
		},
		"WrongKey": {
			reason:   "A key GitHub does not know for the App is refused with 401 at the token exchange, and the key is never echoed.",
			app:      AppCredentials{AppID: testAppID, InstallationID: testInstallationID},
			wrongKey: true,
			want: want{
				err:       errors.New("any"),
				endpoints: []string{"POST /app/installations/{installation_id}/access_tokens"},
			},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: appSeed(t)})
			key := testKeyPEM(t)
			if tc.wrongKey {
				key = otherKeyPEM(t)
			}
			app := tc.app
			app.PrivateKey = []byte(key)
			gh, err := NewClient(Config{Credentials: Credentials{App: &app}, BaseURL: srv.URL}, testOptions(srv))
			if err != nil {
				t.Fatalf("\n%s\nNewClient(...): %v", tc.reason, err)
			}
			repo, err := repos{gh}.Get(ctx, "demo-org", "seeded")
			if (err != nil) != (tc.want.err != nil) {
				t.Fatalf("\n%s\nGet(...): error %v, want error: %t", tc.reason, err, tc.want.err != nil)
			}
			if err != nil {
				if isNotFound(err) {
					t.Errorf("\n%s\nisNotFound(%v) = true: a failed token exchange must not look like a missing repository", tc.reason, err)
				}
				if strings.Contains(err.Error(), strings.Split(key, "\n")[1]) {
					t.Errorf("\n%s\nerror %q reveals the private key", tc.reason, err)
				}
			}
			if diff := cmp.Diff(tc.want.fullName, repo.FullName); diff != "" {
				t.Errorf("\n%s\nGet(...).FullName: -want, +got:\n%s", tc.reason, diff)
			}
			var endpoints []string
			login := ""
			for _, r := range emu.Requests() {
				endpoints = append(endpoints, r.Endpoint)
				if !strings.HasPrefix(r.Path, "/api/v3/") {
					t.Errorf("\n%s\nrequest to %s, want it under /api/v3/", tc.reason, r.Path)
				}
				if r.Endpoint == "GET /repos/{owner}/{repo}" {
					login = r.Login
				}
			}
			if diff := cmp.Diff(tc.want.endpoints, endpoints); diff != "" {
				t.Errorf("\n%s\nendpoints: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.login, login); diff != "" {
				t.Errorf("\n%s\nlogin of the API call: -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

// TestGitHubAppReusesInstallationToken checks that a cached App client asks
// for one installation token and then acts as the installation, creating and
// listing repositories.
func TestGitHubAppReusesInstallationToken(t *testing.T) {
	ctx := context.Background()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: appSeed(t)})
	cache := NewClientCache(testOptions(srv))
	cfg := Config{BaseURL: srv.URL, Credentials: Credentials{App: &AppCredentials{AppID: testAppID, InstallationID: testInstallationID, PrivateKey: []byte(testKeyPEM(t))}}}

	for _, name := range []string{"by-app-1", "by-app-2"} {
		gh, err := cache.Get(cfg)
		if err != nil {
			t.Fatalf("Get(...): %v", err)
		}
		r, err := repos{gh}.Create(ctx, "demo-org", name)
		if err != nil {
			t.Fatalf("Create(%s): %v", name, err)
		}
		if diff := cmp.Diff("demo-org/"+name, r.FullName); diff != "" {
			t.Errorf("Create(...).FullName: -want, +got:\n%s", diff)
		}
	}
	tokens := 0
	for _, r := range emu.Requests() {
		if r.Endpoint == "POST /app/installations/{installation_id}/access_tokens" {
			tokens++
		} else if r.Login != "installation:777" {
			t.Errorf("%s %s made as %q, want installation:777", r.Method, r.Path, r.Login)
		}
	}
	if tokens != 1 {
		t.Errorf("installation tokens requested: %d, want 1", tokens)
	}
	if _, ok := emu.State().RepoByName("demo-org", "by-app-2"); !ok {
		t.Errorf("demo-org/by-app-2 does not exist in the emulator")
	}
}

func TestClientCache(t *testing.T) {
	tokenA := Config{Credentials: Credentials{Token: "ghp_A"}}
	tokenB := Config{Credentials: Credentials{Token: "ghp_B"}}
	tokenAGHES := Config{Credentials: Credentials{Token: "ghp_A"}, BaseURL: "https://ghe.example.com"}
	app := func(appID, installationID int64, key string) Config {
		return Config{Credentials: Credentials{App: &AppCredentials{AppID: appID, InstallationID: installationID, PrivateKey: []byte(key)}}}
	}
	k0, k1 := testKeyPEM(t), otherKeyPEM(t)

	type want struct {
		same bool
		len  int
	}
	cases := map[string]struct {
		reason string
		first  Config
		second Config
		want   want
	}{
		"SameToken": {
			reason: "The same config should yield the same client.",
			first:  tokenA, second: Config{Credentials: Credentials{Token: "ghp_A"}},
			want: want{same: true, len: 1},
		},
		"DifferentToken": {
			reason: "A different token should yield a different client.",
			first:  tokenA, second: tokenB,
			want: want{same: false, len: 2},
		},
		"DifferentBaseURL": {
			reason: "The same token on another GitHub should yield a different client.",
			first:  tokenA, second: tokenAGHES,
			want: want{same: false, len: 2},
		},
		"SameApp": {
			reason: "The same App installation should share one client (and one installation token).",
			first:  app(1, 2, k0), second: app(1, 2, k0),
			want: want{same: true, len: 1},
		},
		"DifferentInstallation": {
			reason: "Another installation of the same App should yield a different client.",
			first:  app(1, 2, k0), second: app(1, 3, k0),
			want: want{same: false, len: 2},
		},
		"SwappedIDs": {
			reason: "Swapping app and installation ids should not collide.",
			first:  app(2, 3, k0), second: app(3, 2, k0),
			want: want{same: false, len: 2},
		},
		"RotatedKey": {
			reason: "A rotated App key should yield a new client.",
			first:  app(1, 2, k0), second: app(1, 2, k1),
			want: want{same: false, len: 2},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := NewClientCache(Options{})
			a, err := c.Get(tc.first)
			if err != nil {
				t.Fatalf("\n%s\nGet(first): %v", tc.reason, err)
			}
			b, err := c.Get(tc.second)
			if err != nil {
				t.Fatalf("\n%s\nGet(second): %v", tc.reason, err)
			}
			if diff := cmp.Diff(tc.want.same, a == b); diff != "" {
				t.Errorf("\n%s\nsame client: -want, +got:\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want.len, c.Len()); diff != "" {
				t.Errorf("\n%s\nLen(): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestClientCacheErrorsAreNotCached(t *testing.T) {
	c := NewClientCache(Options{})
	want := errors.New("no GitHub credentials: set a token or GitHub App keys")
	for i := 0; i < 2; i++ {
		gh, err := c.Get(Config{})
		if diff := cmp.Diff(want, err, test.EquateErrors()); diff != "" {
			t.Errorf("Get(no credentials) #%d: -want error, +got error:\n%s", i, diff)
		}
		if gh != nil {
			t.Errorf("Get(no credentials) #%d: got a client", i)
		}
	}
	if diff := cmp.Diff(0, c.Len()); diff != "" {
		t.Errorf("Len(): -want, +got:\n%s", diff)
	}
}

func TestClientCacheEviction(t *testing.T) {
	c := NewClientCache(Options{MaxClients: 3})
	cfg := func(i int) Config { return Config{Credentials: Credentials{Token: "ghp_" + strings.Repeat("x", i+1)}} }
	get := func(i int) any {
		t.Helper()
		gh, err := c.Get(cfg(i))
		if err != nil {
			t.Fatalf("Get(%d): %v", i, err)
		}
		return gh
	}
	first := make([]any, 3)
	for i := range first {
		first[i] = get(i)
		time.Sleep(time.Millisecond) // distinct lastUsed times
	}
	// Use 0 again so 1 is now the least recently used.
	if get(0) != first[0] {
		t.Errorf("Get(0) built a new client while 0 was cached")
	}
	time.Sleep(time.Millisecond)
	for i := 3; i < 10; i++ {
		get(i)
		if c.Len() > 3 {
			t.Fatalf("Len() = %d after %d configs, want at most MaxClients 3", c.Len(), i+1)
		}
		if i == 3 {
			// 1 was the least recently used and should be gone; 0 and 2 stay.
			if get(0) != first[0] {
				t.Errorf("client 0, recently used, was evicted")
			}
			if get(2) != first[2] {
				t.Errorf("client 2 was evicted before the least recently used 1")
			}
		}
		time.Sleep(time.Millisecond)
	}
	if diff := cmp.Diff(3, c.Len()); diff != "" {
		t.Errorf("Len(): -want, +got:\n%s", diff)
	}
	if get(1) == first[1] {
		t.Errorf("client 1 survived eviction")
	}
}

// A rotated Secret: the source gets a client of its new credentials and the
// client of its old ones is dropped at once, unless another source still
// uses them.
func TestClientCacheDropsRotatedCredentials(t *testing.T) {
	type get struct {
		source, token string
	}
	cases := map[string]struct {
		reason  string
		gets    []get
		want    int  // clients cached at the end
		oldKept bool // token "a"'s client is still the first one built
	}{
		"Rotated": {
			reason: "A source whose token changed drops the old token's client.",
			gets:   []get{{"pc", "a"}, {"pc", "b"}},
			want:   1,
		},
		"RotatedBackAndForth": {
			reason: "Rotating back builds a new client for the first token: its old one was dropped.",
			gets:   []get{{"pc", "a"}, {"pc", "b"}, {"pc", "a"}},
			want:   1,
		},
		"SharedByAnotherSource": {
			reason: "A token another source still uses keeps its client.",
			gets:   []get{{"pc", "a"}, {"other", "a"}, {"pc", "b"}},
			want:   2, oldKept: true,
		},
		"BothSourcesRotated": {
			reason: "The old client goes once the last source using it has moved on.",
			gets:   []get{{"pc", "a"}, {"other", "a"}, {"pc", "b"}, {"other", "b"}},
			want:   1,
		},
		"Unchanged": {
			reason: "Reconciles with the same credentials keep the one client.",
			gets:   []get{{"pc", "a"}, {"pc", "a"}, {"other", "a"}, {"pc", "a"}},
			want:   1, oldKept: true,
		},
		"NoSource": {
			reason: "Without a source nothing tells a rotation apart: clients stay until evicted.",
			gets:   []get{{"", "a"}, {"", "b"}},
			want:   2, oldKept: true,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := NewClientCache(Options{})
			var first any
			for i, g := range tc.gets {
				gh, err := c.Get(Config{Credentials: Credentials{Token: g.token}, Source: g.source})
				if err != nil {
					t.Fatalf("Get %d: %v", i, err)
				}
				if i == 0 {
					first = gh
				}
			}
			if diff := cmp.Diff(tc.want, c.Len()); diff != "" {
				t.Errorf("\n%s\nLen(): -want, +got:\n%s", tc.reason, diff)
			}
			again, err := c.Get(Config{Credentials: Credentials{Token: "a"}, Source: "check"})
			if err != nil {
				t.Fatal(err)
			}
			if kept := again == first; kept != tc.oldKept {
				t.Errorf("\n%s\nthe first client of token a kept: %t, want %t", tc.reason, kept, tc.oldKept)
			}
		})
	}
}

func TestClientCacheConcurrent(t *testing.T) {
	c := NewClientCache(Options{})
	cfg := Config{Credentials: Credentials{Token: "ghp_concurrent"}}
	var wg sync.WaitGroup
	got := make([]any, 16)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gh, err := c.Get(cfg)
			if err != nil {
				t.Errorf("Get(...): %v", err)
			}
			got[i] = gh
		}()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatalf("goroutine %d got a different client", i)
		}
	}
	if diff := cmp.Diff(1, c.Len()); diff != "" {
		t.Errorf("Len(): -want, +got:\n%s", diff)
	}
}
