package autolinkreference

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv1 "github.com/crossplane/crossplane/apis/v2/core/v2"

	mapping "github.com/crossplane-github/provider-github/internal/clients/autolinkreference"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// GitHub cannot update an autolink, and refuses a second autolink of an
// overlapping key prefix: a changed spec replaces the autolink, the old
// one deleted first, then the new one created. A replace is recorded on
// the resource before anything is deleted — the external name removed and
// AnnotationReplacing naming the old autolink, saved together — so that
// the new autolink is made by the managed reconciler's create, which saves
// its id at once and whose interrupted runs are recovered as any create's
// (kind.ByID). The provider may stop at any point:
//   - before the record is saved, nothing changed: the old autolink is
//     still the resource's, and the replace starts again;
//   - after, while GitHub still has the old autolink, it is the
//     resource's until it is deleted (or taken back when the spec went
//     back to it);
//   - after the delete, the resource has no autolink and is created;
//   - after the create, before its id is saved, the new autolink is found
//     as the result of a lost create, by its prefix and content.
// At no point can there be two: the old is gone before the new is made.

const (
	// AnnotationReplacing records a replace under way: the old autolink's
	// id, a colon, and what changed.
	AnnotationReplacing = "github.crossplane.io/autolink-replacing"

	// ReasonReplaced is the event of an autolink replaced by another.
	ReasonReplaced event.Reason = "ReplacedAutolink"
)

// replace is a replace under way, as AnnotationReplacing records it.
type replace struct {
	old     int64
	changes string
}

func (r replace) String() string { return fmt.Sprintf("%d: %s", r.old, r.changes) }

// replaceOf reads the replace under way of mg; false when there is none.
func replaceOf(mg Object) (replace, bool) {
	v, ok := mg.GetAnnotations()[AnnotationReplacing]
	if !ok {
		return replace{}, false
	}
	id, changes, _ := strings.Cut(v, ":")
	old, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil || old <= 0 {
		// Not ours to read: forgotten as settled.
		return replace{}, true
	}
	return replace{old: old, changes: strings.TrimSpace(changes)}, true
}

// observeReplace observes mg in the middle of a replace. Once the
// resource has an external name again (the new autolink's, or one the
// user set), the record is settled and removed.
func (e *external[T]) observeReplace(ctx context.Context, mg T, r replace) (managed.ExternalObservation, error) {
	if meta.GetExternalName(mg) != "" || r.old == 0 {
		meta.RemoveAnnotations(mg, AnnotationReplacing)
		return e.observe(ctx, mg, true)
	}
	old, err := e.api.GetAutolink(ctx, e.in.Owner, e.in.Name, r.old)
	switch {
	case github.IsNotFound(err):
		// Deleted: the new one is made, or was by a lost create.
		return e.observe(ctx, mg, false)
	case err != nil:
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read autolink %d of %s, which this AutolinkReference is replacing", r.old, e.in.FullName())
	}
	if !meta.WasDeleted(mg) && len(mapping.Drift(mg.Parameters(), old)) == 0 {
		// The spec went back to the old autolink before it was deleted:
		// it stays the resource's.
		meta.SetExternalName(mg, kind.ExternalID(old.ID))
		meta.RemoveAnnotations(mg, AnnotationReplacing)
		return e.exists(mg, old, true), nil
	}
	// Not deleted yet: Update goes on with the replace, Delete deletes it.
	return e.exists(mg, old, false), nil
}

// Update replaces the autolink, which GitHub cannot update: it records the
// replace, deletes the old autolink, and leaves the new one to Create (see
// above). A key prefix GitHub would refuse because another autolink of
// the repository has it is refused before anything is deleted.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	old := e.found
	if old == nil {
		return managed.ExternalUpdate{}, errors.New("cannot replace an autolink that was not observed first")
	}
	p := mg.Parameters()
	changes := mapping.Changes(p, old)
	if !strings.EqualFold(p.KeyPrefix, old.KeyPrefix) {
		list, err := e.api.ListAutolinks(ctx, e.in.Owner, e.in.Name)
		if err != nil {
			return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot list the autolinks of %s to tell whether key prefix %q is free", e.in.FullName(), p.KeyPrefix)
		}
		if other := mapping.Overlapping(list, p.KeyPrefix, old.ID); other != nil {
			return managed.ExternalUpdate{}, errors.Errorf("cannot replace %s (%s): the new key prefix overlaps that of %s, and GitHub allows no key prefix that starts with another's; choose another keyPrefix, or delete that autolink (%s is left as it is)", e.what(old), changes, e.what(other), e.what(old))
		}
	}
	if r, ok := replaceOf(mg); !ok || r.old != old.ID || meta.GetExternalName(mg) != "" {
		if err := e.record(ctx, mg, replace{old: old.ID, changes: changes}); err != nil {
			return managed.ExternalUpdate{}, err
		}
	}
	if err := e.api.DeleteAutolink(ctx, e.in.Owner, e.in.Name, old.ID); err != nil && !github.IsNotFound(err) {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot delete %s to replace it (%s): GitHub cannot update an autolink", e.what(old), changes)
	}
	e.recorder.Event(mg, event.Normal(ReasonReplaced, fmt.Sprintf("Deleted %s to replace it, GitHub being unable to update an autolink: %s; creating the new one", e.what(old), changes)))
	return managed.ExternalUpdate{}, nil
}

// record saves on mg, before the old autolink is deleted, that r is under
// way: no external name, and AnnotationReplacing. What Observe found is
// kept for the status the reconciler writes after Update.
func (e *external[T]) record(ctx context.Context, mg T, r replace) error {
	observed, ready := *mg.Observation(), mg.GetCondition(xpv1.TypeReady)
	meta.SetExternalName(mg, "")
	meta.AddAnnotations(mg, map[string]string{AnnotationReplacing: r.String()})
	if err := e.kube.Update(ctx, mg); err != nil {
		return errors.Wrapf(err, "cannot record on the resource that autolink %d of %s is being replaced, before deleting it (nothing was deleted)", r.old, e.in.FullName())
	}
	*mg.Observation() = observed
	mg.SetConditions(ready)
	return nil
}

// replaced records that got replaced the autolink of r, and that the
// replace is over.
func (e *external[T]) replaced(mg T, r replace, got *github.Autolink) {
	meta.RemoveAnnotations(mg, AnnotationReplacing)
	if r.old == 0 {
		return
	}
	e.recorder.Event(mg, event.Normal(ReasonReplaced, fmt.Sprintf("Replaced autolink %d of %s with autolink %d: %s", r.old, e.in.FullName(), got.ID, r.changes)))
}
