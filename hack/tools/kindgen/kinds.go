package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// pluralName is a resource's plural as the plural marker may name it.
var pluralName = regexp.MustCompile(`^[a-z][a-z0-9]*s$`)

// Markers read from the doc comment of a kind's Parameters type.
const (
	markerKind        = "+github:kind="
	markerPrefix      = "+github:kind:"
	markerPrintColumn = "+github:kind:printcolumn:"
	markerDescription = "+github:kind:description="
	markerNoun        = "+github:kind:noun="
	// markerPlural names the kind's resource (kubectl get <plural>) when
	// its name's plural is another kind's: IssueLabels beside IssueLabel.
	// The singular is the plural without its final s.
	markerPlural = "+github:kind:plural="
	// markerSpecRule puts a CEL rule (the XValidation marker's value:
	// rule="...",message="...") on the kind's spec, in both scopes, for
	// rules that read beside forProvider (writeConnectionSecretToRef, say).
	markerSpecRule = "+github:kind:specrule="
	// markerScopeSpecRule followed by a scope's name (namespaced or
	// cluster) and "=" puts the rule on that scope's spec only.
	markerScopeSpecRule = "+github:kind:specrule:"
	// A kubebuilder marker for forProvider in one scope only, e.g.
	// +github:kind:namespaced:validation:XValidation:rule="...",message="...":
	// for a rule that holds in one scope and not in the other (a Secret's
	// namespace, say, which a namespaced resource must leave out and a
	// cluster-scoped one must give).
	markerNamespaced = "+github:kind:namespaced:"
	markerCluster    = "+github:kind:cluster:"
)

// A kind is one managed resource kind, declared once in apis/<group>/common/<version>.
type kind struct {
	Group        string   // API group folder, e.g. "repo".
	Version      string   // API version, e.g. "v1alpha1".
	Name         string   // Kind, e.g. "Repository".
	Noun         string   // Lowercase words for the kind in prose, e.g. "repository".
	Description  string   // Optional sentence appended to the kind's godoc.
	Plural       string   // The resource's plural when not the default, e.g. "issuelabelsets".
	PrintColumns []string // Extra kubebuilder printcolumn marker values, in order.
	// ScopeMarkers are kubebuilder markers (without +kubebuilder:) for
	// forProvider in one scope, by the scope's Resource (Namespaced or
	// Cluster), in order.
	ScopeMarkers map[string][]string
	Common       string // Import path of the package holding Parameters and Observation.
	// InRepository is true when Parameters embeds the package's
	// RepositoryTarget: the kind then belongs to a repository.
	InRepository bool
	// InOrganization is true when Parameters embeds the package's
	// OrganizationTarget: the kind then belongs to an organization.
	InOrganization bool
	// InTeam is true when Parameters embeds a TeamTarget, the package's
	// or another's: the kind is then about one team.
	InTeam bool
	// TeamImport is the import path of the package of the embedded
	// TeamTarget when it is not the kind's own package ("" when it is).
	TeamImport string
	// TeamOptional is true when the embedded target is an
	// OptionalTeamTarget: the kind may be about a team or about something
	// else (a user), and states its own rule. Its accessor still returns
	// the target as a TeamTarget (the two types have the same fields), so
	// the shared team lookup and selector resolution serve it.
	TeamOptional bool
	// InBranch is true when Parameters embeds the package's BranchTarget:
	// the kind is then about one branch of its repository.
	InBranch bool
	// InEnvironment is true when Parameters embeds the package's
	// EnvironmentTarget: the kind then optionally belongs to a deployment
	// environment of its repository.
	InEnvironment bool
	// SpecRules are CEL rules of the spec in every scope; ScopeSpecRules
	// those of one scope, by the scope's name.
	SpecRules      []string
	ScopeSpecRules map[string][]string
}

