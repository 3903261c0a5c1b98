// Package pagessite reconciles PagesSite managed resources of both scopes
// with one external client: the GitHub Pages site of a repository, at
// most one per repository, which GitHub keeps at
// /repos/{owner}/{repo}/pages.
//
// Create publishes the site (POST: build type and source), then sets what
// a create cannot (custom domain, visibility) and records the
// repository's full name as the external name. Observe compares the site
// with the declaration and Update puts back what differs. A new custom
// domain has no https certificate until GitHub has verified it: meanwhile
// the resource is not Ready, with the reason WaitingForCertificate, is
// read again soon, and enforcing https (which GitHub refuses before the
// certificate exists) waits. Delete unpublishes the site. A site that
// exists without this resource having published it is someone else's: it
// is not adopted unless named in the external-name annotation. A second
// PagesSite of a repository is refused before it reads or writes
// anything.
package pagessite

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
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/pagessite"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// ReasonWaitingForCertificate is the reason of the Ready=False condition
// of a site whose custom domain GitHub has not verified, or whose https
// certificate it has not issued, yet.
const ReasonWaitingForCertificate xpv2.ConditionReason = "WaitingForCertificate"

// waitingPoll is how soon a site that waits for its certificate is read
// again, when the poll interval is longer.
const waitingPoll = 10 * time.Second

// Object is a PagesSite of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.PagesSiteParameters
	Observation() *common.PagesSiteObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one PagesSite's site, for one reconcile.
type external[T Object] struct {
	api github.PagesAPI
	in  kind.Repository
	// host is the GitHub API host of the credentials: a repository is
	// claimed once per host.
	host   string
	record event.Recorder
	// claimed is the error that an older PagesSite claims the repository;
	// nil when mg may publish its site.
	claimed func(ctx context.Context, mg T) error
	// got is the site Observe read, for Update to send what differs.
	got *github.PagesSite
}

// what names the site for messages.
func (e *external[T]) what() string {
	return fmt.Sprintf("the Pages site of repository %s", e.in.FullName())
}

// failed says what failed doing what. A 404 where the site should be is
// the repository missing (or hidden from the credentials); a 422, GitHub
// refusing the declaration, in its words: a branch that does not exist,
// a private site outside GitHub Enterprise Cloud.
func (e *external[T]) failed(err error, doing string, mg T) error {
	switch {
	case github.IsNotFound(err):
		return errors.Wrapf(err, "cannot %s %s: cannot find repository %s%s, or the credentials may not see it", doing, e.what(), e.in.FullName(), e.in.NamedBy())
	case github.IsUnprocessable(err):
		hint := "change spec.forProvider"
		if s := mg.Parameters().Source; mg.Parameters().BuildType == mapping.Legacy && s != nil {
			hint = fmt.Sprintf("the source branch %s must exist in repository %s (push it first, or change spec.forProvider.source.branch), and public: false needs GitHub Enterprise Cloud", s.Branch, e.in.FullName())
		}
		return errors.Wrapf(err, "GitHub refused %s: %s", e.what(), hint)
	}
	return errors.Wrapf(err, "cannot %s %s", doing, e.what())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs) — unless an older resource claims the repository:
