// Package branchprotection reconciles BranchProtection managed resources of
// both scopes (namespaced and cluster) with one external client: a
// branch's classic protection, which GitHub replaces as a whole, and its
// required signatures, which GitHub keeps apart.
package branchprotection

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	bp "github.com/crossplane-github/provider-github/internal/clients/branchprotection"
	"github.com/crossplane-github/provider-github/internal/clients/dropped"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a BranchProtection of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.BranchProtectionParameters
	Observation() *common.BranchProtectionObservation
	RepositoryTarget() *common.RepositoryTarget
	BranchTarget() *common.BranchTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonDropped  event.Reason = "DroppedByGitHub"
	reasonRemoved  event.Reason = "ProtectionRemovedOutside"
	reasonFollowed event.Reason = "FollowedBranchRename"
)

// githubAPI is what the branch protection controller needs from GitHub: a
// branch's protection, and the repository, to tell a repository GitHub does
// not show from a branch without protection.
type githubAPI interface {
	github.BranchProtectionAPI
	github.ReposAPI
}

// external manages one BranchProtection's protection of its branch. It
// lives for one reconcile: Observe keeps what it read for Update.
type external[T Object] struct {
	api    githubAPI
	repo   kind.Repository
	branch kind.Branch
	record event.Recorder
	now    func() time.Time

	// observed is the protection as Observe found it.
	observed *github.Protection
}

// VerdictInputs: an observation depends on the spec, the annotations, the
// repository and branch, GitHub's answers and, while GitHub leaves out
// some of what was asked (DroppedByGitHub), the time, for asking again;
// only then it is observed every time (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(_ context.Context, mg T) (string, error) {
	if mg.Observation().DroppedByGitHub != nil {
		return "", errors.New("GitHub left out some of the protection: observed every time, to ask again when due")
	}
	return "", nil
}

// Observe reads the branch's protection. A branch without protection is
// absent; a branch that does not exist is an error saying so. A protection
// this resource did not make (no external name) is refused, not taken
// over.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	name, ext := e.branch.Name, meta.GetExternalName(mg)
	if t := mg.BranchTarget(); t.Branch != nil && ext != "" && ext != name {
		return managed.ExternalObservation{}, errors.Errorf("spec.forProvider.branch %q and the crossplane.io/external-name annotation %q name different branches: make them equal, or remove the annotation", name, ext)
	}
	got, err := e.api.GetProtection(ctx, e.repo.Owner, e.repo.Name, name)
	if err != nil {
		return e.observeMissing(ctx, mg, err)
	}
	if got.RequiredSignatures == nil {
		on, err := e.api.RequiredSignatures(ctx, e.repo.Owner, e.repo.Name, name)
		if err != nil {
			return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read whether branch %s of %s requires signed commits", name, e.repo.FullName())
		}
		got.RequiredSignatures = &github.Enabled{Enabled: on}
	}

	p := mg.Parameters()
	named := false
	switch {
	case ext == "" && meta.WasDeleted(mg):
		// Not this resource's: nothing of its own to delete.
		return managed.ExternalObservation{ResourceExists: false}, nil
	case ext == "" && e.createdByThisResource(mg, got):
		kind.Recovered(mg, e.record, name, fmt.Sprintf("branch %s of %s protected as this BranchProtection asks", name, e.repo.FullName()), "protected by this BranchProtection")
		named = true
	case ext == "":
		return managed.ExternalObservation{}, errors.Errorf("branch %s of %s is already protected, and this BranchProtection did not protect it (GitHub keeps one protection per branch, without an id): to manage that protection, and overwrite it with this spec, set the annotation crossplane.io/external-name: %s", name, e.repo.FullName(), name)
	case ext != name:
		// Named by branchRef: GitHub moved the protection with the
		// branch, and the Branch resource says where to.
		e.record.Event(mg, event.Normal(reasonFollowed, fmt.Sprintf("Branch %s of %s is now called %s (as %s reports): following it", ext, e.repo.FullName(), name, e.branch.Via)))
		meta.SetExternalName(mg, name)
		named = true
	}
	if meta.WasDeleted(mg) {
		return managed.ExternalObservation{ResourceExists: true}, nil
	}

	e.observed = got
	leftOut := bp.Prune(mg.Observation().DroppedByGitHub, p)
	lateInit := bp.LateInitialize(p, got)
	drift := bp.Drift(p, leftOut, got)
	if len(drift) == 0 && bp.RetryDue(leftOut, e.now()) {
		drift = append(drift, dropped.AskAgain)
	}
	*mg.Observation() = bp.Observation(e.repo.FullName(), name, got, leftOut)
	available := xpv2.Available()
	available.Message = bp.DroppedMessage(leftOut, e.repo.FullName(), name)
	mg.SetConditions(available)
	return managed.ExternalObservation{
		ResourceExists:          true,
		ResourceUpToDate:        len(drift) == 0,
		ResourceLateInitialized: lateInit || named,
		Diff:                    strings.Join(drift, "; "),
	}, nil
}