// readKinds finds every kind declared under apisDir/<group>/common/<version>,
// sorted by group, version and name.
func readKinds(apisDir, importPath string) ([]kind, error) {
	dirs, err := filepath.Glob(filepath.Join(apisDir, "*", "common", "*"))
	if err != nil {
		return nil, err
	}
	var kinds []kind
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		rel, err := filepath.Rel(apisDir, dir)
		if err != nil {
			return nil, err
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		ks, err := readPackage(dir, parts[0], parts[2], importPath+"/"+filepath.ToSlash(rel))
		if err != nil {
			return nil, err
		}
		kinds = append(kinds, ks...)
	}
	sort.Slice(kinds, func(i, j int) bool {
		a, b := kinds[i], kinds[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Name < b.Name
	})
	return kinds, nil
}

// readPackage reads the kinds declared in one common package.
func readPackage(dir, group, version, common string) ([]kind, error) {
	files, err := parseDir(dir)
	if err != nil {
		return nil, err
	}
	types := map[string]bool{}
	var kinds []kind
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				types[ts.Name.Name] = true
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				k, ok, err := kindOf(ts.Name.Name, doc)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", dir, err)
				}
				if ok {
					k.Group, k.Version, k.Common = group, version, common
					k.InRepository = embeds(ts, "RepositoryTarget")
					for _, name := range []string{"TeamTarget", "OptionalTeamTarget"} {
						if embeds(ts, name) {
							k.InTeam, k.TeamOptional = true, name == "OptionalTeamTarget"
						}
						if imp, ok := embedsFrom(f, ts, name); ok {
							k.InTeam, k.TeamOptional, k.TeamImport = true, name == "OptionalTeamTarget", imp
						}
					}
					k.InOrganization = embeds(ts, "OrganizationTarget")
					k.InBranch = embeds(ts, "BranchTarget")
					k.InEnvironment = embeds(ts, "EnvironmentTarget")
					kinds = append(kinds, k)
				}
			}
		}
	}
	for _, k := range kinds {
		if !types[k.Name+"Observation"] {
			return nil, fmt.Errorf("%s: kind %s has no %sObservation type", dir, k.Name, k.Name)
		}
	}
	return kinds, nil
}

// kindOf reads the kind markers of a type's doc comment. ok is false when
// the type declares no kind.
func kindOf(typeName string, doc *ast.CommentGroup) (k kind, ok bool, err error) {
	if doc == nil {
		return kind{}, false, nil
	}
	for _, c := range doc.List {
		line := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
		switch {
		case strings.HasPrefix(line, markerKind):
			k.Name = strings.TrimSpace(strings.TrimPrefix(line, markerKind))
			ok = true
		case strings.HasPrefix(line, markerPrintColumn):
			col := strings.TrimPrefix(line, markerPrintColumn)
			if !strings.HasPrefix(col, "name=") || !strings.Contains(col, "JSONPath=") {
				return kind{}, false, fmt.Errorf("%s: printcolumn %q needs name=... and JSONPath=...", typeName, col)
			}
			k.PrintColumns = append(k.PrintColumns, col)
		case strings.HasPrefix(line, markerDescription):
			k.Description = strings.TrimSpace(strings.TrimPrefix(line, markerDescription))
		case strings.HasPrefix(line, markerNoun):
			k.Noun = strings.TrimSpace(strings.TrimPrefix(line, markerNoun))
		case strings.HasPrefix(line, markerPlural):
			k.Plural = strings.TrimSpace(strings.TrimPrefix(line, markerPlural))
			if !pluralName.MatchString(k.Plural) {
				return kind{}, false, fmt.Errorf("%s: plural %q: want lower-case letters and digits ending in s", typeName, k.Plural)
			}
		case strings.HasPrefix(line, markerSpecRule):
			rule, err := specRule(typeName, strings.TrimPrefix(line, markerSpecRule))
			if err != nil {
				return kind{}, false, err
			}
			k.SpecRules = append(k.SpecRules, rule)
		case strings.HasPrefix(line, markerScopeSpecRule):
			name, value, _ := strings.Cut(strings.TrimPrefix(line, markerScopeSpecRule), "=")
			if !isScope(name) {
				return kind{}, false, fmt.Errorf("%s: %s%s: unknown scope %q (namespaced or cluster)", typeName, markerScopeSpecRule, name, name)
			}
			rule, err := specRule(typeName, value)
			if err != nil {
				return kind{}, false, err
			}
			if k.ScopeSpecRules == nil {
				k.ScopeSpecRules = map[string][]string{}
			}
			k.ScopeSpecRules[name] = append(k.ScopeSpecRules[name], rule)
		case strings.HasPrefix(line, markerNamespaced), strings.HasPrefix(line, markerCluster):
			res, m := "Namespaced", strings.TrimPrefix(line, markerNamespaced)
			if strings.HasPrefix(line, markerCluster) {
				res, m = "Cluster", strings.TrimPrefix(line, markerCluster)
			}
			if !strings.HasPrefix(m, "validation:") {
				return kind{}, false, fmt.Errorf("%s: scope marker %q: only validation markers can differ between scopes", typeName, line)
			}
			if k.ScopeMarkers == nil {
				k.ScopeMarkers = map[string][]string{}
			}
			k.ScopeMarkers[res] = append(k.ScopeMarkers[res], m)
		case strings.HasPrefix(line, markerPrefix):
			return kind{}, false, fmt.Errorf("%s: unknown marker %q", typeName, line)
		}
	}
	if !ok {
		if k.PrintColumns != nil || k.Description != "" || k.Noun != "" || k.Plural != "" || k.SpecRules != nil || k.ScopeSpecRules != nil || k.ScopeMarkers != nil {
			return kind{}, false, fmt.Errorf("%s: kind options without %s<Kind>", typeName, markerKind)
		}
		return kind{}, false, nil
	}
	if !isExportedIdent(k.Name) {
		return kind{}, false, fmt.Errorf("%s: kind %q is not an exported Go identifier", typeName, k.Name)
	}
	if typeName != k.Name+"Parameters" {
		return kind{}, false, fmt.Errorf("%s: the %s marker belongs on type %sParameters", typeName, markerKind, k.Name)
	}
	if k.Noun == "" {
		k.Noun = words(k.Name)
	}
	return k, true, nil
}

