package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"sigs.k8s.io/yaml"
)

// The management policies of each mode. Manage leaves out Delete in the
// namespaced scope, which has no deletionPolicy: deleting a resource then
// never deletes on GitHub, as deletionPolicy Orphan does in the cluster
// scope.
var (
	observePolicies          = []string{"Observe"}
	manageNamespacedPolicies = []string{"Observe", "Create", "Update", "LateInitialize"}
)

// APIVersion is the apiVersion of a kind of group ("repo" or "org") in
// scope.
func APIVersion(group string, scope Scope) string {
	if scope == Namespaced {
		return group + ".github.m.crossplane.io/v1alpha1"
	}
	return group + ".github.crossplane.io/v1alpha1"
}

// Render is the file of r: a comment saying what it is (and r's notes),
// then the manifest.
func Render(r Resource, o Options) ([]byte, error) {
	forProvider, err := json.Marshal(r.ForProvider)
	if err != nil {
		return nil, fmt.Errorf("cannot encode the spec of %s %s: %w", r.Kind, Name(r), err)
	}
	spec := map[string]any{"forProvider": json.RawMessage(forProvider)}
	switch {
	case o.Mode == Observe:
		spec["managementPolicies"] = observePolicies
	case o.Scope == Namespaced:
		spec["managementPolicies"] = manageNamespacedPolicies
	default:
		spec["deletionPolicy"] = "Orphan"
	}
	if o.ProviderConfig != "" {
		ref := map[string]string{"name": o.ProviderConfig}
		if o.Scope == Namespaced {
			ref["kind"] = o.ProviderConfigKind
		}
		spec["providerConfigRef"] = ref
	}
	metadata := map[string]any{"name": o.Name(r), "annotations": map[string]string{meta.AnnotationKeyExternalName: r.ExternalName}}
	if o.Scope == Namespaced {
		metadata["namespace"] = o.Namespace
	}
	manifest := map[string]any{"apiVersion": APIVersion(r.Group, o.Scope), "kind": r.Kind, "metadata": metadata, "spec": spec}
	body, err := yaml.Marshal(manifest)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s %s as YAML: %w", r.Kind, Name(r), err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s, imported from GitHub by github-import.\n", describe(r, o))
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "# %s\n", strings.ReplaceAll(n, "\n", "\n# "))
	}
	b.Write(body)
	return b.Bytes(), nil
}

// describe names r's object on GitHub.
func describe(r Resource, o Options) string {
	switch {
	case r.Kind == "Repository":
		return fmt.Sprintf("Repository %s/%s", o.Owner, r.Repository)
	case r.Repository == "":
		return fmt.Sprintf("%s %s of %s", r.Kind, r.Key, o.Owner)
	case r.Key == "":
		return fmt.Sprintf("%s of %s/%s", r.Kind, o.Owner, r.Repository)
	default:
		return fmt.Sprintf("%s %s of %s/%s", r.Kind, r.Key, o.Owner, r.Repository)
	}
}