// the claim check runs first, and its refusal keeps the verdict from
// confirming, so the observation runs and says so.
func (e *external[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	return "", e.claimed(ctx, mg)
}

// Observe reads the site. A resource being deleted that published it
// exists until it is unpublished. A resource whose repository an older
// one claims reads and writes nothing: its condition names the other.
// Without an external name a site found is someone else's, unless this
// resource's lost create made it; none found is to be published.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) == "" {
			return managed.ExternalObservation{}, nil
		}
		_, err := e.api.GetPages(ctx, e.in.Owner, e.in.Name)
		if github.IsNotFound(err) {
			return managed.ExternalObservation{}, nil
		}
		if err != nil {
			return managed.ExternalObservation{}, e.failed(err, "read", mg)
		}
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	// Recorded first, so that a younger claimant can tell which repository
	// this one claims even when it is refused.
	mg.Observation().Repository, mg.Observation().Host = ptr.To(e.in.FullName()), ptr.To(e.host)
	if err := e.claimed(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.GetPages(ctx, e.in.Owner, e.in.Name)
	if github.IsNotFound(err) {
		return managed.ExternalObservation{}, nil
	}
	if err != nil {
		return managed.ExternalObservation{}, e.failed(err, "read", mg)
	}
	e.got = got
	*mg.Observation() = mapping.Observation(e.in.FullName(), e.host, got)
	p := mg.Parameters()
	recovered := false
	if meta.GetExternalName(mg) == "" {
		if !kind.RecoversUntimed(mg, mapping.CreateDrift(p, got)) {
			return managed.ExternalObservation{}, kind.NotOursf("repository %s already has a Pages site (%s) that this PagesSite did not publish: "+
				"to manage it, set the annotation crossplane.io/external-name to %s; or unpublish it on GitHub", e.in.FullName(), ptr.Deref(got.BuildType, mapping.Legacy), e.in.FullName())
		}
		kind.Recovered(mg, e.record, e.in.FullName(), "the Pages site of repository "+e.in.FullName(), "published by this PagesSite")
		recovered = true
	}
	if waiting := mapping.Waiting(p, got); waiting != "" {
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(),
			Reason: ReasonWaitingForCertificate, Message: waiting})
	} else {
		mg.SetConditions(xpv2.Available())
	}
	o := kind.Exists(mapping.Drift(p, got), recovered)
	if ext := meta.GetExternalName(mg); ext != e.in.FullName() {
		meta.SetExternalName(mg, e.in.FullName())
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// Create publishes the site, sets what a create cannot, and records the
// repository's full name as the external name. GitHub's 409 is a site
// published meanwhile by someone else.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	got, err := e.api.CreatePages(ctx, e.in.Owner, e.in.Name, mapping.Create(mg.Parameters()))
	if github.StatusCode(err) == 409 {
		return managed.ExternalCreation{}, kind.NotOursf("repository %s already has a Pages site that this PagesSite did not publish: "+
			"to manage it, set the annotation crossplane.io/external-name to %s; or unpublish it on GitHub", e.in.FullName(), e.in.FullName())
	}
	if err != nil {
		return managed.ExternalCreation{}, e.failed(err, "publish", mg)
	}
	meta.SetExternalName(mg, e.in.FullName())
	return managed.ExternalCreation{}, e.update(ctx, mg, got)
}

// Update puts back what differs from the site Observe read.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	got := e.got
	if got == nil {
		var err error
		if got, err = e.api.GetPages(ctx, e.in.Owner, e.in.Name); err != nil {
			return managed.ExternalUpdate{}, e.failed(err, "read", mg)
		}
	}
	return managed.ExternalUpdate{}, e.update(ctx, mg, got)
}

// update sends the declared fields GitHub's site got differs in. GitHub's
// 422 for https enforced before the certificate exists (a certificate
// revoked since it was read) is waiting, not failing: the rest is sent
// without it.
func (e *external[T]) update(ctx context.Context, mg T, got *github.PagesSite) error {
	r := mapping.Update(mg.Parameters(), got)
	if r.Empty() {
		return nil
	}
	err := e.api.UpdatePages(ctx, e.in.Owner, e.in.Name, r)
	if github.IsUnprocessable(err) && r.HTTPSEnforced != nil && *r.HTTPSEnforced {
		r.HTTPSEnforced = nil
		if r.Empty() {
			return nil
		}
		err = e.api.UpdatePages(ctx, e.in.Owner, e.in.Name, r)
	}
	if err != nil {
		return e.failed(err, "update", mg)
	}
	return nil
}

// Delete unpublishes the site; one already gone is done.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if err := e.api.DeletePages(ctx, e.in.Owner, e.in.Name); err != nil && !github.IsNotFound(err) {
		return managed.ExternalDelete{}, e.failed(err, "unpublish", mg)
	}
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }

// pollSooner reads a site that waits for its certificate again within
// waitingPoll, rather than after the poll interval.
func pollSooner(mg resource.Managed, interval time.Duration) time.Duration {
	if c := mg.GetCondition(xpv2.TypeReady); c.Reason == ReasonWaitingForCertificate && interval > waitingPoll {
		return waitingPoll
	}
	return interval
}
