package importer

import (
	"context"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-github/v37/github"

	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// testSeed is an organisation acme whose admin's token is admin-token,
// with a repository api; tests add what they import through the client.
const testSeed = `
users:
  - {login: admin, tokens: [admin-token]}
  - {login: octocat, tokens: [octocat-token]}
orgs:
  - login: acme
    members: [{login: admin, role: admin}]
repos:
  - {owner: acme, name: api, branches: [main, release]}
`

// newTestSession starts an emulator (every exchange checked against
// GitHub's description) holding seed, or testSeed when seed is empty, and
// returns a session importing acme, as its admin, with the kinds named
// (and every repository of acme counted as imported). Its GitHub client
// also serves the test's writes.
func newTestSession(t *testing.T, seed string, kinds ...string) *Session {
	t.Helper()
	s, _ := newTestSessionOn(t, seed, kinds...)
	return s
}

// newTestSessionOn is newTestSession, with the emulator it reads.
func newTestSessionOn(t *testing.T, seed string, kinds ...string) (*Session, *emulator.Server) {
	t.Helper()
	if seed == "" {
		seed = testSeed
	}
	s, err := emulator.ParseSeed([]byte(seed))
	if err != nil {
		t.Fatal(err)
	}
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: s})
	client, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "admin-token"}, BaseURL: srv.URL},
		transport.Options{Transport: srv.Client().Transport, NoFullReads: true})
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Owner: "acme", Scope: Namespaced, Namespace: "default", ProviderConfigKind: "ClusterProviderConfig", Mode: Observe, Concurrency: 1}
	sess := &Session{GitHub: client, Options: o, kinds: map[string]bool{}, repos: map[string]bool{"api": true}}
	for _, k := range kinds {
		sess.kinds[k] = true
	}
	return sess, emu
}

// testRepo reads the repository acme/name as the import does.
func testRepo(t *testing.T, client *github.Client, name string) *Repo {
	t.Helper()
	res, err := importRepositoryRead(context.Background(), client, "acme", name)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// xpv2Ref is a reference to the resource named name.
func xpv2Ref(name string) xpv2.Reference { return xpv2.Reference{Name: name} }
