// Package v1alpha1 holds the parameter and observation types of the repo
// group's kinds, which the namespaced (repo.github.m.crossplane.io) and
// cluster-scoped (repo.github.crossplane.io) kinds share, so that one mapping
// package and one external client serve both scopes; and RepositoryTarget,
// which every repository-scoped kind embeds to name its repository. The
// per-scope kinds are generated from the +github:kind markers here
// (hack/tools/kindgen).
// +kubebuilder:object:generate=true
package v1alpha1
