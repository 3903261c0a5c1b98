// Package convergetest runs a kind's mapping against an in-process GitHub
// emulator, for the fuzz tests that check that what a spec asks for, once
// sent through our GitHub client, reads back as converged. Every exchange
// is checked against GitHub's OpenAPI description (emulatortest). Tests
// only: production code never imports the emulator.
package convergetest

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	gogithub "github.com/google/go-github/v37/github"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/internal/admission"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/emulator/emulatortest"
)

// The repository every fuzz input works in, its default branch, and the
// members and team of its organization (reviewers, say).
const (
	Owner         = "demo-org"
	Repo          = "fuzz"
	DefaultBranch = "main"
	OtherBranch   = "release/v1"
	Admin         = "demo-user"
	Member        = "fuzz-member"
	Outsider      = "other-user"
	Team          = "fuzzers"
)

// Seed is the emulator's default seed plus the repository, a member and a
// team the fuzz tests use.
func Seed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: Member, Name: "Fuzz Member"})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: Member, Role: "member"})
	s.Teams = append(s.Teams, emulator.SeedTeam{Org: Owner, Name: Team, Privacy: "closed", Members: []emulator.SeedTeamMember{{Login: Member}}})
	s.Repos = append(s.Repos, emulator.SeedRepo{Owner: Owner, Name: Repo, Branches: []string{DefaultBranch, OtherBranch}})
	return s
}

// Target names the fuzz repository, as a spec does.
func Target() common.RepositoryTarget {
	return common.RepositoryTarget{Owner: ptr.To(Owner), Repository: ptr.To(Repo)}
}

// Start starts a contract-checked emulator with Seed for the test (one
// fuzz input) and returns our GitHub client on it, authenticated as the
// organization's admin, and the emulator.
func Start(t testing.TB) (*gogithub.Client, *emulator.Server) {
	t.Helper()
	srv, emu := emulatortest.NewServer(t, emulator.Options{Seed: Seed()})
	gh, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: "demo-token"}, BaseURL: srv.URL},
		transport.Options{UserAgent: "provider-github-fuzz", Transport: srv.Client().Transport})
	if err != nil {
		t.Fatalf("NewClient(...): %v", err)
	}
	return gh, emu
}

// Refused tells whether err is GitHub refusing the request as invalid (422
// or 400), worded by our client for a person, and fails the test when err
// is anything else: an error that is not GitHub's answer, another status,
// or a message that does not say what GitHub answered.
func Refused(t testing.TB, what string, err error) bool {
	t.Helper()
	if err == nil {
		return false
	}
	var ge *github.Error
	if !errors.As(err, &ge) {
		t.Fatalf("%s: %v: want nil or GitHub's refusal worded by github.Explain", what, err)
	}
	if ge.Status != http.StatusUnprocessableEntity && ge.Status != http.StatusBadRequest {
		t.Fatalf("%s: GitHub answered %d: %v; want success, or a 422/400 refusal", what, ge.Status, err)
	}
	msg := ge.Error()
	if !strings.Contains(msg, "GitHub") || strings.Contains(msg, "%!") {
		t.Fatalf("%s: the refusal is not worded: %q", what, msg)
	}
	return true
}

// RefusedAsExpected is Refused, and fails the test when GitHub refused
// although expected says it has no reason to: a spec the CRD admits that
// GitHub refuses for no reason a user could see is a bug of the mapping
// or of the emulator.
func RefusedAsExpected(t testing.TB, what string, err error, expected bool) bool {
	t.Helper()
	if !Refused(t, what, err) {
		return false
	}
	if !expected {
		t.Fatalf("%s: GitHub refused a request it has no reason to refuse: %v", what, err)
	}
	return true
}

// Schema loads the schema of spec.forProvider of the CRD package/crds/file,
// for Admit.
func Schema(f *testing.F, file string) *admission.Schema {
	f.Helper()
	s, err := admission.Load(file)
	if err != nil {
		f.Fatalf("admission.Load(%s): %v", file, err)
	}
	return s
}

// Admit is spec as the API server would keep it, its defaults applied, or
// nil when the API server would refuse it (the CRD's schema and CEL rules
// of a create): so that a fuzz test explores what a user could apply.
func Admit[T any](t testing.TB, s *admission.Schema, spec *T) *T {
	t.Helper()
	return admission.As[T](t, s, spec)
}
