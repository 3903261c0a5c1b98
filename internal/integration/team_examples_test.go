package integration

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The Team examples of both scopes, applied at once against one emulator
// with the demo seed (as make demo and make e2e do), become Ready with the
// teams they describe; deleted all at once, they all go, and the imported
// team stays on GitHub.
func TestTeamExamples(t *testing.T) {
	t.Parallel()
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var made []teamObject
	for _, s := range scopes {
		dir := "../../examples/team/cluster"
		if s.namespaced {
			dir = "../../examples/team/namespaced"
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s: %v", dir, err)
		}
		for _, file := range files {
			for _, obj := range decodeTeams(t, file) {
				// Placed in the fixture's namespace, or named as the fixture
				// names cluster-scoped resources, references included.
				place(f, s, obj, obj.GetName(), "github")
				if ref := obj.Parameters().ParentTeamRef; ref != nil {
					ref.Name = s.key(f, ref.Name).Name
				}
				f.must(kube.Create(f.ctx, obj))
				made = append(made, obj)
			}
		}
	}
	for _, obj := range made {
		waitReady(f, obj)
	}
	// Teams GitHub accepted as declared are never written to again.
	before := len(f.emu.Requests())
	time.Sleep(3 * pollInterval)
	for _, req := range f.emu.Requests()[before:] {
		if req.Method != http.MethodGet {
			t.Errorf("an example Team in sync was written to: %s %s", req.Method, req.Path)
		}
	}

	parents := map[string]string{}
	var names []string
	for _, gh := range f.ghTeams() {
		names = append(names, gh.Name)
		if gh.Parent != nil {
			for _, p := range f.ghTeams() {
				if p.ID == gh.Parent.ID {
					parents[gh.Name] = p.Name
				}
			}
		}
	}
	slices.Sort(names)
	want := []string{"Backend", "Engineering", "Infrastructure", "Networking", "Platform", "Release Managers", "Security"}
	if !slices.Equal(names, want) {
		t.Errorf("teams on GitHub: want %v, got %v", want, names)
	}
	if parents["Backend"] != "Engineering" || parents["Networking"] != "Infrastructure" || len(parents) != 2 {
		t.Errorf("parents on GitHub: want Backend under Engineering and Networking under Infrastructure, got %v", parents)
	}

	for _, obj := range made {
		f.must(kube.Delete(f.ctx, obj))
	}
	f.eventually("every example Team gone", func() string {
		for _, obj := range made {
			if err := kube.Get(f.ctx, client.ObjectKeyFromObject(obj), fresh(obj)); err == nil {
				return obj.GetName() + " still there"
			}
		}
		return ""
	})
	var left []string
	for _, gh := range f.ghTeams() {
		left = append(left, gh.Name)
	}
	if !slices.Equal(left, []string{"Security"}) {
		t.Errorf("teams left on GitHub: want only the imported Security, got %v", left)
	}
}

// decodeTeams reads the Team manifests of a file.
func decodeTeams(t *testing.T, file string) []teamObject {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
	var out []teamObject
	for _, doc := range regexp.MustCompile(`(?m)^---$`).Split(string(raw), -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		obj, _, err := decoder.Decode([]byte(doc), nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		team, ok := obj.(teamObject)
		if !ok {
			t.Fatalf("%s: %T is not a Team", file, obj)
		}
		out = append(out, team)
	}
	return out
}
