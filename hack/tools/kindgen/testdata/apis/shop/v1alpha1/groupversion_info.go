// Package v1alpha1 has a hand-written group version, so kindgen writes none here.
// +groupName=shop.github.crossplane.io
package v1alpha1

import "k8s.io/apimachinery/pkg/runtime/schema"

// SchemeGroupVersion is declared by hand.
var SchemeGroupVersion = schema.GroupVersion{Group: "shop.github.crossplane.io", Version: "v1alpha1"}
