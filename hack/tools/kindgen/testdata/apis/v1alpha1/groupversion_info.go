// Package v1alpha1 is a hand-written group, as the provider configuration is.
// +groupName=shop.crossplane.io
package v1alpha1
