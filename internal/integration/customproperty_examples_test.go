package integration

import (
	"os"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// decodeManaged reads the managed resource of a one-document example file.
func decodeManaged(t *testing.T, file string) resource.Managed {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	obj, _, err := serializer.NewCodecFactory(kube.Scheme()).UniversalDeserializer().Decode(raw, nil, nil)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	mg, ok := obj.(resource.Managed)
	if !ok {
		t.Fatalf("%s: %T is no managed resource", file, obj)
	}
	return mg
}

// The CustomProperty examples of both scopes and the Repository example
// that sets their values, applied at once against one emulator with the
// demo seed (as make demo and make e2e do), become Ready, and the
// repository has the declared values.
func TestCustomPropertyExamples(t *testing.T) {
	t.Parallel()
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	examples := map[string]string{
		"../../examples/customproperty/namespaced/environment.yaml": "Namespaced",
		"../../examples/customproperty/cluster/owning-team.yaml":    "Cluster",
		"../../examples/repository/namespaced/classified.yaml":      "Namespaced",
	}
	var made []resource.Managed
	for file, scopeName := range examples {
		for _, s := range scopes {
			if s.name != scopeName {
				continue
			}
			mg := decodeManaged(t, file)
			place(f, s, mg, mg.GetName(), "github")
			f.must(kube.Create(f.ctx, mg))
			made = append(made, mg)
		}
	}
	for _, mg := range made {
		waitReady(f, mg)
	}
	f.eventually("the example repository's values on GitHub", func() string {
		if got := f.repoPropertiesJSON("payments-ledger"); got != `{"environment":"production"}` {
			return "GitHub's values: " + got
		}
		return ""
	})
}
