// Package environment reconciles Environment managed resources of both
// scopes (namespaced and cluster) with one external client: a repository's
// deployment environment, known by its name, and its custom deployment
// branch policies.
package environment

import (
	"context"
	"fmt"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/dropped"
	env "github.com/crossplane-github/provider-github/internal/clients/environment"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an Environment of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.EnvironmentParameters
	Observation() *common.EnvironmentObservation
	RepositoryTarget() *common.RepositoryTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonDropped event.Reason = "DroppedByGitHub"
)

// teamResolver finds the GitHub team of a Team resource of mg's scope
// (kind.Connection.TeamResource).
type teamResolver func(ctx context.Context, mg resource.Managed, field, name string) (kind.Team, error)

// githubAPI is what the environment controller needs from GitHub: a repository's
// environments and their branch policies, and the users and teams that
// review deployments, looked up by login and slug; its custom deployment
// protection rules and the apps that may be.
type githubAPI interface {
	github.EnvironmentsAPI
	github.ProtectionRulesAPI
	github.UsersAPI
	github.TeamsAPI
}

// external manages one Environment. It lives for one reconcile: Observe
// keeps what it read for Create, Update and Delete.
type external[T Object] struct {
	api    githubAPI
	repo   kind.Repository
	teams  teamResolver
	record event.Recorder
	now    func() time.Time

	// observed is the environment as Observe found it; nil when it does
	// not exist.
	observed *github.Environment
	// policies are its custom policies, when it uses them.
	policies []github.BranchPolicy
	// refIDs are the ids of the teams the reviewers name by teamRef, by
	// the Team resource's name.
	refIDs map[string]int64
	// rules are its custom deployment protection rules, read when the spec
	// declares them; enable and remove are what makes them the declared
	// ones (see observeRules).
	rules  []github.ProtectionRule
	enable []github.ProtectionRuleApp
	remove []github.ProtectionRule
}

// Observe reads the environment by its name. Without an external name it
// is this resource's only when a create of this resource was interrupted
// after GitHub created it (see recover); anyone else's is not taken over.
// An environment GitHub no longer has is created again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	deleting := meta.WasDeleted(mg)
	// What GitHub left out when last written; the observation is made
	// afresh below.
	leftOut := mg.Observation().DroppedByGitHub
	got, recovering, err := e.byName(p.Name).Find(ctx, mg, p.Name)
	if err != nil || got == nil {
		return managed.ExternalObservation{}, err
	}
	if recovering && !kind.CreatedByLostCreate(mg, got.CreatedAt) {
		return managed.ExternalObservation{}, e.byName(got.Name).NotOurs(got.Name)
	}
	e.observed = got
	if env.UsesCustomPolicies(got) {
		if e.policies, err = e.api.ListBranchPolicies(ctx, e.repo.Owner, e.repo.Name, got.Name); err != nil {
			return managed.ExternalObservation{}, errors.Wrapf(err, "cannot list the deployment branch policies of environment %q of %s", got.Name, e.repo.FullName())
		}
	}
	if deleting {
		if !recovering {
			e.observe(mg, got)
		}
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	unavailable, err := e.observeRules(ctx, p, got.Name)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	if !recovering {
		// Someone else's environment is not reported as this resource's.
		e.observe(mg, got)
	}
	if err := e.resolveTeamRefs(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	reviewers := env.Reviewers(p, e.refIDs)
	if recovering {
		if err := e.byName(got.Name).Claim(mg, got.Name, got.CreatedAt, env.CreateDrift(p, reviewers, got)); err != nil {
			return managed.ExternalObservation{}, err
		}
		e.observe(mg, got)
	}
	leftOut = env.Prune(leftOut, reviewers, got)
	drift := append(env.Drift(p, env.Kept(reviewers, leftOut), got, e.policies), env.RulesDrift(e.enable, e.remove)...)
	settling := leftOut != nil && dropped.StillSettling(mg.GetCreationTimestamp(), e.now())
	if len(drift) == 0 && (settling || env.RetryDue(leftOut, e.now())) {
		drift = append(drift, dropped.AskAgain)
	}
	e.reportDropped(mg, leftOut, got.Name)
	e.reportUnavailable(mg, unavailable)
	return kind.Exists(drift, recovering), nil
}

// observe records got in mg's status.
func (e *external[T]) observe(mg T, got *github.Environment) {
	*mg.Observation() = env.Observation(e.repo.FullName(), got, e.policies)
	mg.Observation().CustomProtectionRules = env.RulesObservation(e.rules)
	mg.SetConditions(xpv2.Available())
}

// byName finds the environment of name (see kind.ByName).
func (e *external[T]) byName(name string) kind.ByName[github.Environment] {
	return kind.ByName[github.Environment]{
		Noun: "environment", Kind: "Environment", In: e.repo, Record: e.record,
		What: func(name string) string { return fmt.Sprintf("environment %q of %s", name, e.repo.FullName()) },
		Same: env.SameName,
		Get: func(ctx context.Context) (*github.Environment, error) {
			return e.api.GetEnvironment(ctx, e.repo.Owner, e.repo.Name, name)
		},
	}
}

// Create creates the environment with its settings and custom policies,
// and records its name as the external name. GitHub's create is also its
// update: Observe found no environment of the name just before.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	reviewers, err := e.reviewerIDs(ctx, mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	got, err := e.api.PutEnvironment(ctx, e.repo.Owner, e.repo.Name, p.Name, env.Request(p, reviewers))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create environment %q: cannot find repository %s%s", p.Name, e.repo.FullName(), e.repo.NamedBy())
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create environment %q in %s", p.Name, e.repo.FullName())
	}
	meta.SetExternalName(mg, got.Name)
	if err := e.syncPolicies(ctx, p, got.Name); err != nil {
		return managed.ExternalCreation{}, err
	}
	// A new environment has no rules: each declared one is to be enabled.
	// Those whose app it cannot use are reported by the next Observe.
	if _, err := e.observeRules(ctx, p, got.Name); err != nil {
		return managed.ExternalCreation{}, err
	}
	return managed.ExternalCreation{}, e.syncRules(ctx, got.Name)
}

