package integration

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/controller-runtime/pkg/client"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// examplesOf reads the managed resources of every example of kind dir
// (examples/<dir>/namespaced or /cluster) for scope s.
func examplesOf(t *testing.T, s scope, dir string) []resource.Managed {
	t.Helper()
	var out []resource.Managed
	for _, obj := range exampleObjects(t, s, dir) {
		mg, ok := obj.(resource.Managed)
		if !ok {
			t.Fatalf("examples/%s: %T is not a managed resource", dir, obj)
		}
		out = append(out, mg)
	}
	return out
}

// exampleObjects reads every object of the examples of kind dir for scope
// s: managed resources, and what they need (ConfigMaps, ...).
func exampleObjects(t *testing.T, s scope, dir string) []runtime.Object {
	t.Helper()
	sub := "cluster"
	if s.namespaced {
		sub = "namespaced"
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", dir, sub, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
	var out []runtime.Object
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range regexp.MustCompile(`(?m)^---$`).Split(string(raw), -1) {
			if strings.TrimSpace(doc) == "" {
				continue
			}
			obj, _, err := decoder.Decode([]byte(doc), nil, nil)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			out = append(out, obj)
		}
	}
	return out
}

// placeExample places an example in the fixture as scope s keeps it, its
// references to other examples included.
func placeExample(f *fixture, s scope, mg resource.Managed) {
	place(f, s, mg, mg.GetName(), "github")
	refs := []**xpv2.Reference{}
	switch o := mg.(type) {
	case teamRepoObject:
		refs = append(refs, &o.Parameters().TeamRef, &o.Parameters().RepositoryRef)
	case interface {
		Parameters() *orgcommon.TeamParameters
	}:
		refs = append(refs, &o.Parameters().ParentTeamRef)
	case interface {
		TeamTarget() *repocommon.TeamTarget
	}:
		refs = append(refs, &o.TeamTarget().TeamRef)
	case environmentObject:
		refs = append(refs, &o.Parameters().RepositoryRef)
		for i := range o.Parameters().Reviewers {
			refs = append(refs, &o.Parameters().Reviewers[i].TeamRef)
		}
	case interface {
		RepositoryTarget() *repocommon.RepositoryTarget
	}:
		refs = append(refs, &o.RepositoryTarget().RepositoryRef)
	}
	for _, r := range refs {
		if *r != nil {
			(*r).Name = s.key(f, (*r).Name).Name
		}
	}
}

// The TeamRepository examples of both scopes are accepted by the API
// server, and every reference in them names an example of its own scope.
func TestTeamRepositoryExamplesAreAccepted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		grants := examplesOf(t, s, "teamrepository")
		if len(grants) == 0 {
			t.Fatal("no TeamRepository examples")
		}
		repos := map[string]bool{}
		for _, r := range examplesOf(t, s, "repository") {
			repos[r.GetName()] = true
		}
		for _, mg := range grants {
			tr, ok := mg.(teamRepoObject)
			if !ok {
				t.Fatalf("%s: %T is not a TeamRepository", mg.GetName(), mg)
			}
			if ref := tr.Parameters().RepositoryRef; ref != nil && !repos[ref.Name] {
				t.Errorf("%s: repositoryRef %s names no Repository example of its scope", tr.GetName(), ref.Name)
			}
			placeExample(f, s, tr)
			if err := kube.Create(f.ctx, tr, client.DryRunAll); err != nil {
				t.Errorf("%s: refused: %v", tr.GetName(), err)
			}
		}
	})
}

// The Repository, Team and TeamRepository examples of both scopes (and the
// CustomProperty examples a Repository example needs), applied
// at once against one emulator with the demo seed (as make demo and make
// e2e do), become Ready; the permissions they grant are on GitHub, never
// written again once in sync, and gone when they are deleted.
func TestTeamRepositoryExamples(t *testing.T) {
	// Not parallel: every emulator started from the demo seed hands out
	// the same team ids, and a Team controller that looks for child teams
	// by id among all Team resources would take this test's Teams for
	// another test's children (and the other way round).
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var all, grants []resource.Managed
	for _, s := range scopes {
		// customproperty: a Repository example sets a value of the
		// organization's custom property its example defines.
		for _, dir := range []string{"customproperty", "repository", "team", "teamrepository"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
				all = append(all, mg)
				if dir == "teamrepository" {
					grants = append(grants, mg)
				}
			}
		}
	}
	for _, mg := range all {
		waitReady(f, mg)
	}
	want := map[string]string{}
	for _, mg := range grants {
		tr := get(f, mg.(teamRepoObject))
		o := tr.Observation()
		if o.TeamSlug == nil || o.Repository == nil || o.RoleName == nil {
			t.Fatalf("%s: status.atProvider %+v", tr.GetName(), o)
		}
		want[*o.TeamSlug+" "+*o.Repository] = *o.RoleName
	}
	if len(want) != len(grants) {
		t.Errorf("%d examples grant %d distinct permissions: %v", len(grants), len(want), want)
	}
	for k, role := range want {
		slug, full, _ := strings.Cut(k, " ")
		if got := f.ghTeamRole(slug, strings.TrimPrefix(full, owner+"/")); got != role {
			t.Errorf("team %s on %s: role %q on GitHub, want %q", slug, full, got, role)
		}
	}

	before := len(f.emu.Requests())
	time.Sleep(3 * pollInterval)
	for _, req := range f.emu.Requests()[before:] {
		if req.Method != http.MethodGet && strings.Contains(req.Path, "/teams/") {
			t.Errorf("a permission in sync was written to: %s %s", req.Method, req.Path)
		}
	}

	for _, mg := range grants {
		f.must(kube.Delete(f.ctx, mg))
	}
	for _, mg := range grants {
		waitGone(f, mg)
	}
	for k := range want {
		slug, full, _ := strings.Cut(k, " ")
		if got := f.ghTeamRole(slug, strings.TrimPrefix(full, owner+"/")); got != "" {
			t.Errorf("team %s on %s: role %q left on GitHub after the delete", slug, full, got)
		}
	}
}
