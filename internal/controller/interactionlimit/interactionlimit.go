// Package interactionlimit is the external client that
// RepositoryInteractionLimit and OrganizationInteractionLimit share: the
// same temporary limit of who may interact, kept at a repository's and at
// an organization's endpoint (see the mapping,
// internal/clients/interactionlimit). Each kind's package says where its
// limit is (a Target) and how its resources keep what was seen.
//
// The resource exists once the provider has set the limit: Create puts
// the declared limit and sets the external name. Observe reads the limit
// in effect and judges it: the declared one is kept; another one, or one
// removed before its expiry, is set again; one GitHub lifted at its
// expiry is set again with renew (an event says until when) and otherwise
// reported as Expired, nothing written; one set elsewhere (the
// repository's organization) is shown and not fought. Delete removes the
// limit: it is temporary by nature, and one left behind would restrict a
// repository nobody declares a limit for.
package interactionlimit

import (
	"context"
	"fmt"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Reasons of the conditions and events of both kinds.
const (
	// ReasonExpired: GitHub lifted the limit at its expiry and renew is
	// not set.
	ReasonExpired xpv2.ConditionReason = "Expired"
	// ReasonLimitedByOrganization: the repository's organization has a
	// limit in effect, which GitHub lets no repository change.
	ReasonLimitedByOrganization xpv2.ConditionReason = "LimitedByOrganization"
	// ReasonRenewed: the limit lapsed and was set again (renew: true).
	ReasonRenewed event.Reason = "Renewed"
)

// A Target is where one resource's limit is, for one reconcile, and how
// the resource keeps what was seen of it.
type Target[T resource.Managed] struct {
	// What names the limit for messages ("the interaction limit of
	// repository o/r").
	What string
	// Own is the origin GitHub gives the limits set here (repository,
	// organization).
	Own string
	// FullName is the external name: the repository's full name, the
	// organization's login.
	FullName string
	// Get, Put and Delete read, set and remove the limit.
	Get    func(ctx context.Context) (*github.InteractionLimit, error)
	Put    func(ctx context.Context, r *github.InteractionLimitRequest) (*github.InteractionLimit, error)
	Delete func(ctx context.Context) error
	// Failed words an error of GitHub's doing something to the limit.
	Failed func(err error, doing string) error
	// Overridden is the condition message of a limit in effect set
	// elsewhere; nil where none can be (an organization's).
	Overridden func(seen mapping.Seen) string
	// Declared is mg's spec; Seen and Keep read and write what mg's
	// status keeps of the limit (Keep records the target too, so that a
	// younger claimant can tell which one mg claims).
	Declared func(mg T) mapping.Declared
	Seen     func(mg T) mapping.Seen
	Keep     func(mg T, s mapping.Seen)
	// Claimed is the error that an older resource claims the target;
	// nil when mg may set its limit.
	Claimed func(ctx context.Context, mg T) error
	// Extras are what the resource declares beside the limit (the pull
	// request creation cap, a repository's bypass list); nil when it
	// declares none, and then none is read.
	Extras Extras
	// Record records events.
	Record event.Recorder
	// Now is the clock.
	Now func() time.Time
}

// Extras are settings a resource declares beside its limit, which GitHub
// keeps at endpoints of their own and does not lift.
type Extras interface {
	// Drift reads them, records them in the resource's status and names
	// those that differ from the declared ones.
	Drift(ctx context.Context) ([]string, error)
	// Apply writes those that differ.
	Apply(ctx context.Context) error
	// Remove turns them off (the cap) or removes them (the bypass users
	// declared).
	Remove(ctx context.Context) error
	// Left tells whether any is still to be removed: a declared cap on, a
	// declared bypass user on the list.
	Left(ctx context.Context) (bool, error)
}

// External manages one resource's limit, for one reconcile.
type External[T resource.Managed] struct {
	Target[T]
	// verdict is Observe's, for Update.
	verdict mapping.Verdict
}

// VerdictInputs is nothing: an observation depends only on the spec, the
// annotations, its target, what the status keeps of the limit last seen
// and GitHub's answers, so a verdict may confirm it (see
// kind.VerdictInputs); a lapse shows in GitHub's answer, which then
// changes. An older resource claiming the target keeps the verdict from
// confirming: the claim check runs first, and the observation says so.
func (e *External[T]) VerdictInputs(ctx context.Context, mg T) (string, error) {
	return "", e.Claimed(ctx, mg)
}

// Observe reads the limit in effect and judges it (see the package's
// comment). A resource being deleted exists while its own limit is in
// effect, or a declared cap is on or a declared bypass user still on the
// list. A resource whose target an older one claims reads and writes
// nothing: its condition names the other.
func (e *External[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if meta.WasDeleted(mg) {
		if meta.GetExternalName(mg) == "" {
			return managed.ExternalObservation{}, nil
		}
		got, err := e.Get(ctx)
		if github.IsNotFound(err) {
			return managed.ExternalObservation{}, nil
		}
		if err != nil {
			return managed.ExternalObservation{}, e.Failed(err, "read")
		}
		if got.InEffect() && got.Origin == e.Own {
			return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
		}
		if e.Extras != nil {
			left, err := e.Extras.Left(ctx)
			if err != nil && !github.IsNotFound(err) {
				return managed.ExternalObservation{}, err
			}
			return managed.ExternalObservation{ResourceExists: left, ResourceUpToDate: true}, nil
		}
		return managed.ExternalObservation{}, nil
	}
	prev := e.Seen(mg)
	e.Keep(mg, prev)
	if err := e.Claimed(ctx, mg); err != nil {
		return managed.ExternalObservation{}, err
	}
	got, err := e.Get(ctx)
	if err != nil {
		return managed.ExternalObservation{}, e.Failed(err, "read")
	}
	seen := mapping.Next(prev, got, e.Own, e.Now())
	e.Keep(mg, seen)
	set := meta.GetExternalName(mg) != ""
	e.verdict = mapping.Judge(e.Declared(mg), seen, e.Own, set)
	if e.verdict == mapping.Unset {
		return managed.ExternalObservation{}, nil
	}
	drift := mapping.Drift(e.verdict)
	if e.Extras != nil {
		extra, err := e.Extras.Drift(ctx)
		if err != nil {
			return managed.ExternalObservation{}, err
		}
		drift = append(drift, extra...)
	}
	switch e.verdict {
	case mapping.Overridden:
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(),
			Reason: ReasonLimitedByOrganization, Message: e.Overridden(seen)})
	case mapping.Lapsed:
		mg.SetConditions(xpv2.Condition{Type: xpv2.TypeReady, Status: corev1.ConditionFalse, LastTransitionTime: metav1.Now(),
			Reason: ReasonExpired, Message: fmt.Sprintf("%s lapsed at %s: GitHub lifts every interaction limit when its expiry has passed, and renew is not set, so it was not set again; set spec.forProvider.renew to true to set it again now and whenever it lapses", capitalized(e.What), seen.LapsedAt.UTC().Format(time.RFC3339))})
	case mapping.Kept:
		mg.SetConditions(xpv2.Available())
	}
	o := kind.Exists(drift, false)
	// The organization's limit is not the resource's: it has set nothing
	// yet unless it had before.
	if (set || e.verdict != mapping.Overridden) && meta.GetExternalName(mg) != e.FullName {
		meta.SetExternalName(mg, e.FullName)
		o.ResourceLateInitialized = true
	}
	return o, nil
}

