// Package v1alpha1 holds the types that the status of every managed
// resource kind of provider-github shares, whatever its API group.
// +kubebuilder:object:generate=true
package v1alpha1
