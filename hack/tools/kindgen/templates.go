package main

import "text/template"

// kindTemplate writes a kind's spec, status, object, list, accessors, type
// metadata and scheme registration for one scope.
var kindTemplate = template.Must(template.New("kind").Parse(`{{.Header}}package {{.Version}}

import (
	"reflect"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	common "{{.Common}}"
	shared "{{.Shared}}"
{{- if .TeamImport}}
	teams "{{.TeamImport}}"
{{- end}}
)

// {{.A}} {{.Name}}Spec defines the desired state of {{.Lower}} {{.Name}}.
{{- range .Rules}}
// +kubebuilder:validation:XValidation:{{.}}
{{- end}}
type {{.Name}}Spec struct {
	xpv2.{{.Spec}} ` + "`" + `json:",inline"` + "`" + `

	// ForProvider holds the {{.Noun}}'s settings on GitHub.
{{- range .ForProviderMarkers}}
	// +kubebuilder:{{.}}
{{- end}}
	ForProvider common.{{.Name}}Parameters ` + "`" + `json:"forProvider"` + "`" + `
}

// {{.A}} {{.Name}}Status represents the observed state of {{.Lower}} {{.Name}}.
type {{.Name}}Status struct {
	xpv2.ManagedResourceStatus ` + "`" + `json:",inline"` + "`" + `

	// AtProvider is the {{.Noun}} as GitHub last reported it.
	AtProvider common.{{.Name}}Observation ` + "`" + `json:"atProvider,omitempty"` + "`" + `

	// Verdict records the last observation that found the {{.Noun}} up to
	// date, so that it can be confirmed with requests GitHub does not charge for.
	// +optional
	Verdict *shared.Verdict ` + "`" + `json:"verdict,omitempty"` + "`" + `
}

// +kubebuilder:object:root=true

// {{.Doc}}
// +kubebuilder:printcolumn:name="READY",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].status"
// +kubebuilder:printcolumn:name="SYNCED",type="string",JSONPath=".status.conditions[?(@.type=='Synced')].status"
// +kubebuilder:printcolumn:name="EXTERNAL-NAME",type="string",JSONPath=".metadata.annotations.crossplane\\.io/external-name"
{{- range .PrintColumns}}
// +kubebuilder:printcolumn:{{.}}
{{- end}}
// +kubebuilder:printcolumn:name="AGE",type="date",JSONPath=".metadata.creationTimestamp"
// +kubebuilder:subresource:status
// +kubebuilder:resource:scope={{.Resource}},categories={crossplane,managed,github}{{if .Plural}},path={{.Plural}},singular={{.Singular}}{{end}}
type {{.Name}} struct {
	metav1.TypeMeta   ` + "`" + `json:",inline"` + "`" + `
	metav1.ObjectMeta ` + "`" + `json:"metadata,omitempty"` + "`" + `

	Spec   {{.Name}}Spec   ` + "`" + `json:"spec"` + "`" + `
	Status {{.Name}}Status ` + "`" + `json:"status,omitempty"` + "`" + `
}

// +kubebuilder:object:root=true

// {{.A}} {{.Name}}List contains a list of {{.Name}}.
type {{.Name}}List struct {
	metav1.TypeMeta ` + "`" + `json:",inline"` + "`" + `
	metav1.ListMeta ` + "`" + `json:"metadata,omitempty"` + "`" + `
	Items           []{{.Name}} ` + "`" + `json:"items"` + "`" + `
}

// Parameters returns the {{.Noun}}'s desired settings.
func ({{.Recv}} *{{.Name}}) Parameters() *common.{{.Name}}Parameters { return &{{.Recv}}.Spec.ForProvider }

// Observation returns the {{.Noun}}'s observed state, for reading and writing.
func ({{.Recv}} *{{.Name}}) Observation() *common.{{.Name}}Observation { return &{{.Recv}}.Status.AtProvider }

// GetVerdict returns the {{.Noun}}'s last up-to-date verdict, if any.
func ({{.Recv}} *{{.Name}}) GetVerdict() *shared.Verdict { return {{.Recv}}.Status.Verdict }

// SetVerdict records the {{.Noun}}'s up-to-date verdict; nil drops it.
func ({{.Recv}} *{{.Name}}) SetVerdict(v *shared.Verdict) { {{.Recv}}.Status.Verdict = v }
{{- if .InRepository}}

// RepositoryTarget returns the repository the {{.Noun}} belongs to.
func ({{.Recv}} *{{.Name}}) RepositoryTarget() *common.RepositoryTarget {
	return &{{.Recv}}.Spec.ForProvider.RepositoryTarget
}
{{- end}}
{{- if .InOrganization}}

// OrganizationTarget returns the organization the {{.Noun}} belongs to.
func ({{.Recv}} *{{.Name}}) OrganizationTarget() *common.OrganizationTarget {
	return &{{.Recv}}.Spec.ForProvider.OrganizationTarget
}
{{- end}}
{{- if .InTeam}}
{{- if .TeamOptional}}

// TeamTarget returns the team the {{.Noun}} is about, if it is about one:
// its OptionalTeamTarget, which has TeamTarget's fields.
func ({{.Recv}} *{{.Name}}) TeamTarget() *{{if .TeamImport}}teams{{else}}common{{end}}.TeamTarget {
	return (*{{if .TeamImport}}teams{{else}}common{{end}}.TeamTarget)(&{{.Recv}}.Spec.ForProvider.OptionalTeamTarget)
}
{{- else}}

// TeamTarget returns the team the {{.Noun}} is about.
func ({{.Recv}} *{{.Name}}) TeamTarget() *{{if .TeamImport}}teams{{else}}common{{end}}.TeamTarget {
	return &{{.Recv}}.Spec.ForProvider.TeamTarget
}
{{- end}}
{{- end}}
{{- if .InBranch}}

// BranchTarget returns the branch the {{.Noun}} is about.
func ({{.Recv}} *{{.Name}}) BranchTarget() *common.BranchTarget {
	return &{{.Recv}}.Spec.ForProvider.BranchTarget
}
{{- end}}
{{- if .InEnvironment}}

// EnvironmentTarget returns the deployment environment the {{.Noun}} belongs to, if any.
func ({{.Recv}} *{{.Name}}) EnvironmentTarget() *common.EnvironmentTarget {
	return &{{.Recv}}.Spec.ForProvider.EnvironmentTarget
}
{{- end}}

// {{.Name}} type metadata.
var (
	{{.Name}}Kind             = reflect.TypeFor[{{.Name}}]().Name()
	{{.Name}}GroupKind        = SchemeGroupVersion.WithKind({{.Name}}Kind).GroupKind()
	{{.Name}}GroupVersionKind = SchemeGroupVersion.WithKind({{.Name}}Kind)
)

func init() {
	SchemeBuilder.Register(&{{.Name}}{}, &{{.Name}}List{})
}
`))