// Create sets the declared limit and records the target's full name as
// the external name: from then on the resource exists.
func (e *External[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	if err := e.put(ctx, mg); err != nil {
		return managed.ExternalCreation{}, err
	}
	meta.SetExternalName(mg, e.FullName)
	if e.Extras != nil {
		if err := e.Extras.Apply(ctx); err != nil {
			return managed.ExternalCreation{}, err
		}
	}
	return managed.ExternalCreation{}, nil
}

// Update sets the declared limit again when Observe found it changed or
// removed on GitHub, or lapsed and renewed (an event says until when),
// and the declared extras that differ. A lapsed limit without renew, or
// the organization's, is not written.
func (e *External[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if mapping.Drift(e.verdict) != nil {
		if err := e.put(ctx, mg); err != nil {
			return managed.ExternalUpdate{}, err
		}
		if s := e.Seen(mg); e.verdict == mapping.Renew && s.ExpiresAt != nil {
			e.Record.Event(mg, event.Normal(ReasonRenewed, fmt.Sprintf("%s lapsed and was set again (renew: true), until %s", capitalized(e.What), s.ExpiresAt.UTC().Format(time.RFC3339))))
		}
	}
	if e.Extras != nil {
		if err := e.Extras.Apply(ctx); err != nil {
			return managed.ExternalUpdate{}, err
		}
	}
	return managed.ExternalUpdate{}, nil
}

// put sets the declared limit and keeps GitHub's answer: the limit in
// effect and its new expiry.
func (e *External[T]) put(ctx context.Context, mg T) error {
	got, err := e.Put(ctx, mapping.Request(e.Declared(mg)))
	if err != nil {
		return e.Failed(err, "set")
	}
	e.Keep(mg, mapping.Next(e.Seen(mg), got, e.Own, e.Now()))
	return nil
}

// Delete removes the limit (one already gone is deleted), turns a
// declared cap off and removes the declared bypass users.
func (e *External[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if err := e.Target.Delete(ctx); err != nil && !github.IsNotFound(err) {
		return managed.ExternalDelete{}, e.Failed(err, "remove")
	}
	if e.Extras != nil {
		if err := e.Extras.Remove(ctx); err != nil && !github.IsNotFound(err) {
			return managed.ExternalDelete{}, err
		}
	}
	return managed.ExternalDelete{}, nil
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *External[T]) Disconnect(context.Context) error { return nil }

// capitalized is s with its first letter upper case.
func capitalized(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// ReadAgainIn is the poll interval hook of both kinds: a resource whose
// limit expires before the next poll is read again at its expiry, so that
// a lapse is seen (and renewed) at once; others after the poll interval.
func ReadAgainIn(seen func(resource.Managed) (mapping.Seen, bool)) func(resource.Managed, time.Duration) time.Duration {
	return func(mg resource.Managed, interval time.Duration) time.Duration {
		s, ok := seen(mg)
		if !ok {
			return interval
		}
		return mapping.ReadAgainIn(s, interval, time.Now())
	}
}
