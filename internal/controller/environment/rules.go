package environment

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	env "github.com/crossplane-github/provider-github/internal/clients/environment"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// reasonUnavailableApp is the reason of the event that says a declared
// protection rule's app cannot be used.
const reasonUnavailableApp event.Reason = "UnavailableProtectionRuleApp"

// observeRules reads the custom deployment protection rules of environment
// name when p declares them (else it spends no request on them), and
// works out which to enable and which to remove. The apps the environment
// may use are read only when a declared rule is missing, to find its app;
// the message returned names the declared apps it cannot use ("" when
// none), which are not drift: no write makes them usable.
func (e *external[T]) observeRules(ctx context.Context, p *common.EnvironmentParameters, name string) (string, error) {
	e.rules, e.enable, e.remove = nil, nil, nil
	if !env.DeclaresRules(p) {
		return "", nil
	}
	if e.observed != nil {
		var err error
		if e.rules, err = e.api.ListProtectionRules(ctx, e.repo.Owner, e.repo.Name, name); err != nil {
			return "", errors.Wrapf(err, "cannot list the custom deployment protection rules of environment %q of %s", name, e.repo.FullName())
		}
	}
	missing, remove := env.RuleChanges(p, e.rules)
	e.remove = remove
	if len(missing) == 0 {
		return "", nil
	}
	apps, err := e.api.ListProtectionRuleApps(ctx, e.repo.Owner, e.repo.Name, name)
	if err != nil {
		return "", errors.Wrapf(err, "cannot list the apps environment %q of %s can use as custom deployment protection rules", name, e.repo.FullName())
	}
	enable, unavailable := env.ResolveApps(missing, apps)
	e.enable = enable
	return env.UnavailableMessage(unavailable, apps, e.repo.FullName(), name), nil
}

// reportUnavailable says, in mg's Ready condition and a warning, which
// declared apps the environment cannot use; nothing when msg is "".
func (e *external[T]) reportUnavailable(mg T, msg string) {
	if msg == "" {
		return
	}
	c := xpv2.Unavailable()
	c.Message = msg
	mg.SetConditions(c)
	e.record.Event(mg, event.Warning(reasonUnavailableApp, errors.New(msg)))
}

// syncRules enables the rules Observe found missing, of the apps the
// environment can use, and removes those it found undeclared.
func (e *external[T]) syncRules(ctx context.Context, name string) error {
	for _, a := range e.enable {
		if _, err := e.api.CreateProtectionRule(ctx, e.repo.Owner, e.repo.Name, name, a.ID); err != nil {
			return errors.Wrapf(err, "cannot enable the custom deployment protection rule of app %q on environment %q of %s", a.Slug, name, e.repo.FullName())
		}
	}
	for _, r := range e.remove {
		err := e.api.DeleteProtectionRule(ctx, e.repo.Owner, e.repo.Name, name, r.ID)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot remove the custom deployment protection rule of app %q, which spec.forProvider.customProtectionRules does not list, from environment %q of %s", r.App.Slug, name, e.repo.FullName())
		}
	}
	return nil
}