// groupVersionTemplate writes the package doc, group markers and scheme
// builder of a group's version in one scope.
var groupVersionTemplate = template.Must(template.New("groupversion").Parse(`{{.Header}}// Package {{.Version}} holds the {{.Adjective}} kinds of provider-github in API group {{.Group}}: {{.Kinds}}.
// +kubebuilder:object:generate=true
// +groupName={{.Group}}
// +versionName={{.Version}}
package {{.Version}}

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

// Package type metadata.
const (
	Group   = "{{.Group}}"
	Version = "{{.Version}}"
)

var (
	// SchemeGroupVersion is the group version used to register these objects.
	SchemeGroupVersion = schema.GroupVersion{Group: Group, Version: Version}

	// SchemeBuilder adds the types of this group version to a scheme.
	SchemeBuilder = &scheme.Builder{GroupVersion: SchemeGroupVersion}
)
`))

// groupsTemplate writes the list of every API group package of the provider.
var groupsTemplate = template.Must(template.New("groups").Parse(`{{.Header}}package {{.Package}}

import (
	"k8s.io/apimachinery/pkg/runtime"
{{if .Groups}}
{{range .Groups}}	{{.Alias}} "{{.Path}}"
{{end}}{{end}})

// AddToSchemes adds every API group of the provider to a scheme.
var AddToSchemes = runtime.SchemeBuilder{
{{- range .Groups}}
	{{.Alias}}.SchemeBuilder.AddToScheme,
{{- end}}
}
`))
