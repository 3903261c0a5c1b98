// Package repository reconciles Repository managed resources of both scopes
// (namespaced and cluster) with one external client.
package repository

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	repo "github.com/crossplane-github/provider-github/internal/clients/repository"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a Repository of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.RepositoryParameters
	Observation() *common.RepositoryObservation
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonRenamedBack event.Reason = "RenamedBack"
	reasonUnarchived  event.Reason = "Unarchived"
)

// githubAPI is what the repository controller needs from GitHub: the areas a
// Repository spans.
type githubAPI interface {
	github.ReposAPI
	github.CustomPropertiesAPI
	github.TopicsAPI
	github.VulnerabilityAlertsAPI
	github.ReleaseSecurityAPI
	github.UsersAPI
	github.RepoCodeSecurityAPI
	bypassAPI
}

// bypassAPI finds the reviewers of delegated bypass: teams by slug and
// organization roles by name.
type bypassAPI interface {
	GetTeam(ctx context.Context, org, slug string) (*github.Team, error)
	ListOrgRoles(ctx context.Context, org string) ([]github.OrgRole, error)
}

// external manages one Repository's GitHub repository. It lives for one
// reconcile: Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api          githubAPI
	defaultOwner string
	record       event.Recorder

	observed *github.Repository
	// The repository's switches GitHub keeps at endpoints of their own,
	// read by Observe when declared; nil when not read.
	vuln      *bool
	reporting *bool
	immutable *github.ImmutableReleases
	// bypass are the reviewers of the declared delegated bypass, resolved
	// to ids by Observe; resolved keeps them across reconciles.
	bypass   []github.BypassReviewer
	resolved *bypassIDs
	// enforced is what an enforced code security configuration holds of
	// the declared security features, found by Observe (nil when nothing):
	// Update leaves those alone.
	enforced *common.SecurityEnforcement
}

func (e *external[T]) identity(mg T) (owner, name string, err error) {
	p := mg.Parameters()
	ext := meta.GetExternalName(mg)
	owner = repo.Owner(p, e.defaultOwner)
	name = repo.Name(p, ext, mg.GetName())
	if owner == "" {
		return "", "", errors.New("no owner for the repository: set spec.forProvider.owner, or spec.owner of the provider configuration")
	}
	if p.Name != nil && ext != "" && *p.Name != ext {
		return "", "", errors.Errorf("spec.forProvider.name %q and the crossplane.io/external-name annotation %q name different repositories: make them equal", *p.Name, ext)
	}
	return owner, name, nil
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, the provider configuration's owner and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe finds the repository (following renames by id), refuses to take
// over one this resource did not create or was not pointed at, and compares
// its settings with the spec.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	owner, name, err := e.identity(mg)
	if err != nil {
		if meta.WasDeleted(mg) && meta.GetExternalName(mg) == "" {
			// Never created, and now being deleted: nothing to do.
			return managed.ExternalObservation{ResourceExists: false}, nil
		}
		return managed.ExternalObservation{}, err
	}
	return e.observe(ctx, mg, owner, name)
}

