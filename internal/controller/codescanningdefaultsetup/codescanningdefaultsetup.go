// Package codescanningdefaultsetup reconciles CodeScanningDefaultSetup
// managed resources of both scopes with one external client: the code
// scanning default setup of a repository, one per repository, which GitHub
// keeps at /repos/{owner}/{repo}/code-scanning/default-setup.
//
// Every repository has a default setup, not configured until someone
// configures it, so the resource exists once the provider has written it:
// Create sends the declared setup and sets the external name to the
// repository's full name; from then on Observe compares it and Update
// sends it again. GitHub applies a configured setup with a run that
// validates it, answering the PATCH 202 with the run: until its GET shows
// the declared setup the resource is not Ready, with the reason
// Configuring — waiting, not failing: no warning, read again soon, nothing
// sent again while the run may still bring it (a changed spec is sent at
// once; GitHub's 409 for a run of another setup under way is waiting too).
// Languages the repository has no code in GitHub refuses with 422: the
// error, in Synced, repeats GitHub's message naming them and the
// repository's languages, and the reconciler backs off as for every
// refusal. GitHub has no DELETE for it: Delete turns the setup off
// (not-configured), which is what a repository nobody configured has; a
// repository that is gone has nothing left to turn off. A second
// CodeScanningDefaultSetup of a repository is refused before it reads or
// writes anything.
package codescanningdefaultsetup

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/codescanningdefaultsetup"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// ReasonConfiguring is the reason of the Ready=False condition of a
// default setup GitHub is still applying.
const ReasonConfiguring xpv2.ConditionReason = "Configuring"

const (
	// configuringPoll is how soon a setup GitHub is applying is read
	// again, when the poll interval is longer.
	configuringPoll = 5 * time.Second
	// runPatience is how long a run GitHub accepted may take to show the
	// declared setup before the setup is sent again.
	runPatience = 10 * time.Minute
	// busyPatience is how long the provider waits, after GitHub's 409
	// for a run of another setup under way, before it sends again.
	busyPatience = 10 * time.Second
)

// Object is a CodeScanningDefaultSetup of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.CodeScanningDefaultSetupParameters
	Observation() *common.CodeScanningDefaultSetupObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one CodeScanningDefaultSetup's setup, for one
// reconcile.
type external[T Object] struct {
	api github.CodeScanningDefaultSetupAPI
	in  kind.Repository
	// host is the GitHub API host of the credentials: a repository is
	// claimed once per host.
	host string
	// claimed is the error that an older CodeScanningDefaultSetup claims
	// the repository; nil when mg may configure its setup.
	claimed func(ctx context.Context, mg T) error
	// now is the clock.
	now func() time.Time
}

// what names the setup for messages.
func (e *external[T]) what() string {
	return fmt.Sprintf("the code scanning default setup of repository %s", e.in.FullName())
}

