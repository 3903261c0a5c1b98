package apis

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// managedCRD is one scope's CRD of a managed kind: the schemas a page's
// fields are checked against.
type managedCRD struct {
	group       string
	forProvider apiextensionsv1.JSONSchemaProps
	atProvider  apiextensionsv1.JSONSchemaProps
}

// managedKinds reads package/crds and returns every managed kind with its
// CRDs (one per scope).
func managedKinds(t *testing.T, dir string) map[string][]managedCRD {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no CRDs in %s (%v): run make generate", dir, err)
	}
	kinds := map[string][]managedCRD{}
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
		for _, v := range crd.Spec.Versions {
			root := v.Schema.OpenAPIV3Schema.Properties
			kinds[crd.Spec.Names.Kind] = append(kinds[crd.Spec.Names.Kind], managedCRD{
				group:       crd.Spec.Group,
				forProvider: root["spec"].Properties["forProvider"],
				atProvider:  root["status"].Properties["atProvider"],
			})
		}
	}
	if len(kinds) == 0 {
		t.Fatal("no managed resource CRDs found")
	}
	return kinds
}

// TestEveryKindHasAPage checks docs/kinds: every managed kind of
// package/crds has a page docs/kinds/<kind>.md, every page is a kind's, and
// no page names a spec.forProvider or status.atProvider field that the
// kind's CRD lacks, in its prose (forProvider.a.b, atProvider.a) or in a
// YAML example (every document whose apiVersion is one of our groups is
// checked against that kind and scope's schema).
func TestEveryKindHasAPage(t *testing.T) {
	for _, problem := range checkKindPages(managedKinds(t, filepath.Join("..", "package", "crds")), filepath.Join("..", "docs", "kinds")) {
		t.Error(problem)
	}
}

// TestReadmeLinksEveryKindPage checks that a newcomer reading README.md
// finds every managed kind's page.
func TestReadmeLinksEveryKindPage(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for k := range managedKinds(t, filepath.Join("..", "package", "crds")) {
		if link := "(docs/kinds/" + strings.ToLower(k) + ".md)"; !strings.Contains(string(raw), link) {
			t.Errorf("README.md does not link %s's page %s: add it to the table of what the provider manages", k, link)
		}
	}
}

// TestPackageNamesEveryKind checks the package's metadata
// (package/crossplane.yaml): what Crossplane's package managers and
// marketplaces show a user before installing names every managed kind.
func TestPackageNamesEveryKind(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "package", "crossplane.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal(raw, &meta); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"meta.crossplane.io/description", "meta.crossplane.io/readme"} {
		text := meta.Metadata.Annotations[a]
		for k := range managedKinds(t, filepath.Join("..", "package", "crds")) {
			if !regexp.MustCompile(`\b` + k + `\b`).MatchString(text) {
				t.Errorf("package/crossplane.yaml's %s does not name the kind %s", a, k)
			}
		}
	}
}

// TestKindPageCheckFails shows that the check above can fail: a missing
// page, a page of no kind, and fields the CRD lacks in prose and in YAML.
func TestKindPageCheckFails(t *testing.T) {
	kinds := managedKinds(t, filepath.Join("..", "package", "crds"))
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for k := range kinds {
		write(strings.ToLower(k)+".md", "# "+k+"\n")
	}
	if got := checkKindPages(kinds, dir); len(got) != 0 {
		t.Fatalf("pages without fields: want no problem, got %q", got)
	}
	if err := os.Remove(filepath.Join(dir, "webhook.md")); err != nil {
		t.Fatal(err)
	}
	write("gist.md", "# Gist\n")
	write("repository.md", "# Repository\n\n`forProvider.visibility`, `spec.forProvider.securityAndAnalysis.advancedSecurity`, "+
		"`forProvider.noSuchField`, `atProvider.nothingHere`, `forProvider.template.owner.deeper`\n\n"+
		"```yaml\napiVersion: repo.github.m.crossplane.io/v1alpha1\nkind: Repository\nspec:\n  forProvider:\n    visibility: private\n    topics: [a]\n    hasWikis: true\n"+
		"---\napiVersion: repo.github.crossplane.io/v1alpha1\nkind: Repository\nspec:\n  forProvider:\n    template: {owner: o, repository: r, includeAllBranch: true}\n"+
		"---\napiVersion: repo.github.m.crossplane.io/v1alpha1\nkind: Repositry\n```\n")
	got := strings.Join(checkKindPages(kinds, dir), "\n")
	for _, want := range []string{
		"Webhook has no page",
		"gist.md: no managed kind",
		"forProvider.noSuchField",
		"atProvider.nothingHere",
		"no forProvider.template.owner.deeper",
		"forProvider.hasWikis",
		"forProvider.template.includeAllBranch",
		"Repositry",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want a problem naming %q, got:\n%s", want, got)
		}
	}
	for _, notWanted := range []string{"forProvider.visibility", "forProvider.topics", "advancedSecurity"} {
		if strings.Contains(got, notWanted) {
			t.Errorf("%q is a field of Repository, yet reported:\n%s", notWanted, got)
		}
	}
}

