package integration

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-github/v37/github"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/transport"
	"github.com/crossplane-github/provider-github/internal/emulator"
	"github.com/crossplane-github/provider-github/internal/importer"
	"github.com/crossplane-github/provider-github/internal/importer/importtest"
)

// importOrg is the organisation the import test fills: 200 repositories,
// the first four with objects of every kind.
var importOrg = importtest.Org{Owner: owner, Repos: 200, Rich: 4, Member: "member-user", Outsider: "outside-user", DropDefaultLabels: true}

// An organisation of 200 repositories with objects of every kind is
// imported and applied. Observed (namespaced), every resource is Ready
// (a pending invitation says so) and GitHub sees no write at all; under
// full management (cluster-scoped, the four repositories with every kind,
// the listed Secrets created), GitHub sees no write but the secret values
// (GitHub never shows one), once. A second import of the unchanged
// organisation changes no file. The managed import takes each
// repository's labels as one IssueLabels (--sets), so between them the two
// imports make every kind.
func TestImport(t *testing.T) {
	t.Parallel()
	seed := emulator.DefaultSeed()
	importOrg.Users(seed)
	// Filling and importing take more than GitHub's 5,000 requests an hour.
	f := newFixtureWith(t, emulator.Options{Seed: seed, RateLimit: 1 << 20})
	client := f.githubClient()
	made, err := importtest.Fill(f.ctx, client, importOrg)
	f.must(err)

	observe := importer.Options{Owner: owner, Scope: importer.Namespaced, Namespace: f.ns, ProviderConfig: "github",
		ProviderConfigKind: "ProviderConfig", Mode: importer.Observe, Files: []string{"CODEOWNERS"}, Concurrency: 4}
	dir := filepath.Join(t.TempDir(), "observe")
	res := f.importInto(client, observe, dir)
	counts := map[string]int{}
	for _, r := range res.Resources {
		counts[r.Kind]++
	}
	for kind, n := range made {
		if counts[kind] != n {
			t.Errorf("imported %d %s, want the %d Fill made", counts[kind], kind, n)
		}
	}
	checkImportedReviewers(t, res)
	// A second import of the unchanged organisation changes nothing.
	w, err := importer.Write(dir, f.importOnly(client, observe), observe)
	f.must(err)
	if w.Changed != 0 || w.Removed != 0 {
		t.Errorf("a second import changed %d files and removed %d, want none", w.Changed, w.Removed)
	}

	before := f.writes()
	mgs := f.applyImport(dir)
	f.waitImported(mgs)
	f.steady("observed", before, nil)

	// GitHub shows an organisation's interaction limit in each of its
	// repositories in place of theirs: the second import sees the
	// organisation's.
	limited, err := importtest.LimitOrganization(f.ctx, client, importOrg)
	f.must(err)

	// Fully managed, cluster-scoped: the rich repositories.
	manage := observe
	manage.Scope, manage.Mode, manage.ProviderConfig, manage.NamePrefix = importer.Cluster, importer.Manage, f.legacyName("github"), f.ns+"-"
	manage.Repos = []string{"svc-00[0-3]"}
	// With --sets: each repository's labels as one authoritative IssueLabels.
	manage.Sets = true
	dir = filepath.Join(t.TempDir(), "manage")
	res = f.importInto(client, manage, dir)
	for _, r := range res.Resources {
		counts[r.Kind]++
	}
	for kind, n := range limited {
		if c := countKind(res, kind); c != n {
			t.Errorf("the managed import has %d %s, want the %d made", c, kind, n)
		}
	}
	if len(counts) != len(importer.Kinds) {
		t.Errorf("the two imports made %d kinds, want every one of the %d: %v", len(counts), len(importer.Kinds), counts)
	}
	secrets := 0
	for _, r := range res.Resources {
		for _, s := range r.Secrets {
			f.secret(s.Name, map[string][]byte{s.Key: []byte("a value the user chose")})
			secrets++
		}
	}
	if secrets == 0 {
		t.Fatal("the managed import lists no Secret to create; want one per secret and per webhook secret")
	}
	before = f.writes()
	mgs = f.applyImport(dir)
	f.waitImported(mgs)
	f.steady("managed", before, func(endpoint string) bool {
		return strings.Contains(endpoint, "/secrets/{secret_name}") || endpoint == "PATCH /repos/{owner}/{repo}/hooks/{hook_id}" ||
			endpoint == "PATCH /orgs/{org}/hooks/{hook_id}"
	})
}

// countKind is how many of res's resources are of kind.
func countKind(res *importer.Result, kind string) int {
	n := 0
	for _, r := range res.Resources {
		if r.Kind == kind {
			n++
		}
	}
	return n
}

// githubClient is a go-github client of the fixture's emulator, as
// demo-user (an admin of demo-org).
func (f *fixture) githubClient() *github.Client {
	f.t.Helper()
	c, err := transport.NewClient(transport.Config{Credentials: transport.Credentials{Token: goodToken}, BaseURL: f.srv.URL + "/api/v3/"},
		transport.Options{Transport: f.srv.Client().Transport, NoFullReads: true})
	f.must(err)
	return c
}

// importOnly reads the organisation as o says.
func (f *fixture) importOnly(client *github.Client, o importer.Options) *importer.Result {
	f.t.Helper()
	res, err := importer.Import(f.ctx, client, o, importer.Kinds, importer.Silent{})
	f.must(err)
	if len(res.Errors) > 0 {
		f.t.Fatalf("the import failed %d reads, e.g. %v", len(res.Errors), res.Errors[:min(3, len(res.Errors))])
	}
	return res
}

