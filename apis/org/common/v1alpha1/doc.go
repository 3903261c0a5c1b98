// Package v1alpha1 holds the parameter and observation types of the org
// group's kinds (objects that belong to an organization rather than to one
// repository), which the namespaced (org.github.m.crossplane.io) and
// cluster-scoped (org.github.crossplane.io) kinds share, so that one mapping
// package and one external client serve both scopes. The per-scope kinds are
// generated from the +github:kind markers here (hack/tools/kindgen).
// +kubebuilder:object:generate=true
package v1alpha1