// observeMissing words GitHub's answer err to the protection read: a
// branch without protection is absent, a branch or repository that does
// not exist is an error saying so (nothing to delete, for a resource being
// deleted).
func (e *external[T]) observeMissing(ctx context.Context, mg T, err error) (managed.ExternalObservation, error) {
	name := e.branch.Name
	absent := managed.ExternalObservation{ResourceExists: false}
	switch {
	case github.IsBranchNotProtected(err):
	case github.IsBranchNotFound(err):
		if meta.WasDeleted(mg) {
			return absent, nil
		}
		return managed.ExternalObservation{}, e.branchMissing(mg)
	case github.IsNotFound(err):
		// A repository GitHub does not show, or a wording of "not
		// protected" this provider does not know: the repository tells.
		_, rerr := e.api.Get(ctx, e.repo.Owner, e.repo.Name)
		switch {
		case github.IsNotFound(rerr) && meta.WasDeleted(mg):
			return absent, nil
		case rerr != nil:
			return managed.ExternalObservation{}, errors.Wrapf(rerr, "cannot find repository %s%s", e.repo.FullName(), e.repo.NamedBy())
		}
	default:
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read the protection of branch %s of %s", name, e.repo.FullName())
	}
	if meta.GetExternalName(mg) != "" && !meta.WasDeleted(mg) {
		e.record.Event(mg, event.Normal(reasonRemoved, fmt.Sprintf("Branch %s of %s is no longer protected (removed outside Kubernetes): protecting it again", name, e.repo.FullName())))
	}
	full := e.repo.FullName()
	*mg.Observation() = common.BranchProtectionObservation{Repository: &full, Branch: &name}
	return absent, nil
}

// branchMissing says that the branch does not exist, and what to do.
func (e *external[T]) branchMissing(mg T) error {
	name := e.branch.Name
	switch {
	case e.branch.Via != "":
		return errors.Errorf("branch %s does not exist in %s: %s reports it, but GitHub does not have it; this resource waits for the Branch", name, e.repo.FullName(), e.branch.Via)
	case meta.GetExternalName(mg) != "":
		return errors.Errorf("branch %s does not exist in %s any more: it was deleted or renamed outside Kubernetes (a renamed branch takes its protection along). Create the branch again to protect it; to protect the branch under its new name, create a BranchProtection naming it, with the annotation crossplane.io/external-name set to that name; branchRef follows a Branch resource through renames", name, e.repo.FullName())
	}
	return errors.Errorf("branch %s does not exist in %s: create it (a Branch resource can, named by branchRef), or fix spec.forProvider.branch", name, e.repo.FullName())
}

