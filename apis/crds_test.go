package apis

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// TestEveryManagedFieldIsDocumented checks what kubectl explain shows for
// every managed resource kind: each field of spec.forProvider and
// status.atProvider has a description.
func TestEveryManagedFieldIsDocumented(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "package", "crds", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no CRDs in package/crds (%v): run make generate", err)
	}
	kinds := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(raw, crd); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !slices.Contains(crd.Spec.Names.Categories, "managed") {
			continue
		}
		kinds++
		for _, v := range crd.Spec.Versions {
			root := v.Schema.OpenAPIV3Schema.Properties
			for _, part := range []struct{ name, field string }{{"spec", "forProvider"}, {"status", "atProvider"}} {
				p, ok := root[part.name].Properties[part.field]
				if !ok {
					t.Errorf("%s %s: no %s.%s", crd.Name, v.Name, part.name, part.field)
					continue
				}
				undocumented(t, crd.Name+" "+v.Name+": "+part.name+"."+part.field, p)
			}
		}
	}
	if kinds == 0 {
		t.Fatal("no managed resource CRDs found")
	}
}

// undocumented reports every field below s without a description.
func undocumented(t *testing.T, path string, s apiextensionsv1.JSONSchemaProps) {
	t.Helper()
	for name, p := range s.Properties {
		if p.Description == "" {
			t.Errorf("%s.%s has no description (kubectl explain shows nothing): add godoc to its field", path, name)
		}
		undocumented(t, path+"."+name, p)
	}
	if s.Items != nil && s.Items.Schema != nil {
		undocumented(t, path+"[]", *s.Items.Schema)
	}
}