func (e *external[T]) observe(ctx context.Context, mg T, owner, name string) (managed.ExternalObservation, error) {
	r, err := e.find(ctx, mg, owner, name)
	if err != nil || r == nil {
		return managed.ExternalObservation{}, err
	}
	if !strings.EqualFold(r.Owner.Login, owner) {
		return managed.ExternalObservation{}, kind.NotOursf("repository %s (id %d) now belongs to %s, not %s: transfer it back on GitHub, or delete this Repository (the repository is left alone)", r.FullName, r.ID, r.Owner.Login, owner)
	}

	if meta.WasDeleted(mg) && r.Archived && ptr.Deref(mg.Parameters().ArchiveOnDelete, false) {
		// Archived on delete: as far as this resource goes, it is gone.
		return managed.ExternalObservation{ResourceExists: false}, nil
	}

	adopted := false
	if meta.GetExternalName(mg) == "" {
		if !createdByThisResource(mg, r) {
			return managed.ExternalObservation{}, kind.NotOursf("%s/%s already exists on GitHub and this Repository did not create it; to manage it, set the annotation crossplane.io/external-name: %s", owner, name, name)
		}
		kind.Recovered(mg, e.record, name, r.FullName, "created by this Repository")
		adopted = true
	}

	p := mg.Parameters()
	e.observed = r
	if err := e.readSwitches(ctx, p, r); err != nil {
		return managed.ExternalObservation{}, err
	}

	*mg.Observation() = repo.Observation(r)
	if e.immutable != nil {
		mg.Observation().ImmutableReleasesEnforcedByOwner = ptr.To(e.immutable.EnforcedByOwner)
	}
	if err := e.resolveBypassReviewers(ctx, mg, p, r); err != nil {
		// The repository exists, and its status says so: only what its
		// reviewers name is wrong, and Ready says what.
		unavailable := xpv2.Unavailable()
		unavailable.Message = err.Error()
		mg.SetConditions(unavailable)
		return managed.ExternalObservation{}, err
	}
	lateInit := repo.LateInitialize(p, owner, name, r)
	drift := repo.Drift(p, name, repo.Actual{Repo: r, VulnerabilityAlerts: e.vuln, PrivateVulnerabilityReporting: e.reporting, ImmutableReleases: e.immutable,
		BypassReviewers: e.bypass})
	if e.enforced, err = e.enforcement(ctx, mg, r, drift); err != nil {
		return managed.ExternalObservation{}, err
	}
	drift = repo.Held(drift, e.enforced)
	mg.Observation().SecurityEnforcedBy = e.enforced
	available := xpv2.Available()
	available.Message = joinMessages(repo.BypassNotOffered(p, r), repo.EnforcementMessage(e.enforced))
	mg.SetConditions(available)
	return managed.ExternalObservation{
		ResourceExists:          true,
		ResourceUpToDate:        len(drift) == 0,
		ResourceLateInitialized: lateInit || adopted,
		ConnectionDetails:       repo.ConnectionDetails(r),
		Diff:                    strings.Join(drift, ", "),
	}, nil
}

// enforcement is what an enforced code security configuration attached to r
// holds of the security features drifting in drift, nil when nothing. The
// configuration is read only when a declared feature drifts: a repository
// without such drift spends nothing. A repository the configuration holds is
// up to date, so its verdict (kind.VerdictInputs) is confirmed poll after
// poll by conditional reads, the configuration's among them, that GitHub
// answers 304 free of rate-limit points; this observation, and its read of
// the configuration, runs again only when one of them changed (the
// configuration detached or no longer enforced, say), the spec changed, or
// a full read is due.
func (e *external[T]) enforcement(ctx context.Context, mg T, r *github.Repository, drift []string) (*common.SecurityEnforcement, error) {
	drifting := repo.SecurityFeatureDrift(drift)
	if len(drifting) == 0 {
		return nil, nil
	}
	a, err := e.api.RepoCodeSecurityConfiguration(ctx, r.Owner.Login, r.Name)
	if github.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, errors.Wrapf(err, "cannot read the code security configuration of %s (its security features differ from the spec)", r.FullName)
	}
	return repo.Enforcement(mg.Parameters(), a, drifting), nil
}

// joinMessages joins the non-empty messages into one.
func joinMessages(ms ...string) string {
	var out []string
	for _, m := range ms {
		if m != "" {
			out = append(out, m)
		}
	}
	return strings.Join(out, "; ")
}

// readSwitches reads the switches of r that p declares, each at its own
// endpoint (an undeclared one costs no request).
func (e *external[T]) readSwitches(ctx context.Context, p *common.RepositoryParameters, r *github.Repository) error {
	if p.VulnerabilityAlerts != nil {
		v, err := e.api.VulnerabilityAlerts(ctx, r.Owner.Login, r.Name)
		if err != nil {
			return errors.Wrapf(err, "cannot read the vulnerability alerts setting of %s", r.FullName)
		}
		e.vuln = &v
	}
	if p.PrivateVulnerabilityReporting != nil {
		v, err := e.api.PrivateVulnerabilityReporting(ctx, r.Owner.Login, r.Name)
		if err != nil {
			return errors.Wrapf(err, "cannot read whether %s takes private vulnerability reports", r.FullName)
		}
		e.reporting = &v
	}
	if p.ImmutableReleases != nil {
		v, err := e.api.ImmutableReleases(ctx, r.Owner.Login, r.Name)
		if err != nil {
			return errors.Wrapf(err, "cannot read whether the releases of %s are immutable", r.FullName)
		}
		e.immutable = &v
	}
	return nil
}

