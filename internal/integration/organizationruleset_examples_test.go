package integration

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/runtime/serializer"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The OrganizationRuleset examples of both scopes, applied against one
// emulator with the demo seed (as make demo and make e2e do), with the Team
// the namespaced one names, become Ready and are not written again.
func TestOrganizationRulesetExamples(t *testing.T) {
	t.Parallel()
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var made []client.Object
	for _, s := range scopes {
		dir := "../../examples/organizationruleset/cluster"
		if s.namespaced {
			dir = "../../examples/organizationruleset/namespaced"
			for _, team := range decodeTeams(t, "../../examples/team/namespaced/plain.yaml") {
				place(f, s, team, team.GetName(), "github")
				f.must(kube.Create(f.ctx, team))
				made = append(made, team)
			}
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no examples in %s: %v", dir, err)
		}
		for _, file := range files {
			for _, o := range decodeOrgRulesets(t, file) {
				place(f, s, o, o.GetName(), "github")
				for i := range o.Parameters().BypassActors {
					if ref := o.Parameters().BypassActors[i].TeamRef; ref != nil {
						ref.Name = s.key(f, ref.Name).Name
					}
				}
				f.must(kube.Create(f.ctx, o))
				made = append(made, o)
			}
		}
	}
	for _, o := range made {
		if r, ok := o.(twins.OrganizationRulesetObject); ok {
			waitReady(f, r)
		}
	}
	before := len(f.emu.Requests())
	time.Sleep(3 * pollInterval)
	for _, req := range f.emu.Requests()[before:] {
		if req.Method != http.MethodGet && strings.Contains(req.Path, "/rulesets") {
			t.Errorf("an example OrganizationRuleset in sync was written to: %s %s", req.Method, req.Path)
		}
	}
}

// decodeOrgRulesets reads the OrganizationRulesets of a YAML file.
func decodeOrgRulesets(t *testing.T, file string) []twins.OrganizationRulesetObject {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	decoder := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer()
	var out []twins.OrganizationRulesetObject
	for _, doc := range regexp.MustCompile(`(?m)^---$`).Split(string(raw), -1) {
		if strings.TrimSpace(doc) == "" {
			continue
		}
		obj, _, err := decoder.Decode([]byte(doc), nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		o, ok := obj.(twins.OrganizationRulesetObject)
		if !ok {
			t.Fatalf("%s: %T is not an OrganizationRuleset", file, obj)
		}
		out = append(out, o)
	}
	return out
}