// specRule checks the value of a spec rule marker: an XValidation marker's
// value, with a rule and a message for the person whose apply it refuses.
func specRule(typeName, value string) (string, error) {
	value = strings.TrimSpace(value)
	if !strings.HasPrefix(value, "rule=") || !strings.Contains(value, ",message=") {
		return "", fmt.Errorf("%s: spec rule %q needs rule=... and message=...", typeName, value)
	}
	return value, nil
}

// embeds tells whether the struct type ts embeds the type called name of
// its own package.
func embeds(ts *ast.TypeSpec, name string) bool {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return false
	}
	for _, f := range st.Fields.List {
		if id, ok := f.Type.(*ast.Ident); ok && len(f.Names) == 0 && id.Name == name {
			return true
		}
	}
	return false
}

// embedsFrom reports whether the struct type embeds name from another
// package (pkg.Name), and that package's import path, read from the
// imports of f, the file declaring the type.
func embedsFrom(f *ast.File, ts *ast.TypeSpec, name string) (string, bool) {
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return "", false
	}
	for _, fl := range st.Fields.List {
		sel, ok := fl.Type.(*ast.SelectorExpr)
		if !ok || len(fl.Names) != 0 || sel.Sel.Name != name {
			continue
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok {
			continue
		}
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if (imp.Name != nil && imp.Name.Name == pkg.Name) || (imp.Name == nil && filepath.Base(path) == pkg.Name) {
				return path, true
			}
		}
	}
	return "", false
}

func isExportedIdent(s string) bool {
	if s == "" || !token.IsIdentifier(s) {
		return false
	}
	return unicode.IsUpper([]rune(s)[0])
}

// words turns a kind name into lowercase words: "DeployKey" becomes
// "deploy key", "OIDCClaim" becomes "oidc claim".
func words(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) &&
			(unicode.IsLower(r[i-1]) || (i+1 < len(r) && unicode.IsLower(r[i+1]))) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

// parseDir parses the hand-written Go files of a directory: tests and
// generated files are skipped.
func parseDir(dir string) ([]*ast.File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		base := filepath.Base(n)
		if strings.HasSuffix(base, "_test.go") || strings.HasPrefix(base, "zz_generated.") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}
