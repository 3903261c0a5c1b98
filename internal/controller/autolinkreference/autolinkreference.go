// Package autolinkreference reconciles AutolinkReference managed resources
// of both scopes with one external client: an autolink reference of a
// repository, known by the id GitHub assigns it. GitHub cannot update an
// autolink, so a changed spec replaces it (see replace.go).
package autolinkreference

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	mapping "github.com/crossplane-github/provider-github/internal/clients/autolinkreference"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is an AutolinkReference of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.AutolinkReferenceParameters
	Observation() *common.AutolinkReferenceObservation
	RepositoryTarget() *common.RepositoryTarget
}

// external manages one AutolinkReference's autolink. It lives for one
// reconcile: Observe keeps what it read for Update and Delete.
type external[T Object] struct {
	api      github.AutolinksAPI
	in       kind.Repository
	recorder event.Recorder
	// kube saves the record of a replace before the old autolink is
	// deleted.
	kube client.Client

	// found is the autolink as Observe found it; nil when it does not exist.
	found *github.Autolink
}

// what names the autolink of id with its key prefix for messages.
func (e *external[T]) what(a *github.Autolink) string {
	return fmt.Sprintf("autolink %d (key prefix %q) of %s", a.ID, a.KeyPrefix, e.in.FullName())
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may
// confirm it (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// find reads the autolink mg manages: the one of its external name, or
// the one a lost create of mg made — of mg's key prefix, exactly as mg
// declares it (kind.ByID; GitHub keeps no creation time of an autolink,
// so its content alone tells). Nil when there is none.
func (e *external[T]) find(ctx context.Context, mg T) (*github.Autolink, bool, error) {
	p := mg.Parameters()
	return kind.ByID[github.Autolink]{
		Noun: "autolink", Address: "…/autolinks/<id>", In: e.in, Record: e.recorder,
		Get: func(ctx context.Context, id int64) (*github.Autolink, error) {
			return e.api.GetAutolink(ctx, e.in.Owner, e.in.Name, id)
		},
		List: func(ctx context.Context) ([]github.Autolink, error) {
			return e.api.ListAutolinks(ctx, e.in.Owner, e.in.Name)
		},
		Match:    func(l []github.Autolink) *github.Autolink { return mapping.FindByPrefix(l, p.KeyPrefix) },
		ID:       func(got *github.Autolink) int64 { return got.ID },
		Untimed:  true,
		Drift:    func(got *github.Autolink) []string { return mapping.Drift(p, got) },
		Describe: e.what,
		Made:     "created by this AutolinkReference",
	}.Find(ctx, mg)
}

// Observe reads the autolink by its id, the external name (see find). In
// the middle of a replace it is the old autolink while GitHub still has
// it, then the new one (see observeReplace).
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	if r, ok := replaceOf(mg); ok {
		return e.observeReplace(ctx, mg, r)
	}
	return e.observe(ctx, mg, false)
}

// observe reads the autolink mg manages; settled says the resource's
// annotations changed, to be saved.
func (e *external[T]) observe(ctx context.Context, mg T, settled bool) (managed.ExternalObservation, error) {
	got, recovered, err := e.find(ctx, mg)
	if err != nil || got == nil {
		return managed.ExternalObservation{ResourceLateInitialized: settled}, err
	}
	if r, ok := replaceOf(mg); ok && recovered {
		// The create of a replace was interrupted, and made the new one.
		e.replaced(mg, r, got)
	}
	return e.exists(mg, got, recovered || settled), nil
}

// exists is the observation of got, mg's autolink.
func (e *external[T]) exists(mg T, got *github.Autolink, save bool) managed.ExternalObservation {
	e.found = got
	*mg.Observation() = mapping.Observation(e.in.FullName(), got)
	mg.SetConditions(xpv2.Available())
	var drift []string
	if !meta.WasDeleted(mg) {
		drift = mapping.Drift(mg.Parameters(), got)
	}
	return kind.Exists(drift, save)
}

// Create creates the autolink and records its id as the external name;
// the create of a replace says what it replaced. A key prefix GitHub
// refuses as in use is explained: which autolink has it, and how to adopt
// it when it is the same prefix.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	got, err := e.api.CreateAutolink(ctx, e.in.Owner, e.in.Name, mapping.Request(p))
	switch {
	case github.IsNotFound(err):
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create the autolink of key prefix %q: cannot find repository %s%s, or the credentials are not its admin (autolinks need Administration: write)", p.KeyPrefix, e.in.FullName(), e.in.NamedBy())
	case github.IsUnprocessable(err) && github.HasErrorCode(err, "key_prefix", "already_exists"):
		return managed.ExternalCreation{}, e.prefixInUse(ctx, p.KeyPrefix, 0, err)
	case err != nil:
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot create the autolink of key prefix %q in %s", p.KeyPrefix, e.in.FullName())
	}
	meta.SetExternalName(mg, kind.ExternalID(got.ID))
	if r, ok := replaceOf(mg); ok {
		e.replaced(mg, r, got)
	}
	return managed.ExternalCreation{}, nil
}

// prefixInUse says which autolink of the repository, other than the one
// of id except, GitHub's already_exists answer to prefix is about, and
// what to do: adopt it when it has the same prefix, else choose a prefix
// that does not overlap.
func (e *external[T]) prefixInUse(ctx context.Context, prefix string, except int64, answer error) error {
	// Without the list the error still says what to do.
	list, _ := e.api.ListAutolinks(ctx, e.in.Owner, e.in.Name)
	other := mapping.Overlapping(list, prefix, except)
	switch {
	case other == nil:
		return errors.Wrapf(answer, "cannot create the autolink of key prefix %q in %s: GitHub answers that the prefix, or one it overlaps, is in use (no two key prefixes of a repository may start one with the other); choose another keyPrefix", prefix, e.in.FullName())
	case mapping.FindByPrefix([]github.Autolink{*other}, prefix) != nil:
		return errors.Errorf("cannot create the autolink of key prefix %q: %s already exists and this AutolinkReference did not create it: to manage it, set the annotation crossplane.io/external-name: %q (it is then replaced if it differs from the spec); or choose another keyPrefix", prefix, e.what(other), kind.ExternalID(other.ID))
	default:
		return errors.Errorf("cannot create the autolink of key prefix %q: it overlaps the key prefix of %s (GitHub allows no key prefix that starts with another's: both would match the same text); choose a keyPrefix that does not, or delete that autolink", prefix, e.what(other))
	}
}

// Delete deletes the autolink. One that is already gone counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	if e.found == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete an autolink that was not observed first")
	}
	err := e.api.DeleteAutolink(ctx, e.in.Owner, e.in.Name, e.found.ID)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.what(e.found))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
