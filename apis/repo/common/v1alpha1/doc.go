// Package v1alpha1 holds the repository parameter and observation types that
// the namespaced (repo.github.m.crossplane.io) and cluster-scoped
// (repo.github.crossplane.io) Repository kinds share, so that one mapping
// package and one external client serve both scopes.
// +kubebuilder:object:generate=true
package v1alpha1