// failed says what failed doing what. GitHub's 404 means the repository
// is missing, or hidden from the credentials: the setup itself is never
// absent. Its 422 refuses the setup, languages the repository has no code
// in above all (GitHub's message names them and the repository's).
func (e *external[T]) failed(err error, doing string) error {
	switch {
	case github.IsNotFound(err):
		return errors.Wrapf(err, "cannot %s %s: cannot find repository %s%s, or the credentials may not see it", doing, e.what(), e.in.FullName(), e.in.NamedBy())
	case github.IsUnprocessable(err):
		return errors.Wrapf(err, "GitHub refused %s: declare in spec.forProvider.languages only languages GitHub detects in the repository's code, "+
			"or leave languages out to analyse all of them", e.what())
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

// Observe reads the setup. A resource being deleted that wrote it exists
// until the setup is off (see Delete); one that never wrote it has
// nothing to turn off. A resource whose repository an older one claims
// reads and writes nothing: its condition names the other. Without an
// external name the resource has not written the setup yet, and does not
// exist: Create sends it. A setup that differs from the declared one
// while GitHub's run applies the declared one is Configuring, not drift.
// The external name follows a renamed repository.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) == "" {
			return managed.ExternalObservation{}, nil
		}
		got, err := e.api.GetCodeScanningDefaultSetup(ctx, e.in.Owner, e.in.Name)
		if github.IsNotFound(err) {
			// No repository, no setup to turn off.
			return managed.ExternalObservation{}, nil
		}
		if err != nil {
			return managed.ExternalObservation{}, e.failed(err, "read")
		}
		return managed.ExternalObservation{ResourceExists: mapping.IsConfigured(got), ResourceUpToDate: true}, nil
	}
	// Recorded first, so that a younger claimant can tell which repository
	// this one claims even when it is refused.
	mg.Observation().Repository, mg.Observation().Host = ptr.To(e.in.FullName()), ptr.To(e.host)
	if err := e.claimed(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.api.GetCodeScanningDefaultSetup(ctx, e.in.Owner, e.in.Name)
	if err != nil {
		return managed.ExternalObservation{}, e.failed(err, "read")
	}
	prev := *mg.Observation()
	*mg.Observation() = mapping.Observation(e.in.FullName(), e.host, got)
	ext := meta.GetExternalName(mg)
	if ext == "" {
		return managed.ExternalObservation{}, nil
	}
	drift := mapping.Drift(mg.Parameters(), got)
	switch {
	case len(drift) == 0:
		mg.SetConditions(xpv2.Available())
	case e.configuring(mg, &prev, got):
		keepRun(mg.Observation(), &prev)
		msg := fmt.Sprintf("GitHub is applying the declared code scanning default setup of repository %s", e.in.FullName())
		if prev.RunURL != nil {
			msg += fmt.Sprintf(" (run %d, %s)", ptr.Deref(prev.RunID, 0), *prev.RunURL)
		} else {
			msg += " after the run of another setup under way"
		}
		msg += "; it shows " + fieldList(drift) + " as declared once the run has validated the setup"
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(),
			Reason: ReasonConfiguring, Message: msg})
		drift = nil
	}
	o := kind.Exists(drift, false)
	if ext != e.in.FullName() {
		meta.SetExternalName(mg, e.in.FullName())
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// configuring tells whether the setup mg last sent (recorded in prev) may
// still be on its way: sent for this spec, recently enough, and GitHub's
// setup unchanged since (got, its updated_at the one it had when the setup
// was sent): a setup GitHub changed since is the run's result, or someone
// else's change, and drift is drift.
func (e *external[T]) configuring(mg T, prev *common.CodeScanningDefaultSetupObservation, got *github.CodeScanningDefaultSetup) bool {
	if prev.ConfiguringSince == nil || ptr.Deref(prev.ConfiguringGeneration, -1) != mg.GetGeneration() ||
		ptr.Deref(prev.ConfiguringFrom, "") != ptr.Deref(got.UpdatedAt, "") {
		return false
	}
	patience := runPatience
	if prev.RunID == nil {
		patience = busyPatience
	}
	return e.now().Before(prev.ConfiguringSince.Add(patience))
}

// Create sends the declared setup and records the repository's full name
// as the external name: from then on the resource exists. A create whose
// record was lost sends it again.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.send(ctx, mg); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.in.FullName())
	return managed.ExternalCreation{}, nil
}

// Update sends the declared setup again.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	return managed.ExternalUpdate{}, e.send(ctx, mg)
}

// send writes the declared setup and records the run that applies it:
// none when GitHub had nothing to change; GitHub's 409 (a run of another
// setup under way) recorded as a wait without a run.
func (e *external[T]) send(ctx context.Context, mg T) error {
	o := mg.Observation()
	// GitHub's updated_at as Observe read it before this send.
	from := ptr.Deref(o.UpdatedAt, "")
	o.RunID, o.RunURL, o.ConfiguringSince, o.ConfiguringGeneration, o.ConfiguringFrom = nil, nil, nil, nil, nil
	wait := func() {
		o.ConfiguringSince, o.ConfiguringGeneration, o.ConfiguringFrom = ptr.To(metav1.NewTime(e.now())), ptr.To(mg.GetGeneration()), ptr.To(from)
	}
	run, err := e.api.UpdateCodeScanningDefaultSetup(ctx, e.in.Owner, e.in.Name, mapping.Request(mg.Parameters()))
	switch {
	case github.StatusCode(err) == http.StatusConflict:
		wait()
		return nil
	case err != nil:
		return e.failed(err, "configure")
	case run != nil && run.ID != 0:
		o.RunID, o.RunURL = ptr.To(run.ID), ptr.To(run.URL)
		wait()
	}
	return nil
}

// Delete turns the setup off (see the package's comment); the next
// Observe finds it off, and the deletion completes.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if _, err := e.api.UpdateCodeScanningDefaultSetup(ctx, e.in.Owner, e.in.Name, mapping.Off()); err != nil {
		if github.IsNotFound(err) {
			return managed.ExternalDelete{}, nil
		}
		return managed.ExternalDelete{}, e.failed(err, "turn off")
	}
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }

// keepRun copies the record of the run under way from prev into o.
func keepRun(o, prev *common.CodeScanningDefaultSetupObservation) {
	o.RunID, o.RunURL, o.ConfiguringSince, o.ConfiguringGeneration, o.ConfiguringFrom = prev.RunID, prev.RunURL, prev.ConfiguringSince, prev.ConfiguringGeneration, prev.ConfiguringFrom
}

// fieldList names the spec fields of drift for a message.
func fieldList(drift []string) string {
	s := ""
	for i, f := range drift {
		switch {
		case i == 0:
		case i == len(drift)-1:
			s += " and "
		default:
			s += ", "
		}
		s += f
	}
	return s
}

// pollSooner reads a setup GitHub is still applying again within
// configuringPoll, rather than after the poll interval.
func pollSooner(mg resource.Managed, interval time.Duration) time.Duration {
	if c := mg.GetCondition(xpv2.TypeReady); c.Reason == ReasonConfiguring && interval > configuringPoll {
		return configuringPoll
	}
	return interval
}
