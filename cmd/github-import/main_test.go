package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
	"github.com/crossplane-github/provider-github/internal/importer"
)

const seed = `
users:
  - {login: admin, tokens: [admin-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
repos:
  - {owner: acme, name: api, description: The API, topics: [go, api]}
  - {owner: acme, name: my.repo, visibility: private}
  - {owner: acme, name: old, archived: true}
teams:
  - {org: acme, name: Platform, privacy: closed}
  - {org: acme, name: SRE, parent: platform}
`

// counting counts the requests that reach the emulator, and its writes.
type counting struct {
	next            http.RoundTripper
	requests, write atomic.Int64
}

func (c *counting) RoundTrip(r *http.Request) (*http.Response, error) {
	c.requests.Add(1)
	if r.Method != http.MethodGet {
		c.write.Add(1)
	}
	return c.next.RoundTrip(r)
}

// harness runs github-import against an emulator holding seed.
type harness struct {
	t    *testing.T
	url  string
	base *counting
}

func newHarness(t *testing.T, mods ...func(*emulator.Seed)) *harness {
	t.Helper()
	s, err := emulator.ParseSeed([]byte(seed))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		m(s)
	}
	srv, _ := emulatortest.NewServer(t, emulator.Options{Seed: s})
	return &harness{t: t, url: srv.URL, base: &counting{next: srv.Client().Transport}}
}

func (im *harness) run(ctx context.Context, env map[string]string, args ...string) (stdout, stderr string, err error) {
	var out, errOut bytes.Buffer
	getenv := func(k string) string { return env[k] }
	err = run(ctx, append([]string{"--owner", "acme", "--base-url", im.url}, args...), getenv, &out, &errOut, false, im.base)
	return out.String(), errOut.String(), err
}

var token = map[string]string{"GITHUB_TOKEN": "admin-token"}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestImport(t *testing.T) {
	im := newHarness(t)
	out := filepath.Join(t.TempDir(), "acme")
	stdout, stderr, err := im.run(context.Background(), token, "--out", out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "Wrote 34 resources of acme") {
		t.Errorf("stdout = %q, want 34 resources (3 repositories with 9 labels each, 2 teams, the owner's membership, the organization's settings)", stdout)
	}
	if w := im.base.write.Load(); w != 0 {
		t.Errorf("%d writes reached GitHub, want none", w)
	}

	team := read(t, filepath.Join(out, "organization", "team.sre.yaml"))
	for _, want := range []string{"kind: Team", "crossplane.io/external-name: sre", "parentTeamRef:\n      name: team.platform", "- Observe"} {
		if !strings.Contains(team, want) {
			t.Errorf("team.sre.yaml lacks %q:\n%s", want, team)
		}
	}
	dotted := importer.RepositoryName("my.repo")
	label := read(t, filepath.Join(out, "repositories", dotted, dotted+".issuelabel.bug.yaml"))
	if !strings.Contains(label, "repositoryRef:\n      name: "+dotted) {
		t.Errorf("the label of my.repo does not refer to its Repository %s:\n%s", dotted, label)
	}
	repo := read(t, filepath.Join(out, "repositories", dotted, dotted+".yaml"))
	if !strings.Contains(repo, "name: my.repo") || !strings.Contains(repo, "crossplane.io/external-name: my.repo") {
		t.Errorf("Repository of my.repo:\n%s", repo)
	}
	kust := read(t, filepath.Join(out, "kustomization.yaml"))
	if n := strings.Count(kust, "\n- "); n != 34 {
		t.Errorf("kustomization.yaml lists %d files, want 34:\n%s", n, kust)
	}
	member := read(t, filepath.Join(out, "organization", "membership.admin.yaml"))
	for _, want := range []string{"kind: Membership", "crossplane.io/external-name: admin", "user: admin", "role: admin"} {
		if !strings.Contains(member, want) {
			t.Errorf("membership.admin.yaml lacks %q:\n%s", want, member)
		}
	}

	// Again, unchanged: nothing changes.
	stdout, _, err = im.run(context.Background(), token, "--out", out)
	if err != nil || !strings.Contains(stdout, "(0 changed, 0 removed)") {
		t.Errorf("second import: %v, %q; want 0 changed, 0 removed", err, stdout)
	}

	// Without the archived repository: its files go.
	stdout, _, err = im.run(context.Background(), token, "--out", out, "--exclude-archived")
	if err != nil || !strings.Contains(stdout, "Wrote 24 resources") || !strings.Contains(stdout, "10 removed") {
		t.Errorf("import without archived: %v, %q; want 24 resources, 10 removed", err, stdout)
	}
	if _, err := os.Stat(filepath.Join(out, "repositories", "old")); !os.IsNotExist(err) {
		t.Errorf("the folder of the archived repository is still there: %v", err)
	}
}

func TestImportRefusals(t *testing.T) {
	im := newHarness(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		env  map[string]string
		args []string
		want string
	}{
		"no credentials":          {args: []string{"--out", t.TempDir()}, want: "no credentials: set GITHUB_TOKEN"},
		"a folder of other files": {env: token, args: []string{"--out", dir}, want: "holds files github-import did not write"},
		"an unknown kind":         {env: token, args: []string{"--kinds", "Repo"}, want: `"Repo" is not a kind this provider manages`},
		"a bad mode":              {env: token, args: []string{"--mode", "sync"}, want: "--mode must be observe or manage"},
		"a bad token":             {env: map[string]string{"GITHUB_TOKEN": "not-a-token"}, args: []string{"--out", t.TempDir()}, want: "401"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, _, err := im.run(context.Background(), tc.env, tc.args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run: %v, want an error saying %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "not-a-token") || strings.Contains(err.Error(), "admin-token") {
				t.Errorf("the error shows the token: %v", err)
			}
		})
	}
}