// createdByThisResource tells, when the record of a create was lost (the
// provider stopped between GitHub protecting the branch and the external
// name being saved, or GitHub's answer was lost), whether got is that
// create's result: the create's answer was lost, and got is the protection
// the spec asks for (kind.RecoversUntimed), but for those
// GitHub drops for lack of push access. GitHub keeps no id or date for a
// protection to tell more by.
func (e *external[T]) createdByThisResource(mg T, got *github.Protection) bool {
	p := mg.Parameters()
	dropped := bp.Dropped(bp.Request(p, nil), got, e.now())
	return kind.RecoversUntimed(mg, bp.Drift(p, dropped, got))
}

// Create protects the branch as the spec says, and sets its required
// signatures. What GitHub drops from a new protection for lack of push
// access is found by the next Observe as a difference, and recorded by the
// Update that follows (one more write): the managed reconciler does not
// keep the status a Create sets.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	name := e.branch.Name
	p := mg.Parameters()
	got, err := e.api.UpdateProtection(ctx, e.repo.Owner, e.repo.Name, name, bp.Request(p, nil))
	if github.IsBranchNotFound(err) {
		return managed.ExternalCreation{}, e.branchMissing(mg)
	}
	if err != nil {
		return managed.ExternalCreation{}, errors.Wrapf(err, "cannot protect branch %s of %s", name, e.repo.FullName())
	}
	meta.SetExternalName(mg, name)
	return managed.ExternalCreation{}, e.signatures(ctx, mg, got)
}

// Update replaces the branch's protection with the spec's, and sets its
// required signatures when they differ. Those GitHub drops for lack of
// push access are recorded and reported, not asked for again on every
// poll.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	name := e.branch.Name
	p := mg.Parameters()
	req := bp.Request(p, e.observed)
	got, err := e.api.UpdateProtection(ctx, e.repo.Owner, e.repo.Name, name, req)
	if github.IsBranchNotFound(err) {
		return managed.ExternalUpdate{}, e.branchMissing(mg)
	}
	if err != nil {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot update the protection of branch %s of %s", name, e.repo.FullName())
	}
	if err := e.signatures(ctx, mg, got); err != nil {
		return managed.ExternalUpdate{}, err
	}
	dropped := bp.Dropped(req, got, e.now())
	mg.Observation().DroppedByGitHub = dropped
	// The Ready message Observe set names what GitHub dropped before this
	// write; it goes with this status write, so both say the same.
	available := xpv2.Available()
	available.Message = bp.DroppedMessage(dropped, e.repo.FullName(), name)
	mg.SetConditions(available)
	if available.Message != "" {
		e.record.Event(mg, event.Warning(reasonDropped, errors.New(available.Message)))
	}
	return managed.ExternalUpdate{}, nil
}

// signatures turns required signatures on or off as the spec says, when
// the protection got (as GitHub answered a PUT, which keeps them as they
// were) differs.
func (e *external[T]) signatures(ctx context.Context, mg T, got *github.Protection) error {
	name := e.branch.Name
	if got.RequiredSignatures == nil {
		on, err := e.api.RequiredSignatures(ctx, e.repo.Owner, e.repo.Name, name)
		if err != nil {
			return errors.Wrapf(err, "cannot read whether branch %s of %s requires signed commits", name, e.repo.FullName())
		}
		got.RequiredSignatures = &github.Enabled{Enabled: on}
	}
	if !bp.SignaturesDiffer(mg.Parameters(), got) {
		return nil
	}
	on := !got.RequiredSignatures.On()
	what := "stop requiring"
	if on {
		what = "require"
	}
	err := e.api.SetRequiredSignatures(ctx, e.repo.Owner, e.repo.Name, name, on)
	return errors.Wrapf(err, "cannot %s signed commits on branch %s of %s", what, name, e.repo.FullName())
}

// Delete removes the branch's protection, required signatures included.
// Protection already gone, or a branch that no longer exists, counts as
// removed.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	err := e.api.DeleteProtection(ctx, e.repo.Owner, e.repo.Name, e.branch.Name)
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot remove the protection of branch %s of %s", e.branch.Name, e.repo.FullName())
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