// find returns the repository this resource manages, or nil when there is
// none. GitHub's old-name redirect is followed by the HTTP client; the id in
// the status tells a renamed repository from another one that took the name.
func (e *external[T]) find(ctx context.Context, mg T, owner, name string) (*github.Repository, error) {
	knownID := mg.Observation().ID
	r, err := e.api.Get(ctx, owner, name)
	if err != nil && !github.IsNotFound(err) {
		return nil, errors.Wrapf(err, "cannot read repository %s/%s", owner, name)
	}
	if err == nil && knownID == nil && !strings.EqualFold(r.Name, name) {
		// GitHub redirected a former name to the repository that now has
		// another: the name itself is free.
		if meta.GetExternalName(mg) == "" {
			return nil, nil
		}
		return nil, kind.NotOursf("%s/%s was renamed to %s on GitHub; to manage that repository, set the annotation crossplane.io/external-name (and spec.forProvider.name, if set) to %s", owner, name, r.FullName, r.Name)
	}
	if err == nil && (knownID == nil || r.ID == *knownID) {
		return r, nil
	}
	if knownID == nil {
		return nil, nil
	}
	ours, idErr := e.api.GetByID(ctx, *knownID)
	if idErr != nil && !github.IsNotFound(idErr) {
		return nil, errors.Wrapf(idErr, "cannot read repository id %d (formerly %s/%s)", *knownID, owner, name)
	}
	switch {
	case idErr == nil && err == nil && meta.WasDeleted(mg):
		return ours, nil
	case idErr == nil && err == nil:
		return nil, errors.Errorf("repository %s/%s is now a different repository (id %d); the one this Repository manages (id %d) was renamed to %s: rename or remove one of them on GitHub", owner, name, r.ID, *knownID, ours.FullName)
	case idErr == nil:
		return ours, nil
	case err == nil:
		return nil, kind.NotOursf("the repository this Repository managed (id %d) was deleted, and %s/%s is now a different repository (id %d); to manage that one, recreate this Repository with the annotation crossplane.io/external-name: %s", *knownID, owner, name, r.ID, name)
	}
	e.record.Event(mg, event.Warning(kind.ReasonMissing, errors.Errorf("repository %s/%s (id %d) no longer exists on GitHub", owner, name, *knownID)))
	return nil, nil
}

// createdByThisResource tells, when the record of a create was lost (the
// provider stopped between GitHub creating the repository and the external
// name being saved, or GitHub's answer to the create was lost), whether r
// is that create's result: GitHub created it during that create, and it is
// the repository the create asked for (kind.Recovers).
func createdByThisResource(mg Object, r *github.Repository) bool {
	return kind.Recovers(mg, r.CreatedAt, repo.CreateDrift(mg.Parameters(), r))
}

// Create creates the repository: plain, from a template, or as a fork.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	owner, name, err := e.identity(mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	org, err := e.organization(ctx, owner)
	if err != nil {
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create repository %s/%s", owner, name)
	}
	p := mg.Parameters()
	var r *github.Repository
	what := fmt.Sprintf("cannot create repository %s/%s", owner, name)
	switch {
	case p.Fork != nil:
		what = fmt.Sprintf("cannot fork %s/%s into %s/%s", p.Fork.Owner, p.Fork.Repository, owner, name)
		r, err = e.api.Fork(ctx, p.Fork.Owner, p.Fork.Repository, repo.ForkRequest(p, org, name))
	case p.Template != nil:
		what = fmt.Sprintf("cannot generate %s/%s from template %s/%s", owner, name, p.Template.Owner, p.Template.Repository)
		r, err = e.api.Generate(ctx, p.Template.Owner, p.Template.Repository, repo.TemplateRequest(p, owner, name))
	default:
		q := repo.CreateRequest(p, name)
		if org != "" {
			// An organization's create takes the values, so the
			// repository is classified (and its rulesets apply) from the
			// start, and a property that asks for a value at every
			// create has one.
			if q.CustomProperties, err = repo.CreateProperties(p.CustomProperties); err != nil {
				return managed.ExternalCreation{}, errors.Wrap(err, what)
			}
		}
		r, err = e.api.Create(ctx, org, q)
		if err != nil && org != "" && len(p.CustomProperties) > 0 {
			err = e.explainProperties(ctx, org, p, err)
		}
	}
	if github.IsUnprocessable(err) && strings.Contains(err.Error(), "already exists") {
		return managed.ExternalCreation{}, errors.Errorf("%s/%s already exists on GitHub; to manage it, set the annotation crossplane.io/external-name: %s", owner, name, name)
	}
	if err != nil {
		return managed.ExternalCreation{}, errors.Wrap(err, what)
	}
	meta.SetExternalName(mg, name)
	if p.Fork == nil && p.Template == nil && lateInitializes(mg) {
		// GitHub's answer to a plain create is the repository as created:
		// what the spec leaves unset is late-initialized from it now, and
		// saved with the record of the create, instead of by one more
		// update (often a conflicting one) after the first observation.
		// Forks and generated repositories are filled in by GitHub after
		// it answers: their first observation late-initializes them.
		// Without the LateInitialize management policy, nothing is.
		repo.LateInitialize(p, owner, name, r)
	}
	return managed.ExternalCreation{ConnectionDetails: repo.ConnectionDetails(r)}, nil
}

