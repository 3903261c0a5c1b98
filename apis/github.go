// Package apis contains the Kubernetes API groups of provider-github.
// AddToSchemes, which lists every group, is generated (zz_generated.groups.go).
package apis

import (
	"k8s.io/apimachinery/pkg/runtime"
)

// AddToScheme adds every API group of the provider to s.
func AddToScheme(s *runtime.Scheme) error {
	return AddToSchemes.AddToScheme(s)
}
