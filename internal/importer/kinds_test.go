package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// Every managed resource kind of package/crds imports itself.
func TestEveryKindImports(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "package", "crds", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("cannot find the CRDs: %v", err)
	}
	have := map[string]Kind{}
	for _, k := range Kinds {
		have[k.Name] = k
	}
	for _, f := range files {
		var crd struct {
			Spec struct {
				Group string `json:"group"`
				Names struct {
					Kind string `json:"kind"`
				} `json:"names"`
			} `json:"spec"`
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(b, &crd); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		group, name := crd.Spec.Group, crd.Spec.Names.Kind
		family, _, _ := strings.Cut(group, ".")
		if family != "repo" && family != "org" {
			continue // the provider's configuration
		}
		k, ok := have[name]
		switch {
		case !ok:
			t.Errorf("the kind %s (%s) has no importer: add one to Kinds (see docs/adding-a-kind.md)", name, group)
		case k.Group != family:
			t.Errorf("the importer of %s says its group is %q, the CRD %q", name, k.Group, group)
		}
	}
}
