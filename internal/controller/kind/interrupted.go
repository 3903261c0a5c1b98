package kind

import (
	"context"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// The rule of every kind for a create whose outcome was never recorded
// (the provider stopped between GitHub's answer and the record of the
// external name, or GitHub's answer never arrived): an object GitHub has
// where that create would have put it is the create's result only when
//   - GitHub's answer to the create was lost, not given: a create GitHub
//     refused (a 4xx: the name is taken, the repository is archived) made
//     nothing, so whatever is there is someone else's (CreateUnconfirmed);
//   - GitHub made the object while that create was under way
//     (CreatedByLostCreate), where GitHub keeps a creation time; and
//   - the object is exactly what the create asked for: it differs in no
//     field the create sent (Recovers, RecoversUntimed).
// Anything else is never taken over: the resource says how to adopt it
// with the crossplane.io/external-name annotation.

const (
	// CreateWindow is how long after a resource's create started GitHub
	// may report an object as created for it to count as that create's
	// result, when a crash lost the record of it.
	CreateWindow = 10 * time.Minute

	// ClockSkew is how far GitHub's clock may be behind the provider's.
	ClockSkew = 10 * time.Second

	// AnnotationCreateRefused records that GitHub refused a resource's
	// create with a definite answer: its value is the create-pending time
	// of the create it refused.
	AnnotationCreateRefused = "github.crossplane.io/external-create-refused"

	// ReasonRecovered is the event that a lost create's result was found.
	ReasonRecovered event.Reason = "RecoveredInterruptedCreate"
)

// CreatedDuring tells whether GitHub created an object at createdAt
// during a create that started at pending (nil: GitHub did not say when,
// so it cannot be told).
func CreatedDuring(createdAt *time.Time, pending time.Time) bool {
	if createdAt == nil || pending.IsZero() {
		return false
	}
	return !createdAt.Before(pending.Add(-ClockSkew)) && !createdAt.After(pending.Add(CreateWindow))
}

// CreateUnconfirmed tells whether mg's last create may have made an
// object GitHub's answer did not confirm: the create was cut off (it
// neither succeeded nor failed: the provider stopped), or it failed with
// an answer that was lost (a 502 from GitHub's gateway, a timeout, a
// dropped connection: see github.AnswerLost). A create GitHub refused with
// a definite answer made nothing. Only the object's own evidence (its
// creation time, its content) can then tell whether it is that create's
// result.
func CreateUnconfirmed(mg resource.Managed) bool {
	pending := meta.GetExternalCreatePending(mg)
	return !pending.IsZero() && meta.GetExternalCreateSucceeded(mg).Before(pending) && !createRefused(mg)
}

// createRefused tells whether GitHub refused mg's last create with a
// definite answer (see refusals).
func createRefused(mg resource.Managed) bool {
	a := mg.GetAnnotations()
	refused, ok := a[AnnotationCreateRefused]
	return ok && refused == a[meta.AnnotationKeyExternalCreatePending]
}

// CreatedByLostCreate tells, when the record of a create was lost, whether
// the object GitHub created at createdAt is that create's result: mg's
// create was not confirmed (CreateUnconfirmed) and GitHub created the
// object while it was under way — up to when it failed, or within
// CreateWindow of its start when the provider stopped during it. An object
// that existed before, or that someone created after a create that
// failed, is not.
func CreatedByLostCreate(mg resource.Managed, createdAt *time.Time) bool {
	if !CreateUnconfirmed(mg) || !CreatedDuring(createdAt, meta.GetExternalCreatePending(mg)) {
		return false
	}
	failed := meta.GetExternalCreateFailed(mg)
	if failed.Before(meta.GetExternalCreatePending(mg)) {
		return true
	}
	return !createdAt.After(failed.Add(ClockSkew))
}

// Recovers tells whether an object GitHub created at createdAt, found
// where mg's last create would have made it, is that create's result:
// GitHub made it during a create whose answer was lost
// (CreatedByLostCreate), and it differs from what the create asked for in
// none of the fields differs lists.
func Recovers(mg resource.Managed, createdAt *time.Time, differs []string) bool {
	return len(differs) == 0 && CreatedByLostCreate(mg, createdAt)
}

// RecoversUntimed is Recovers for an object GitHub keeps no creation time
// of (a branch, a file, a branch protection): its content alone tells.
func RecoversUntimed(mg resource.Managed, differs []string) bool {
	return len(differs) == 0 && CreateUnconfirmed(mg)
}

// Recovered makes the object GitHub knows as name mg's own, as the result
// of its lost create (see Recovers), and records so: found says what was
// found, made how mg made it ("created by this Team").
func Recovered(mg resource.Managed, record event.Recorder, name, found, made string) {
	meta.SetExternalName(mg, name)
	record.Event(mg, event.Normal(ReasonRecovered, "Found "+found+", "+made+" before its record of the create was lost"))
}

// refusals records on a resource whose create GitHub refused with a
// definite answer that it was refused (AnnotationCreateRefused). The
// managed reconciler saves the resource's annotations after a failed
// create, so the record outlives the reconcile and any restart.
type refusals[T resource.Managed] struct {
	managed.TypedExternalClient[T]
}

// Observe forgets the refusal of an earlier create when a create follows:
// the managed reconciler saves the resource, with the new create's
// create-pending time, before it creates, so a refusal on record is always
// that of the last create. (Two creates started in the same second have
// the same create-pending time: the refusal of the first must not stand
// for the second, whose answer may be lost.)
func (e refusals[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	o, err := e.TypedExternalClient.Observe(ctx, mg)
	if err == nil && !o.ResourceExists && !meta.WasDeleted(mg) {
		meta.RemoveAnnotations(mg, AnnotationCreateRefused)
	}
	return o, err
}

func (e refusals[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	name := meta.GetExternalName(mg)
	c, err := e.TypedExternalClient.Create(ctx, mg)
	// A create that recorded an external name made something: its
	// resource knows it by name, whatever failed after.
	if err != nil && !github.AnswerLost(err) && meta.GetExternalName(mg) == name {
		meta.AddAnnotations(mg, map[string]string{AnnotationCreateRefused: mg.GetAnnotations()[meta.AnnotationKeyExternalCreatePending]})
	}
	return c, err
}