// organization returns owner when it is an organization, and "" when it is
// the authenticated user: GitHub creates user repositories only for the user
// whose credentials create them.
func (e *external[T]) organization(ctx context.Context, owner string) (string, error) {
	acct, err := e.api.GetAccount(ctx, owner)
	if err != nil {
		return "", errors.Wrapf(err, "cannot read account %s", owner)
	}
	if acct.Type == "Organization" {
		return owner, nil
	}
	login, err := e.api.GetAuthenticatedLogin(ctx)
	if err != nil {
		return "", errors.Wrapf(err, "%s is a user account, and GitHub creates user repositories only for the authenticated user; the credentials' user cannot be read (GitHub App installations can create repositories only in organizations)", owner)
	}
	if !strings.EqualFold(login, owner) {
		return "", errors.Errorf("%s is a user account, but the credentials belong to %s: GitHub creates user repositories only for the authenticated user", owner, login)
	}
	return "", nil
}

// Update brings the repository to the spec: unarchive first (archived
// repositories accept no other change), rename back, apply settings, topics
// and vulnerability alerts, and archive last.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	_, name, err := e.identity(mg)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	r, p := e.observed, mg.Parameters()
	if r == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a repository that was not observed first")
	}
	archive := ptr.Deref(p.Archived, r.Archived)

	if r.Archived && !archive {
		if r, err = e.edit(ctx, r, &github.RepositoryRequest{Archived: ptr.To(false)}, "unarchive"); err != nil {
			return managed.ExternalUpdate{}, err
		}
		e.record.Event(mg, event.Normal(reasonUnarchived, fmt.Sprintf("Unarchived %s, as spec.forProvider.archived is false", r.FullName)))
	}
	if r.Name != name {
		was := r.FullName
		if r, err = e.edit(ctx, r, &github.RepositoryRequest{Name: ptr.To(name)}, "rename back"); err != nil {
			return managed.ExternalUpdate{}, err
		}
		e.record.Event(mg, event.Normal(reasonRenamedBack, fmt.Sprintf("Repository was renamed to %s outside Kubernetes; renamed it back to %s", was, r.FullName)))
	}
	if r.Archived {
		return managed.ExternalUpdate{}, nil
	}
	// Settings, security features, topics and alerts are independent: one
	// that GitHub refuses does not hold back the others.
	var errs []error
	if q := repo.SettingsRequest(p, r); q != nil {
		if out, err := e.edit(ctx, r, q, "update settings of"); err != nil {
			errs = append(errs, err)
		} else {
			r = out
		}
	}
	var held []string
	if e.enforced != nil {
		held = e.enforced.Fields
	}
	if q := repo.SecurityRequest(p, r, held...); q != nil {
		if out, err := e.edit(ctx, r, q, "update security features of"); err != nil {
			errs = append(errs, err)
		} else {
			r = out
		}
	}
	// After the features: delegated bypass needs push protection on.
	if want := repo.DelegatedBypass(p); repo.BypassDrift(want, e.bypass, r.SecurityAndAnalysis) {
		if out, err := e.edit(ctx, r, repo.BypassRequest(want, e.bypass), "update the push protection delegated bypass of"); err != nil {
			errs = append(errs, err)
		} else {
			r = out
		}
	}
	if !repo.TopicsUpToDate(p.Topics, r.Topics) {
		if err := e.api.ReplaceTopics(ctx, r.Owner.Login, r.Name, p.Topics); err != nil {
			errs = append(errs, errors.Wrapf(err, "cannot set the topics of %s", r.FullName))
		}
	}
	if want := p.VulnerabilityAlerts; want != nil && (e.vuln == nil || *e.vuln != *want) {
		if err := e.api.SetVulnerabilityAlerts(ctx, r.Owner.Login, r.Name, *want); err != nil {
			errs = append(errs, errors.Wrapf(err, "cannot set the vulnerability alerts of %s", r.FullName))
		}
	}
	if want := p.PrivateVulnerabilityReporting; want != nil && (e.reporting == nil || *e.reporting != *want) {
		if err := e.api.SetPrivateVulnerabilityReporting(ctx, r.Owner.Login, r.Name, *want); err != nil {
			errs = append(errs, errors.Wrapf(err, "cannot turn %s private vulnerability reporting of %s", onOff(*want), r.FullName))
		}
	}
	if want := p.ImmutableReleases; want != nil && (e.immutable == nil || repo.ImmutableReleasesDrift(want, e.immutable)) {
		if err := e.api.SetImmutableReleases(ctx, r.Owner.Login, r.Name, *want); err != nil {
			errs = append(errs, errors.Wrapf(err, "cannot turn %s immutable releases of %s", onOff(*want), r.FullName))
		}
	}
	if err := e.setCustomProperties(ctx, r, p); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return managed.ExternalUpdate{}, errors.Join(errs...)
	}
	if archive {
		if _, err := e.edit(ctx, r, &github.RepositoryRequest{Archived: ptr.To(true)}, "archive"); err != nil {
			return managed.ExternalUpdate{}, err
		}
	}
	return managed.ExternalUpdate{}, nil
}

