package main

import (
	"fmt"
	"sort"
	"strings"
	"text/template"
)

// The scope files. apis/zz_generated.kinds.go tells, for every kind, its
// GroupVersionKind in each scope and the scope of a resource, so that code
// following a reference to another kind picks that kind's twin in the
// referring resource's scope without a switch of its own.
//
// twinsFile, package twins, makes a kind's resources in either scope for
// tests: an empty one of a scope (integration fixtures), and one value per
// scope built by a test's generic constructor (controller unit tests). It
// lives outside apis (main writes it to -twins): it needs the kinds' managed
// method sets, which angryjet writes after kindgen has run, and apis is
// production code. Its key in generate's files is relative to the -twins
// folder's parent, not to apis.
const (
	kindsFile = "zz_generated.kinds.go"
	twinsFile = "twins/zz_generated.twins.go"
)

// twinKind is a kind as the scope files name it.
type twinKind struct {
	Name string
	// A is the kind's article: A or An.
	A string
	// Common is the alias of the package of its Parameters and Observation.
	Common string
	// Namespaced and Cluster are the aliases of its scopes' packages.
	Namespaced, Cluster string
}

// twinsData is what kindsTemplate and twinsTemplate read.
type twinsData struct {
	Header, Package, Apis string
	// Imports are the packages of the kinds' types, by path; ScopeImports
	// only the scopes' packages.
	Imports, ScopeImports []groupImport
	Kinds                 []twinKind
	// NamespacedGroup and ClusterGroup are how the scopes' API groups end.
	NamespacedGroup, ClusterGroup string
}

// renderTwins adds the scope files of kinds to out. pkg is the package name
// of the apis folder, importPath its import path.
func renderTwins(out map[string][]byte, top, pkg, importPath string, kinds []kind) error {
	byName := map[string]kind{}
	for _, k := range kinds {
		if other, ok := byName[k.Name]; ok {
			return fmt.Errorf("kind %s is declared in %s/common/%s and in %s/common/%s: a kind's name names it in every group", k.Name, other.Group, other.Version, k.Group, k.Version)
		}
		byName[k.Name] = k
	}
	ns, cl := scopeNamed("namespaced"), scopeNamed("cluster")
	paths := map[string]bool{}  // Every package of a kind's types.
	scoped := map[string]bool{} // The scopes' packages among them.
	d := twinsData{Header: top, Package: pkg, Apis: importPath, NamespacedGroup: ns.Domain, ClusterGroup: cl.Domain}
	for _, k := range kinds {
		common := k.Group + "/common/" + k.Version
		n, c := ns.path(k.Group, k.Version), cl.path(k.Group, k.Version)
		paths[common], paths[n], paths[c] = true, true, true
		scoped[n], scoped[c] = true, true
		d.Kinds = append(d.Kinds, twinKind{Name: k.Name, A: article(k.Name), Common: alias(common), Namespaced: alias(n), Cluster: alias(c)})
	}
	d.Imports, d.ScopeImports = imports(importPath, paths), imports(importPath, scoped)
	if err := render(out, kindsFile, kindsTemplate, d); err != nil {
		return err
	}
	return render(out, twinsFile, twinsTemplate, d)
}

// imports are the packages of paths, relative to importPath, sorted by path.
func imports(importPath string, paths map[string]bool) []groupImport {
	sorted := make([]string, 0, len(paths))
	for p := range paths {
		sorted = append(sorted, p)
	}
	sort.Strings(sorted)
	is := make([]groupImport, len(sorted))
	for i, p := range sorted {
		is[i] = groupImport{Alias: alias(p), Path: importPath + "/" + p}
	}
	return is
}

// scopeNamed returns the scope called name.
func scopeNamed(name string) scope {
	for _, s := range scopes {
		if s.Name == name {
			return s
		}
	}
	panic("kindgen: no scope " + name)
}

