// Package apis contains the Kubernetes API groups of provider-github.
package apis

import (
	"k8s.io/apimachinery/pkg/runtime"

	pcv1alpha1 "github.com/crossplane-github/provider-github/apis/m/v1alpha1"
	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	legacyv1alpha1 "github.com/crossplane-github/provider-github/apis/v1alpha1"
)

// AddToSchemes adds every API group of the provider to a scheme.
var AddToSchemes = runtime.SchemeBuilder{
	pcv1alpha1.SchemeBuilder.AddToScheme,
	legacyv1alpha1.SchemeBuilder.AddToScheme,
	repomv1alpha1.SchemeBuilder.AddToScheme,
	repov1alpha1.SchemeBuilder.AddToScheme,
}

// AddToScheme adds every API group of the provider to s.
func AddToScheme(s *runtime.Scheme) error {
	return AddToSchemes.AddToScheme(s)
}
