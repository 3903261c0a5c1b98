// Package controller wires every controller of the provider into a manager.
package controller

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/customresourcesgate"
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/crossplane-github/provider-github/internal/controller/actionsoidcsubjectclaim"
	"github.com/crossplane-github/provider-github/internal/controller/actionspermissions"
	"github.com/crossplane-github/provider-github/internal/controller/actionsvariable"
	"github.com/crossplane-github/provider-github/internal/controller/autolinkreference"
	"github.com/crossplane-github/provider-github/internal/controller/branch"
	"github.com/crossplane-github/provider-github/internal/controller/branchprotection"
	"github.com/crossplane-github/provider-github/internal/controller/codescanningdefaultsetup"
	"github.com/crossplane-github/provider-github/internal/controller/codesecurityconfiguration"
	"github.com/crossplane-github/provider-github/internal/controller/collaborator"
	"github.com/crossplane-github/provider-github/internal/controller/collaboratorset"
	"github.com/crossplane-github/provider-github/internal/controller/config"
	"github.com/crossplane-github/provider-github/internal/controller/customproperty"
	"github.com/crossplane-github/provider-github/internal/controller/deploykey"
	"github.com/crossplane-github/provider-github/internal/controller/environment"
	"github.com/crossplane-github/provider-github/internal/controller/issuelabel"
	"github.com/crossplane-github/provider-github/internal/controller/issuelabels"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/membership"
	"github.com/crossplane-github/provider-github/internal/controller/organizationinteractionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/organizationroleassignment"
	"github.com/crossplane-github/provider-github/internal/controller/organizationruleset"
	"github.com/crossplane-github/provider-github/internal/controller/organizationsettings"
	"github.com/crossplane-github/provider-github/internal/controller/pagessite"
	"github.com/crossplane-github/provider-github/internal/controller/repository"
	"github.com/crossplane-github/provider-github/internal/controller/repositoryfile"
	"github.com/crossplane-github/provider-github/internal/controller/repositoryinteractionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/ruleset"
	"github.com/crossplane-github/provider-github/internal/controller/secret"
	"github.com/crossplane-github/provider-github/internal/controller/shared"
	"github.com/crossplane-github/provider-github/internal/controller/team"
	"github.com/crossplane-github/provider-github/internal/controller/teammembership"
	"github.com/crossplane-github/provider-github/internal/controller/teamrepository"
	"github.com/crossplane-github/provider-github/internal/controller/webhook"
)

// kinds are the managed resource kinds of the provider, each in both
// scopes. A new kind adds its Setups here.
var kinds = [][]kind.Setup{
	repository.Setups,
	team.Setups,
	teamrepository.Setups,
	collaborator.Setups,
	branch.Setups,
	branchprotection.Setups,
	ruleset.Setups,
	deploykey.Setups,
	repositoryfile.Setups,
	webhook.Setups,
	environment.Setups,
	secret.Setups,
	actionsvariable.Setups,
	issuelabel.Setups,
	membership.Setups,
	teammembership.Setups,
	organizationsettings.Setups,
	organizationroleassignment.Setups,
	customproperty.Setups,
	organizationruleset.Setups,
	autolinkreference.Setups,
	actionsoidcsubjectclaim.Setups,
	pagessite.Setups,
	actionspermissions.Setups,
	issuelabels.Setups,
	collaboratorset.Setups,
	codesecurityconfiguration.Setups,
	repositoryinteractionlimit.Setups,
	organizationinteractionlimit.Setups,
	codescanningdefaultsetup.Setups,
}

// Setup adds every controller of the provider to mgr. With o.Gate set, a
// managed resource kind's controller starts only once its
// CustomResourceDefinition is established (safe start), watched by the
// gate's own controller; the provider configuration kinds are always
// installed and start at once.
func Setup(mgr ctrl.Manager, o shared.Options) error {
	if err := config.Setup(mgr, o.Options); err != nil {
		return err
	}
	if o.Gate != nil {
		if err := customresourcesgate.Setup(mgr, o.Options); err != nil {
			return err
		}
	}
	var count func(int)
	if o.Pace != nil {
		count = o.Pace.Count
	}
	pool, err := kind.NewPool(mgr, o.ForControllerRuntime(), count)
	if err != nil {
		return err
	}
	if err := mgr.AddReadyzCheck("managed-resources", pool.Ready(mgr.GetCache(), mgr.Elected())); err != nil {
		return errors.Wrap(err, "cannot add the readiness check of the managed resources")
	}
	ko := kind.Options{Options: o, Resolver: config.NewResolver(mgr.GetClient(), shared.NewStores(mgr.GetCache())), Pool: pool}
	if mo := o.MetricOptions; mo != nil && mo.MRStateMetrics != nil {
		ko.States = kind.NewStates(mo.MRStateMetrics, mo.PollStateMetricInterval)
		if err := mgr.Add(ko.States); err != nil {
			return errors.Wrap(err, "cannot add the state metrics recorder")
		}
	}
	for _, setups := range kinds {
		for _, setup := range setups {
			if err := setup(mgr, ko); err != nil {
				return err
			}
		}
	}
	return nil
}