// kindsTemplate writes apis/zz_generated.kinds.go. Its imports are those of
// the scopes' packages only; the common packages are twinsTemplate's.
var kindsTemplate = template.Must(template.New("kinds").Parse(`{{.Header}}package {{.Package}}

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"k8s.io/apimachinery/pkg/runtime/schema"
{{if .ScopeImports}}
{{range .ScopeImports}}	{{.Alias}} "{{.Path}}"
{{end}}{{end}})

// A Scope is where a managed resource lives. Every kind is served in both.
type Scope string

// The scopes.
const (
	// Namespaced resources live in a namespace (API groups <group>.{{.NamespacedGroup}}).
	Namespaced Scope = "Namespaced"
	// Cluster resources are cluster-scoped, Crossplane v1 style (API groups <group>.{{.ClusterGroup}}).
	Cluster Scope = "Cluster"
)

// A Kind is one managed kind of the provider: its GroupVersionKind in each scope.
type Kind struct {
	Namespaced, Cluster schema.GroupVersionKind
}

// In returns the kind's GroupVersionKind in scope s; the zero
// GroupVersionKind when s is no scope.
func (k Kind) In(s Scope) schema.GroupVersionKind {
	switch s {
	case Namespaced:
		return k.Namespaced
	case Cluster:
		return k.Cluster
	}
	return schema.GroupVersionKind{}
}

// Beside returns the kind's GroupVersionKind in the scope of mg: the kind
// a reference of mg names, as a resource refers only to resources of its
// own scope.
func (k Kind) Beside(mg resource.Managed) schema.GroupVersionKind {
	return k.In(ScopeOf(mg))
}

// The managed kinds of the provider.
var (
{{- range .Kinds}}
	{{.Name}} = Kind{Namespaced: {{.Namespaced}}.{{.Name}}GroupVersionKind, Cluster: {{.Cluster}}.{{.Name}}GroupVersionKind}
{{- end}}
)

// Kinds are the managed kinds of the provider.
var Kinds = []Kind{ {{- range .Kinds}}{{.Name}}, {{end -}} }

// ScopeOf returns the scope of mg: namespaced when it is a Crossplane v2
// (modern) managed resource, as every namespaced kind is, cluster otherwise.
func ScopeOf(mg resource.Managed) Scope {
	if _, ok := mg.(resource.ModernManaged); ok {
		return Namespaced
	}
	return Cluster
}
`))

// twinsTemplate writes apis/twins/zz_generated.twins.go.
var twinsTemplate = template.Must(template.New("twins").Funcs(template.FuncMap{"lower": strings.ToLower}).Parse(`{{.Header}}// Package twins makes the provider's managed resources in either scope, for
// tests: the unit tests of a kind's controller run one table of cases against
// both scopes' types, and integration tests place a kind's resource in the
// scope under test. Only tests import it.
package twins

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	apis "{{.Apis}}"
{{- range .Imports}}
	{{.Alias}} "{{.Path}}"
{{- end}}
)

// A Pair makes empty resources of one kind, in either scope.
type Pair[T any] struct {
	Namespaced, Cluster func() T
}

// In returns an empty resource of the kind in scope s.
func (p Pair[T]) In(s apis.Scope) T {
	switch s {
	case apis.Namespaced:
		return p.Namespaced()
	case apis.Cluster:
		return p.Cluster()
	}
	panic("twins: no scope " + string(s))
}
{{- range .Kinds}}

// {{.A}} {{.Name}}Object is {{.A | lower}} {{.Name}} of either scope.
type {{.Name}}Object interface {
	resource.Managed
	Parameters() *{{.Common}}.{{.Name}}Parameters
	Observation() *{{.Common}}.{{.Name}}Observation
}

// {{.Name}} makes empty {{.Name}} resources of either scope.
var {{.Name}} = Pair[{{.Name}}Object]{
	Namespaced: func() {{.Name}}Object { return &{{.Namespaced}}.{{.Name}}{} },
	Cluster:    func() {{.Name}}Object { return &{{.Cluster}}.{{.Name}}{} },
}

// Each{{.Name}} returns what namespaced and cluster make of their scope's
// {{.Name}} type, namespaced first. Each is given its scope and a
// constructor of {{.A | lower}} {{.Name}} called name (in namespace, when the scope has
// one). Pass one generic function as both: Go instantiates it once per
// scope's type.
func Each{{.Name}}[S any](
	namespaced func(apis.Scope, func(namespace, name string) *{{.Namespaced}}.{{.Name}}) S,
	cluster func(apis.Scope, func(namespace, name string) *{{.Cluster}}.{{.Name}}) S,
) []S {
	return []S{
		namespaced(apis.Namespaced, func(namespace, name string) *{{.Namespaced}}.{{.Name}} {
			return &{{.Namespaced}}.{{.Name}}{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name}}
		}),
		cluster(apis.Cluster, func(_, name string) *{{.Cluster}}.{{.Name}} {
			return &{{.Cluster}}.{{.Name}}{ObjectMeta: metav1.ObjectMeta{Name: name}}
		}),
	}
}
{{- end}}
`))