var (
	fieldPath = regexp.MustCompile(`\b(forProvider|atProvider)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)`)
	yamlBlock = regexp.MustCompile("(?ms)^```ya?ml\\s*\n(.*?)\n```")
	docSep    = regexp.MustCompile(`(?m)^---\s*$`)
)

// checkKindPages returns one sentence per problem of the pages in dir.
func checkKindPages(kinds map[string][]managedCRD, dir string) []string {
	var problems []string
	byLower := map[string]string{}
	for k := range kinds {
		byLower[strings.ToLower(k)] = k
		if _, err := os.Stat(filepath.Join(dir, strings.ToLower(k)+".md")); err != nil {
			problems = append(problems, fmt.Sprintf("%s has no page: write docs/kinds/%s.md", k, strings.ToLower(k)))
		}
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	for _, p := range pages {
		name := filepath.Base(p)
		k, ok := byLower[strings.TrimSuffix(name, ".md")]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: no managed kind of that name in package/crds: name a page after its kind, in lower case", name))
			continue
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		page := string(raw)
		// The prose names fields of the page's kind; its first CRD (the
		// scopes' schemas are the same) is the reference.
		crd := kinds[k][0]
		for _, m := range fieldPath.FindAllStringSubmatch(page, -1) {
			schema := crd.forProvider
			if m[1] == "atProvider" {
				schema = crd.atProvider
			}
			if bad := missingPath(schema, strings.Split(strings.TrimPrefix(m[2], "."), ".")); bad != "" {
				problems = append(problems, fmt.Sprintf("%s names %s%s, but %s has no %s.%s", name, m[1], m[2], k, m[1], bad))
			}
		}
		for _, block := range yamlBlock.FindAllStringSubmatch(page, -1) {
			for _, doc := range docSep.Split(block[1], -1) {
				problems = append(problems, checkYAML(kinds, name, doc)...)
			}
		}
	}
	return problems
}

// checkYAML checks one YAML document of a page: a manifest of one of our
// managed kinds must use only fields its scope's CRD has.
func checkYAML(kinds map[string][]managedCRD, page, doc string) []string {
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(doc), &obj); err != nil {
		return []string{fmt.Sprintf("%s: a YAML example does not parse: %v", page, err)}
	}
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	group, _, _ := strings.Cut(apiVersion, "/")
	if !strings.HasSuffix(group, "github.crossplane.io") && !strings.HasSuffix(group, "github.m.crossplane.io") {
		return nil // a Secret, a ConfigMap, a ProviderConfig: not a managed kind
	}
	if group == "github.crossplane.io" || group == "github.m.crossplane.io" {
		return nil // provider configurations
	}
	var crd *managedCRD
	for i, c := range kinds[kind] {
		if c.group == group {
			crd = &kinds[kind][i]
		}
	}
	if crd == nil {
		return []string{fmt.Sprintf("%s: a YAML example is a %s of %s, which package/crds does not define", page, kind, group)}
	}
	spec, _ := obj["spec"].(map[string]any)
	var problems []string
	for _, bad := range missingFields(crd.forProvider, spec["forProvider"], "") {
		problems = append(problems, fmt.Sprintf("%s: its %s example sets forProvider%s, which the %s CRD lacks", page, kind, bad, group))
	}
	return problems
}

// missingPath walks path through schema and returns path up to the first
// field the schema lacks, or "" when it has them all.
func missingPath(schema apiextensionsv1.JSONSchemaProps, path []string) string {
	s := schema
	for i, f := range path {
		for s.Items != nil && s.Items.Schema != nil {
			s = *s.Items.Schema
		}
		if open(s) {
			return ""
		}
		next, ok := s.Properties[f]
		if !ok {
			return strings.Join(path[:i+1], ".")
		}
		s = next
	}
	return ""
}

// missingFields returns the paths of every key of value the schema lacks.
func missingFields(s apiextensionsv1.JSONSchemaProps, value any, at string) []string {
	var bad []string
	switch v := value.(type) {
	case map[string]any:
		if open(s) {
			return nil
		}
		for k, sub := range v {
			p, ok := s.Properties[k]
			if !ok {
				bad = append(bad, at+"."+k)
				continue
			}
			bad = append(bad, missingFields(p, sub, at+"."+k)...)
		}
	case []any:
		if s.Items == nil || s.Items.Schema == nil {
			return nil
		}
		for _, sub := range v {
			bad = append(bad, missingFields(*s.Items.Schema, sub, at)...)
		}
	}
	return bad
}

// open reports whether a schema takes keys it does not list (a map, or
// fields kept as they come).
func open(s apiextensionsv1.JSONSchemaProps) bool {
	return (s.AdditionalProperties != nil && (s.AdditionalProperties.Allows || s.AdditionalProperties.Schema != nil)) ||
		(s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields)
}
