package transport

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	gogithub "github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// The tests that send requests through a whole client send what package
// github's API areas send (that package imports this one, so its tests
// cannot use it): these are the routes they read, declared as the areas
// declare them, and repos sends their requests.

// accountFreshFor is how long package github's users area declares an
// account's answer fresh.
const accountFreshFor = 10 * time.Minute

var (
	_ = Declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional, FullRead: true})
	_ = Declare(Route{Method: http.MethodPost, Template: "/user/repos",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	_ = Declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/repos",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	_ = Declare(Route{Method: http.MethodPost, Template: "/repos/{template_owner}/{template_repo}/generate",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	_ = Declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	_ = Declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/topics",
		Permission: "Administration: write", Scope: "repo"})
	_ = Declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/vulnerability-alerts",
		Permission: "Administration: read", Scope: "repo"})
	_ = Declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/branches/{branch}",
		Permission: "Contents: read", Scope: "repo", Cache: CacheConditional})
	_ = Declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/git/ref/{ref}",
		Permission: "Contents: read", Scope: "repo"})
	_ = Declare(Route{Method: http.MethodGet, Template: "/users/{username}",
		Cache: CacheConditional, FreshFor: accountFreshFor})
	_ = Declare(Route{Method: http.MethodGet, Template: "/user", Cache: CacheConditional})
)

// repository is what the tests look at of GitHub's repository.
type repository struct {
	FullName         string   `json:"full_name"`
	Description      *string  `json:"description,omitempty"`
	AllowSquashMerge *bool    `json:"allow_squash_merge,omitempty"`
	Topics           []string `json:"topics,omitempty"`
}

// repos reads and writes repositories, and reads accounts, through one
// client, as package github's areas do.
type repos struct{ gh *gogithub.Client }

// do sends method to path, asking for every field, with body, and decodes
// the answer into out.
func (r repos) do(ctx context.Context, method, path string, body, out any) error {
	req, err := r.gh.NewRequest(method, path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", DefaultAccept)
	_, err = r.gh.Do(ctx, req, out)
	return err
}

// Get reads owner/name.
func (r repos) Get(ctx context.Context, owner, name string) (*repository, error) {
	out := &repository{}
	err := r.do(ctx, http.MethodGet, "repos/"+owner+"/"+name, nil, out)
	return out, err
}

// Edit changes the fields of owner/name that edit names.
func (r repos) Edit(ctx context.Context, owner, name string, edit map[string]any) (*repository, error) {
	out := &repository{}
	err := r.do(ctx, http.MethodPatch, "repos/"+owner+"/"+name, edit, out)
	return out, err
}

// Create creates the repository name in org.
func (r repos) Create(ctx context.Context, org, name string) (*repository, error) {
	out := &repository{}
	err := r.do(ctx, http.MethodPost, "orgs/"+org+"/repos", map[string]string{"name": name}, out)
	return out, err
}

// ReplaceTopics sets the topics of owner/name.
func (r repos) ReplaceTopics(ctx context.Context, owner, name string, topics []string) error {
	return r.do(ctx, http.MethodPut, "repos/"+owner+"/"+name+"/topics", map[string][]string{"names": topics}, &struct{}{})
}

// VulnerabilityAlerts tells whether owner/name has vulnerability alerts on
// (GitHub answers 204, or 404 when they are off).
func (r repos) VulnerabilityAlerts(ctx context.Context, owner, name string) (bool, error) {
	err := r.do(ctx, http.MethodGet, "repos/"+owner+"/"+name+"/vulnerability-alerts", nil, nil)
	if isNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// GetAuthenticatedLogin is the login of the client's credentials.
func (r repos) GetAuthenticatedLogin(ctx context.Context) (string, error) {
	var out struct {
		Login string `json:"login"`
	}
	err := r.do(ctx, http.MethodGet, "user", nil, &out)
	return out.Login, err
}

// statusOf is the status of GitHub's answer err, or 0 when err is none.
func statusOf(err error) int {
	var er *gogithub.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		return er.Response.StatusCode
	}
	return 0
}

// isNotFound is true when GitHub answered 404.
func isNotFound(err error) bool { return statusOf(err) == http.StatusNotFound }

// repoSeed is the default seed plus a few repositories.
func repoSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Repos = append(s.Repos,
		emulator.SeedRepo{Owner: "demo-org", Name: "seeded", Description: "seeded repository", Branches: []string{"main", "dev"}},
		emulator.SeedRepo{Owner: "demo-org", Name: "private-one", Visibility: "private", Branches: []string{"main"}},
		emulator.SeedRepo{Owner: "demo-user", Name: "personal", Branches: []string{"trunk"}},
	)
	return s
}

// reposFor is repos through a new client of token on baseURL.
func reposFor(t *testing.T, baseURL, token string, o Options) repos {
	t.Helper()
	gh, err := NewClient(Config{Credentials: Credentials{Token: token}, BaseURL: baseURL}, o)
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return repos{gh}
}

func testOptionsURL(tr http.RoundTripper) Options {
	return Options{UserAgent: "provider-github-test", Transport: tr}
}

// frozen is an emulator whose clock stands still, so that an out-of-band
// change does not move updated_at (and with it the ETag).
func frozen(t *testing.T) (repos, *emulator.Server) {
	t.Helper()
	now := time.Now()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: repoSeed(), Now: func() time.Time { return now }})
	// Bring updated_at to the frozen now.
	if err := emu.State().SetField("demo-org", "seeded", "description", "seeded repository"); err != nil {
		t.Fatal(err)
	}
	return reposFor(t, srv.URL, "demo-token", testOptionsURL(srv.Client().Transport)), emu
}