// Update puts the declared settings, then makes the custom policies the
// declared ones.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.observed == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update an environment that was not observed first")
	}
	p := mg.Parameters()
	reviewers, err := e.reviewerIDs(ctx, mg)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	name := e.observed.Name
	got, err := e.api.PutEnvironment(ctx, e.repo.Owner, e.repo.Name, name, env.Request(p, reviewers))
	if err != nil {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update environment %q of %s", name, e.repo.FullName())
	}
	if !env.UsesCustomPolicies(e.observed) {
		// GitHub had none to read.
		e.policies = nil
	}
	// The Ready message Observe set names what GitHub left out before
	// this write; it goes with this status write, so both say the same.
	if msg := e.reportDropped(mg, env.Dropped(env.Reviewers(p, e.refIDs), got, e.now()), got.Name); msg != "" {
		if dropped.StillSettling(mg.GetCreationTimestamp(), e.now()) {
			// Its access may be on its way (see dropped.Settling).
			e.record.Event(mg, event.Normal(reasonDropped, msg))
		} else {
			e.record.Event(mg, event.Warning(reasonDropped, errors.New(msg)))
		}
	}
	if err := e.syncPolicies(ctx, p, got.Name); err != nil {
		return managed.ExternalUpdate{}, err
	}
	return managed.ExternalUpdate{}, e.syncRules(ctx, got.Name)
}

// reportDropped records the reviewer teams GitHub left out of environment
// name (nil for none) in mg's status, and names them in its Ready
// condition; it returns that message ("" for none).
func (e *external[T]) reportDropped(mg T, d *common.DroppedReviewers, name string) string {
	mg.Observation().DroppedByGitHub = d
	available := xpv2.Available()
	available.Message = env.DroppedMessage(d, e.refIDs, e.repo.FullName(), name)
	mg.SetConditions(available)
	return available.Message
}

// syncPolicies creates the declared custom policies GitHub lacks and
// deletes those it has that are not declared, when the spec uses custom
// policies.
func (e *external[T]) syncPolicies(ctx context.Context, p *common.EnvironmentParameters, name string) error {
	want := env.CustomPolicies(p)
	if len(want) == 0 {
		return nil
	}
	create, remove := env.PolicyChanges(want, e.policies)
	for _, c := range create {
		if _, err := e.api.CreateBranchPolicy(ctx, e.repo.Owner, e.repo.Name, name, c); err != nil {
			return errors.Wrapf(err, "cannot add the %s pattern %q to environment %q of %s", c.Type, c.Name, name, e.repo.FullName())
		}
	}
	for _, r := range remove {
		err := e.api.DeleteBranchPolicy(ctx, e.repo.Owner, e.repo.Name, name, r.ID)
		if resource.Ignore(github.IsNotFound, err) != nil {
			return errors.Wrapf(err, "cannot remove the pattern %q, which is not declared, from environment %q of %s", r.Name, name, e.repo.FullName())
		}
	}
	return nil
}

// Delete deletes the environment. One that is already gone counts as
// deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.observed == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete an environment that was not observed first")
	}
	name := e.observed.Name
	err := e.api.DeleteEnvironment(ctx, e.repo.Owner, e.repo.Name, name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete environment %q of %s", name, e.repo.FullName())
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