// setCustomProperties writes the declared custom property values that
// differ on GitHub; the repository's other properties are left alone.
// When GitHub refuses them, the organization's schema is read to say
// which property it lacks or what values it takes.
func (e *external[T]) setCustomProperties(ctx context.Context, r *github.Repository, p *common.RepositoryParameters) error {
	q, err := repo.PropertiesRequest(p.CustomProperties, r.CustomProperties)
	if err != nil || len(q) == 0 {
		return err
	}
	err = e.api.SetCustomPropertyValues(ctx, r.Owner.Login, r.Name, q)
	if err == nil {
		return nil
	}
	return errors.Wrapf(e.explainProperties(ctx, r.Owner.Login, p, err), "cannot set the custom properties of %s", r.FullName)
}

// explainProperties adds to err, GitHub refusing the declared custom
// property values of a repository of org, which property the
// organization lacks or what values it takes, as its schema says; err as
// it is when GitHub's refusal is of another kind or the schema says
// nothing more.
func (e *external[T]) explainProperties(ctx context.Context, org string, p *common.RepositoryParameters, err error) error {
	if !github.IsUnprocessable(err) {
		return err
	}
	schema, lerr := e.api.ListCustomProperties(ctx, org)
	if lerr != nil {
		return err
	}
	if why := repo.ExplainRefusal(p.CustomProperties, schema, org); why != "" {
		return errors.Wrap(err, why)
	}
	return err
}

func (e *external[T]) edit(ctx context.Context, r *github.Repository, q *github.RepositoryRequest, what string) (*github.Repository, error) {
	out, err := e.api.Edit(ctx, r.Owner.Login, r.Name, q)
	if err != nil {
		return nil, errors.Wrapf(err, "cannot %s repository %s", what, r.FullName)
	}
	return out, nil
}

// Delete deletes the repository, or archives it when archiveOnDelete is set.
// A repository that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	e.resolved.forget(mg.GetUID())
	r := e.observed
	if r == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a repository that was not observed first")
	}
	if ptr.Deref(mg.Parameters().ArchiveOnDelete, false) {
		if r.Archived {
			return managed.ExternalDelete{}, nil
		}
		_, err := e.edit(ctx, r, &github.RepositoryRequest{Archived: ptr.To(true)}, "archive (archiveOnDelete)")
		return managed.ExternalDelete{}, err
	}
	err := e.api.Delete(ctx, r.Owner.Login, r.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete repository %s", r.FullName)
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }

// onOff is on for true, off for false.
func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// lateInitializes tells whether mg's management policies let the spec be
// late-initialized, as the managed reconciler (management policies on,
// see shared.Options) decides it.
func lateInitializes(mg resource.Managed) bool {
	return managed.NewManagementPoliciesResolver(true, mg.GetManagementPolicies()).ShouldLateInitialize()
}
