// Package controller wires every controller of the provider into a manager.
package controller

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/crossplane-github/provider-github/internal/controller/config"
	"github.com/crossplane-github/provider-github/internal/controller/repository"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
)

// Setup adds every controller of the provider to mgr.
func Setup(mgr ctrl.Manager, o shared.Options) error {
	for _, setup := range []func(ctrl.Manager, shared.Options) error{
		func(m ctrl.Manager, o shared.Options) error { return config.Setup(m, o.Options) },
		repository.SetupNamespaced,
		repository.SetupCluster,
	} {
		if err := setup(mgr, o); err != nil {
			return err
		}
	}
	return nil
}
