package main

// A scope is one of the two ways a kind is served: namespaced (Crossplane v2)
// or cluster-scoped (Crossplane v1 style).
type scope struct {
	Name       string // As spec rule markers name the scope.
	Dir        string // Folder between the group and the version; "" for none.
	Domain     string // Appended to the group folder to form the API group.
	Adjective  string // For the package doc.
	Spec       string // Crossplane's managed resource spec type (package xpv2).
	Resource   string // Value of +kubebuilder:resource:scope.
	KindFormat string // Godoc of the kind: article, kind name, noun (fmt verbs %[1]s, %[2]s, %[3]s).
}

var scopes = []scope{
	{
		Name:       "namespaced",
		Dir:        "m",
		Domain:     "github.m.crossplane.io",
		Adjective:  "namespaced",
		Spec:       "ManagedResourceSpec",
		Resource:   "Namespaced",
		KindFormat: "%[1]s %[2]s is a GitHub %[3]s managed from a namespace. It reaches GitHub through a ProviderConfig in its namespace or a ClusterProviderConfig.",
	},
	{
		Name:       "cluster",
		Dir:        "",
		Domain:     "github.crossplane.io",
		Adjective:  "cluster-scoped",
		Spec:       "ClusterManagedResourceSpec",
		Resource:   "Cluster",
		KindFormat: "%[1]s %[2]s is a cluster-scoped (Crossplane v1 style) GitHub %[3]s. It reaches GitHub through a legacy ProviderConfig (github.crossplane.io).",
	},
}

// isScope tells whether name is the Name of a scope.
func isScope(name string) bool {
	for _, s := range scopes {
		if s.Name == name {
			return true
		}
	}
	return false
}

// path is the folder, relative to the apis folder, of a group's version in this scope.
func (s scope) path(group, version string) string {
	if s.Dir == "" {
		return group + "/" + version
	}
	return group + "/" + s.Dir + "/" + version
}

// apiGroup is the Kubernetes API group of a group folder in this scope.
func (s scope) apiGroup(group string) string {
	return group + "." + s.Domain
}
