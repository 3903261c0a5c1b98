package integration

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// The CodeSecurityConfiguration examples of both scopes, applied at once
// against one emulator with the demo seed (as make demo and make e2e do),
// become Ready — their repositories attached, the namespaced one's team
// resolved — and are not written again: they do not fight over a
// repository or the default for new repositories.
func TestCodeSecurityConfigurationExamples(t *testing.T) {
	t.Parallel()
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	var made []twins.CodeSecurityConfigurationObject
	for _, s := range scopes {
		file := "../../examples/codesecurityconfiguration/cluster/code-scanning.yaml"
		if s.namespaced {
			file = "../../examples/codesecurityconfiguration/namespaced/secrets-first.yaml"
		}
		o, ok := decodeManaged(t, file).(twins.CodeSecurityConfigurationObject)
		if !ok {
			t.Fatalf("%s holds no CodeSecurityConfiguration", file)
		}
		place(f, s, o, o.GetName(), "github")
		f.must(kube.Create(f.ctx, o))
		made = append(made, o)
	}
	for _, o := range made {
		got := waitReady(f, o)
		if r := got.Observation().Repositories; len(r) != 1 || r[0].Status != "attached" {
			t.Errorf("%s: status.atProvider.repositories %+v, want its one repository attached", o.GetName(), r)
		}
	}
	before := len(f.emu.Requests())
	time.Sleep(3 * pollInterval)
	for _, req := range f.emu.Requests()[before:] {
		if req.Method != http.MethodGet && strings.Contains(req.Path, "/code-security/") {
			t.Errorf("an example CodeSecurityConfiguration in sync was written to: %s %s", req.Method, req.Path)
		}
	}
}