// An import interrupted before it ends writes nothing.
func TestImportInterrupted(t *testing.T) {
	im := newHarness(t)
	out := filepath.Join(t.TempDir(), "acme")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := im.run(ctx, token, "--out", out)
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("run: %v, want interrupted", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the interrupted import wrote %s: %v", out, err)
	}
}

// docs/importing.md describes every flag.
func TestFlagsDocumented(t *testing.T) {
	doc := read(t, filepath.Join("..", "..", "docs", "importing.md"))
	var c config
	fs := newFlagSet(&c, &rawFlags{}, func(string) string { return "" }, io.Discard)
	fs.VisitAll(func(f *flag.Flag) {
		if f.Name != "version" && !strings.Contains(doc, "`--"+f.Name+"`") {
			t.Errorf("docs/importing.md does not describe --%s", f.Name)
		}
	})
}

// A prefix starts every name, the names references use included.
func TestImportNamePrefix(t *testing.T) {
	im := newHarness(t)
	out := filepath.Join(t.TempDir(), "acme")
	if _, stderr, err := im.run(context.Background(), token, "--out", out, "--scope", "cluster", "--name-prefix", "acme-"); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	team := read(t, filepath.Join(out, "organization", "team.sre.yaml"))
	for _, want := range []string{"name: acme-team.sre\n", "parentTeamRef:\n      name: acme-team.platform", "apiVersion: org.github.crossplane.io/v1alpha1"} {
		if !strings.Contains(team, want) {
			t.Errorf("team.sre.yaml lacks %q:\n%s", want, team)
		}
	}
	label := read(t, filepath.Join(out, "repositories", "api", "api.issuelabel.bug.yaml"))
	if !strings.Contains(label, "repositoryRef:\n      name: acme-api") {
		t.Errorf("the label does not refer to acme-api:\n%s", label)
	}
	if _, _, err := im.run(context.Background(), token, "--out", t.TempDir(), "--name-prefix", "Acme_"); err == nil || !strings.Contains(err.Error(), "cannot start a Kubernetes name") {
		t.Errorf("--name-prefix Acme_: %v, want it refused", err)
	}
}

// An App installation that may read repositories but not administer
// them: the repositories are imported without whether their Dependabot
// alerts are on (a note says why); their webhooks, which GitHub shows to
// admins only, fail with the permission they need named; the rest is
// written, and the import fails.
func TestImportAsAppWithoutAPermission(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	im := newHarness(t, func(s *emulator.Seed) {
		s.Apps = append(s.Apps, emulator.SeedApp{ID: 4242, Slug: "importer", PublicKeyPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})),
			Installations: []emulator.SeedInstallation{{ID: 4343, Account: "acme", Permissions: map[string]string{"metadata": "read", "administration": "read"}}}})
	})
	privatePEM := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	creds, _ := json.Marshal(map[string]string{"appId": "4242", "installationId": "4343", "privateKey": privatePEM})
	file := filepath.Join(t.TempDir(), "app.json")
	if err := os.WriteFile(file, creds, 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "acme")
	stdout, stderr, err := im.run(context.Background(), nil, "--out", out, "--credentials-file", file, "--kinds", "Repository,Webhook")
	if err == nil || !strings.Contains(err.Error(), "3 reads failed") {
		t.Fatalf("run: %v, want 3 reads failed (the webhooks of 3 repositories)", err)
	}
	if !strings.Contains(stderr, "Webhook of acme/api") || !strings.Contains(stderr, "needs Webhooks: read") {
		t.Errorf("stderr does not say that the webhooks of acme/api need Webhooks: read:\n%s", stderr)
	}
	if !strings.Contains(stdout, "Wrote 3 resources") {
		t.Errorf("stdout = %q, want the 3 Repositories written", stdout)
	}
	if repo := read(t, filepath.Join(out, "repositories", "api", "api.yaml")); !strings.Contains(repo, "# Whether Dependabot alerts are on could not be read") {
		t.Errorf("api.yaml does not say why vulnerabilityAlerts is left out:\n%s", repo)
	}
	if strings.Contains(stderr+stdout+err.Error(), "PRIVATE KEY") {
		t.Error("the private key shows in the output")
	}
}

// --sets writes each repository's labels as one authoritative IssueLabels
// instead of an IssueLabel per label; without it nothing changes.
func TestImportSets(t *testing.T) {
	im := newHarness(t)
	out := filepath.Join(t.TempDir(), "acme")
	if _, stderr, err := im.run(context.Background(), token, "--out", out, "--sets"); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr)
	}
	set := read(t, filepath.Join(out, "repositories", "api", "api.issuelabels.yaml"))
	for _, want := range []string{"kind: IssueLabels\n", "mode: authoritative\n", "name: bug\n", "crossplane.io/external-name: acme/api\n"} {
		if !strings.Contains(set, want) {
			t.Errorf("api.issuelabels.yaml lacks %q:\n%s", want, set)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "repositories", "api", "api.issuelabel.bug.yaml")); !os.IsNotExist(err) {
		t.Errorf("with --sets an IssueLabel was written too: %v", err)
	}
}