// importInto imports as o says into dir.
func (f *fixture) importInto(client *github.Client, o importer.Options, dir string) *importer.Result {
	f.t.Helper()
	res := f.importOnly(client, o)
	_, err := importer.Write(dir, res, o)
	f.must(err)
	return res
}

// applyImport creates every resource kustomization.yaml of dir lists.
func (f *fixture) applyImport(dir string) []resource.Managed {
	f.t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "kustomization.yaml"))
	f.must(err)
	decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
	var out []resource.Managed
	for _, line := range strings.Split(string(raw), "\n") {
		file, ok := strings.CutPrefix(line, "- ")
		if !ok {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, file))
		f.must(err)
		obj, _, err := decoder.Decode(b, nil, nil)
		if err != nil {
			f.t.Fatalf("%s: %v", file, err)
		}
		mg, ok := obj.(resource.Managed)
		if !ok {
			f.t.Fatalf("%s: %T is not a managed resource", file, obj)
		}
		if err := kube.Create(f.ctx, mg); err != nil {
			f.t.Fatalf("%s: %v", file, err)
		}
		if mg.GetNamespace() == "" {
			f.t.Cleanup(func() { forceDelete(context.Background(), mg) })
		}
		out = append(out, mg)
	}
	return out
}

// waitImported waits for every resource of mgs to be Synced and Ready; a
// Collaborator whose user has not accepted the invitation yet says so
// instead of Ready.
func (f *fixture) waitImported(mgs []resource.Managed) {
	f.t.Helper()
	f.within(3*time.Minute, fmt.Sprintf("%d imported resources Ready", len(mgs)), func() string {
		var waiting []string
		for _, mg := range mgs {
			got := fresh(mg)
			if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), got); err != nil {
				return err.Error()
			}
			ready, synced := got.GetCondition(xpv2.TypeReady), got.GetCondition(xpv2.TypeSynced)
			invited := ready.Reason == collaborator.ReasonInvitationPending
			if synced.Status != corev1.ConditionTrue || ready.Status != corev1.ConditionTrue && !invited {
				waiting = append(waiting, fmt.Sprintf("%T %s: Ready=%s (%s) Synced=%s (%s)", got, got.GetName(), ready.Status, ready.Message, synced.Status, synced.Message))
			}
		}
		if len(waiting) > 0 {
			return fmt.Sprintf("%d waiting, e.g. %s", len(waiting), strings.Join(waiting[:min(3, len(waiting))], "; "))
		}
		return ""
	})
}

// writes counts the emulator's answered writes by endpoint.
func (f *fixture) writes() map[string]int {
	out := map[string]int{}
	for endpoint, statuses := range f.emu.Stats().Endpoints {
		if strings.HasPrefix(endpoint, "GET ") {
			continue
		}
		for _, n := range statuses {
			out[endpoint] += n
		}
	}
	return out
}

// steady checks, after three more polls of every resource, that GitHub saw
// no write since before but those allowed, and none of those twice for
// one object.
func (f *fixture) steady(what string, before map[string]int, allowed func(endpoint string) bool) {
	f.t.Helper()
	time.Sleep(3*pollInterval + time.Second)
	mid := f.writes()
	time.Sleep(3*pollInterval + time.Second)
	after := f.writes()
	var bad []string
	for endpoint, n := range after {
		switch {
		case n == before[endpoint]:
		case allowed == nil || !allowed(endpoint):
			bad = append(bad, fmt.Sprintf("%d × %s", n-before[endpoint], endpoint))
		case n != mid[endpoint]:
			bad = append(bad, fmt.Sprintf("%s again (%d, then %d)", endpoint, mid[endpoint]-before[endpoint], n-before[endpoint]))
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		f.t.Errorf("%s: GitHub saw writes it should not have: %s", what, strings.Join(bad, "; "))
	}
}

// checkImportedReviewers: the delegated bypass reviewers Fill gives the
// public rich repositories and the code security configuration are
// imported by team slug and role name, not by id.
func checkImportedReviewers(t *testing.T, res *importer.Result) {
	t.Helper()
	repos, configs := 0, 0
	for _, r := range res.Resources {
		switch p := r.ForProvider.(type) {
		case repocommon.RepositoryParameters:
			if p.SecurityAndAnalysis == nil || p.SecurityAndAnalysis.SecretScanningDelegatedBypass == nil {
				continue
			}
			repos++
			b := p.SecurityAndAnalysis.SecretScanningDelegatedBypass
			if got := fmt.Sprintf("%+v", b.Reviewers); len(b.Reviewers) != 2 || ptr.Deref(b.Reviewers[0].Team, "") != "security" || ptr.Deref(b.Reviewers[1].Role, "") != "security_manager" ||
				ptr.Deref(b.Reviewers[1].Mode, "") != "EXEMPT" {
				t.Errorf("%s: imported bypass reviewers %s, want team security and role security_manager (EXEMPT)", r.Key, got)
			}
		case orgcommon.CodeSecurityConfigurationParameters:
			if o := p.SecretScanningDelegatedBypassOptions; o != nil {
				configs++
				if len(o.Reviewers) != 2 || ptr.Deref(o.Reviewers[0].TeamSlug, "") != "security" || ptr.Deref(o.Reviewers[1].RoleName, "") != "security_manager" ||
					o.Reviewers[0].ReviewerID != nil || o.Reviewers[1].ReviewerID != nil {
					t.Errorf("%s: imported bypass reviewers %+v, want team security and role security_manager by name", p.Name, o.Reviewers)
				}
			}
		}
	}
	if repos != 2 || configs != 1 {
		t.Errorf("imported %d repositories and %d code security configurations with delegated bypass, want the 2 and 1 Fill made", repos, configs)
	}
}
