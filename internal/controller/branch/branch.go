// Package branch reconciles Branch managed resources of both scopes
// (namespaced and cluster) with one external client: a branch of a
// repository, created at the head of another branch or at a commit, and
// deleted with the resource.
package branch

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
	kclient "sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	br "github.com/crossplane-github/provider-github/internal/clients/branch"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a Branch of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.BranchParameters
	Observation() *common.BranchObservation
	RepositoryTarget() *common.RepositoryTarget
}

// Event reasons of this controller, beside the managed reconciler's own.
const (
	reasonRenamedBack event.Reason = "RenamedBack"
)

// githubAPI is what the branch controller needs from GitHub: the repository (its
// default branch), its branches and its git references.
type githubAPI interface {
	github.ReposAPI
	github.BranchesAPI
	github.GitRefsAPI
}

// external manages one Branch. It lives for one reconcile: Observe keeps
// what it found for Create, Update and Delete.
//
// A branch has no id and no creation time on GitHub, only its name and its
// head commit: the name finds it, GitHub's redirect of an old name is the
// only record of a rename, and the head is what tells (as well as anything
// can) a branch created by a create whose record was lost from any other
// branch.
type external[T Object] struct {
	api    githubAPI
	repo   kind.Repository
	record event.Recorder
	// status writes the resource's status: the commit a create starts at
	// is recorded before the create.
	status statusWriter

	// repository is the branch's repository as GitHub answered: its name
	// (after a redirect, the current one) and its default branch.
	repository *github.Repository
	// renamed is the branch a rename outside Kubernetes left behind, as
	// GitHub's redirect names it: Update renames it back, Delete deletes
	// it.
	renamed *github.Branch
}

// statusWriter writes a resource's status subresource.
type statusWriter interface {
	Update(ctx context.Context, obj kclient.Object, opts ...kclient.SubResourceUpdateOption) error
}

// VerdictInputs: an observation depends on nothing but the spec, the
// annotations, its repository and GitHub's answers, so a verdict may confirm it
// (see kind.VerdictInputs).
func (e *external[T]) VerdictInputs(context.Context, T) (string, error) { return "", nil }

// Observe reads the repository and the branch. A branch renamed outside
// Kubernetes is renamed back by Update, and deleted under its new name by
// Delete: GitHub redirects its old name to it. Only that redirect tells a
// renamed branch: a branch has no id, and another branch at the same head
// may as well be one cut from the same commit. Without a redirect, a
// branch that is gone was deleted outside Kubernetes, and is created
// again.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	return e.observe(ctx, mg)
}

func (e *external[T]) observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	name, err := branchName(mg)
	if err != nil {
		return managed.ExternalObservation{}, kind.NotOurs{Err: err}
	}
	deleting, ext := meta.WasDeleted(mg), meta.GetExternalName(mg)
	if err := e.readRepository(ctx); err != nil {
		if github.IsNotFound(err) && deleting {
			return managed.ExternalObservation{ResourceExists: false}, nil
		}
		return managed.ExternalObservation{}, err
	}
	b, err := e.api.GetBranch(ctx, e.repository.Owner.Login, e.repository.Name, name)
	switch {
	case err == nil && b.Name == name:
		return e.found(ctx, mg, b)
	case err == nil && ext != "":
		return e.redirected(mg, name, b), nil
	case err == nil:
		// GitHub sent the name on to another branch (see redirected), and
		// this resource never had a branch of that name: nothing is under
		// the name itself.
		return managed.ExternalObservation{ResourceExists: false}, nil
	case !github.IsNotFound(err):
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read branch %q of %s", name, e.fullName())
	case deleting || ext == "":
		// Gone, or not created yet.
		return managed.ExternalObservation{ResourceExists: false}, nil
	}
	return e.missing(mg, name), nil
}

// readRepository reads the branch's repository. A 404 is returned as it
// is, worded.
func (e *external[T]) readRepository(ctx context.Context) error {
	r, err := e.api.Get(ctx, e.repo.Owner, e.repo.Name)
	if github.IsNotFound(err) {
		return errors.Wrapf(err, "cannot find repository %s/%s%s: create it, or fix the repository the Branch names", e.repo.Owner, e.repo.Name, e.repo.NamedBy())
	}
	if err != nil {
		return errors.Wrapf(err, "cannot read repository %s/%s%s", e.repo.Owner, e.repo.Name, e.repo.NamedBy())
	}
	e.repository = r
	return nil
}

// found observes branch b, which GitHub has under the resource's name. A
// resource without an external name takes it over only when it is the
// result of its own create whose record was lost.
func (e *external[T]) found(ctx context.Context, mg T, b *github.Branch) (managed.ExternalObservation, error) {
	recovered := false
	if meta.GetExternalName(mg) == "" {
		ours, err := e.createdByThisResource(ctx, mg, b)
		if err != nil {
			return managed.ExternalObservation{}, err
		}
		if !ours {
			return managed.ExternalObservation{}, kind.NotOursf("branch %q already exists in %s and this Branch did not create it; to manage it, set the annotation crossplane.io/external-name: %s", b.Name, e.fullName(), b.Name)
		}
		kind.Recovered(mg, e.record, b.Name, fmt.Sprintf("branch %q of %s at %s, the commit this Branch's create started it at", b.Name, e.fullName(), b.Commit.SHA), "created by this Branch")
		recovered = true
	}
	*mg.Observation() = br.Observation(e.fullName(), b, e.repository.DefaultBranch)
	mg.SetConditions(xpv2.Available())
	// A branch has nothing to set but its existence: its head moves with
	// the commits pushed to it, and sourceBranch and sourceSha only say
	// where it starts.
	return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: recovered}, nil
}

// createdByThisResource tells, when the record of a create was lost (the
// provider stopped between GitHub creating the branch and the external
// name being saved, or GitHub's answer to the create was lost), whether b
// is that create's result. A branch has no creation time, so the evidence
// is: this resource's last create's answer was lost (kind.RecoversUntimed;
// nothing is read otherwise), and the branch's head is the commit that
// create started it at (startedAt).
// A branch someone else created at the same commit in the same moments
// cannot be told from it; a branch with other history never passes.
func (e *external[T]) createdByThisResource(ctx context.Context, mg T, b *github.Branch) (bool, error) {
	if !kind.CreateUnconfirmed(mg) {
		return false, nil
	}
	started, err := e.startedAt(ctx, mg, b)
	if err != nil || started == "" {
		return false, err
	}
	var differs []string
	if !strings.EqualFold(started, b.Commit.SHA) {
		differs = append(differs, "sha")
	}
	return kind.RecoversUntimed(mg, differs), nil
}

// startedAt is the commit mg's last create started branch b at: the one
// Create recorded in status.atProvider.sha, sourceSha, or the source
// branch's head now; "" when the source branch is gone.
func (e *external[T]) startedAt(ctx context.Context, mg T, b *github.Branch) (string, error) {
	if started := mg.Observation().Sha; started != nil {
		return *started, nil
	}
	src := br.SourceOf(mg.Parameters(), e.repository.DefaultBranch)
	if src.SHA != "" {
		return src.SHA, nil
	}
	ref, err := e.api.GetRef(ctx, e.repository.Owner.Login, e.repository.Name, br.Ref(src.Branch))
	if github.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", errors.Wrapf(err, "cannot read branch %q of %s, to tell whether branch %q was created by this Branch", src.Branch, e.fullName(), b.Name)
	}
	return ref.Object.SHA, nil
}

// redirected observes a branch GitHub answered with another name than the
// one asked for, for a resource that created (or adopted) the branch of
// that name: GitHub answers a read of a renamed branch's old name with a
// 301 to the branch, which the HTTP client follows, so that is where the
// branch went, and it is renamed back, or deleted when the resource is.
// GitHub also sends master to the default branch in any repository: the
// default branch is taken for the branch only if the branch was the
// default branch; otherwise the branch is missing.
func (e *external[T]) redirected(mg T, name string, b *github.Branch) managed.ExternalObservation {
	last := mg.Observation()
	if b.Name == e.repository.DefaultBranch && !ptr.Deref(last.Default, false) {
		if meta.WasDeleted(mg) {
			return managed.ExternalObservation{ResourceExists: false}
		}
		return e.missing(mg, name)
	}
	e.renamed = b
	*mg.Observation() = br.Observation(e.fullName(), b, e.repository.DefaultBranch)
	if meta.WasDeleted(mg) {
		// Delete deletes the branch under its new name.
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}
	}
	return managed.ExternalObservation{
		ResourceExists: true,
		Diff:           fmt.Sprintf("name: want %q, GitHub redirects it to the branch %q (head %s)", name, b.Name, b.Commit.SHA),
	}
}

// missing observes the branch called name, which GitHub no longer has and
// does not redirect to another branch: it was deleted outside Kubernetes,
// and is created again (at its last head, see Create), with a warning.
func (e *external[T]) missing(mg T, name string) managed.ExternalObservation {
	// A branch never observed (an external name set by hand for a branch
	// that does not exist) is simply created.
	if last := mg.Observation().Sha; last != nil {
		e.record.Event(mg, event.Warning(kind.ReasonMissing, errors.Errorf("branch %q of %s no longer exists on GitHub, which does not redirect its name to another branch (as it does for a renamed one): it was deleted outside Kubernetes, creating it again at its last head %s", name, e.fullName(), *last)))
	}
	return managed.ExternalObservation{ResourceExists: false}
}

// Create creates the branch: again at its last observed head when it was
// deleted outside Kubernetes and GitHub still has that commit; otherwise
// at sourceSha, or at the head of sourceBranch or of the repository's
// default branch.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	name, err := branchName(mg)
	if err != nil {
		return managed.ExternalCreation{}, err
	}
	if e.repository == nil {
		if err := e.readRepository(ctx); err != nil {
			return managed.ExternalCreation{}, err
		}
	}
	if last := mg.Observation().Sha; last != nil && meta.GetExternalName(mg) != "" {
		err := e.createAt(ctx, name, *last)
		if !github.HasMessage(err, github.MessageObjectMissing) {
			return managed.ExternalCreation{}, e.created(mg, name, err, "its last head "+*last)
		}
		// GitHub no longer has the commit: start over from the source.
	}
	src := br.SourceOf(mg.Parameters(), e.repository.DefaultBranch)
	sha, what := src.SHA, "sourceSha "+src.SHA
	if sha == "" {
		if sha, err = e.head(ctx, src); err != nil {
			return managed.ExternalCreation{}, err
		}
		what = fmt.Sprintf("the head %s of branch %q", sha, src.Branch)
	}
	// Recorded before the create, so that a branch GitHub made before the
	// provider learnt of it (its answer lost, or the provider killed before
	// recording the outcome) can be told by this commit (see
	// createdByThisResource), however far the source has moved since.
	if cur := mg.Observation().Sha; cur == nil || *cur != sha {
		mg.Observation().Sha = ptr.To(sha)
		if err := e.status.Update(ctx, mg); err != nil {
			return managed.ExternalCreation{}, errors.Wrapf(err, "cannot record the commit %s branch %q starts at, before creating it", sha, name)
		}
	}
	return managed.ExternalCreation{}, e.created(mg, name, e.createAt(ctx, name, sha), what)
}

// head is the head commit of the source branch.
func (e *external[T]) head(ctx context.Context, src br.Source) (string, error) {
	ref, err := e.api.GetRef(ctx, e.repository.Owner.Login, e.repository.Name, br.Ref(src.Branch))
	switch {
	case err == nil:
		return ref.Object.SHA, nil
	case github.HasMessage(err, github.MessageEmptyRepository):
		return "", e.empty(err)
	case github.IsNotFound(err) && src.Default:
		return "", errors.Wrapf(err, "cannot find the default branch %q of %s to start from", src.Branch, e.fullName())
	case github.IsNotFound(err):
		return "", errors.Wrapf(err, "cannot find branch %q of %s to start from: check spec.forProvider.sourceBranch", src.Branch, e.fullName())
	}
	return "", errors.Wrapf(err, "cannot read branch %q of %s to start from", src.Branch, e.fullName())
}

func (e *external[T]) createAt(ctx context.Context, name, sha string) error {
	_, err := e.api.CreateRef(ctx, e.repository.Owner.Login, e.repository.Name, br.CreateRequest(name, sha))
	return err
}

// created words the answer to the create of branch name at what, and
// records the external name when it succeeded.
func (e *external[T]) created(mg T, name string, err error, what string) error {
	switch {
	case err == nil:
		meta.SetExternalName(mg, name)
		return nil
	case github.HasMessage(err, github.MessageReferenceExists) && meta.GetExternalName(mg) == "":
		return errors.Errorf("branch %q already exists in %s and this Branch did not create it; to manage it, set the annotation crossplane.io/external-name: %s", name, e.fullName(), name)
	case github.HasMessage(err, github.MessageReferenceExists):
		return errors.Wrapf(err, "cannot create branch %q in %s: it was created again outside Kubernetes meanwhile, and is observed next", name, e.fullName())
	case github.HasMessage(err, github.MessageObjectMissing):
		return errors.Wrapf(err, "cannot create branch %q in %s at %s: the repository has no such commit; check spec.forProvider.sourceSha", name, e.fullName(), what)
	case github.HasMessage(err, github.MessageReferenceUpdateFailed):
		return errors.Wrapf(err, "cannot create branch %q in %s: git refused it, most likely because another branch is named like one of its directories (a branch feature forbids feature/x, and feature/x forbids feature); rename that branch, or choose another name", name, e.fullName())
	case github.HasMessage(err, github.MessageEmptyRepository):
		return e.empty(err)
	case github.IsNotFound(err):
		return errors.Wrapf(err, "cannot create branch %q: repository %s%s is gone", name, e.fullName(), e.repo.NamedBy())
	}
	return errors.Wrapf(err, "cannot create branch %q in %s at %s", name, e.fullName(), what)
}

// Update renames back the branch that a rename outside Kubernetes left
// behind: nothing else of a branch can drift.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	if e.renamed == nil {
		return managed.ExternalUpdate{}, nil
	}
	name, err := branchName(mg)
	if err != nil {
		return managed.ExternalUpdate{}, err
	}
	from := e.renamed.Name
	b, err := e.api.RenameBranch(ctx, e.repository.Owner.Login, e.repository.Name, from, name)
	if err != nil {
		return managed.ExternalUpdate{}, errors.Wrapf(err, "cannot rename branch %q of %s back to %q", from, e.fullName(), name)
	}
	*mg.Observation() = br.Observation(e.fullName(), b, e.repository.DefaultBranch)
	e.record.Event(mg, event.Normal(reasonRenamedBack, fmt.Sprintf("Branch %q of %s was renamed to %q outside Kubernetes (head %s); renamed it back to %q", name, e.fullName(), from, e.renamed.Commit.SHA, name)))
	return managed.ExternalUpdate{}, nil
}

// Delete deletes the branch, under the name GitHub redirects its name to
// when it was renamed outside Kubernetes. One that is gone counts as
// deleted, once a read confirms it; GitHub's refusals (the default
// branch, a protected branch) are worded with what to do about them.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	name := meta.GetExternalName(mg)
	if e.renamed != nil {
		name = e.renamed.Name
	}
	err := e.api.DeleteRef(ctx, e.repository.Owner.Login, e.repository.Name, br.Ref(name))
	switch {
	case err == nil:
		return managed.ExternalDelete{}, nil
	case github.IsNotFound(err), github.HasMessage(err, github.MessageReferenceMissing):
		return managed.ExternalDelete{}, e.gone(ctx, name, err)
	case github.HasMessage(err, github.MessageDefaultBranch):
		return managed.ExternalDelete{}, errors.Errorf("cannot delete branch %q: it is the default branch of %s, which GitHub does not let anyone delete. Make another branch the default (a Repository's spec.forProvider.defaultBranch, or the repository's settings on GitHub) and the deletion goes on; to leave the branch on GitHub instead, remove Delete from this Branch's spec.managementPolicies", name, e.fullName())
	case github.HasMessage(err, github.MessageProtectedBranch):
		return managed.ExternalDelete{}, errors.Errorf("cannot delete branch %q of %s: its branch protection does not allow deletions. Allow deletions in its protection (allowDeletions of a BranchProtection) or remove the protection, and the deletion goes on; to leave the branch on GitHub instead, remove Delete from this Branch's spec.managementPolicies", name, e.fullName())
	case github.IsUnprocessable(err) && ptr.Deref(mg.Observation().Protected, false):
		return managed.ExternalDelete{}, errors.Wrapf(err, "cannot delete branch %q of %s, which is protected: its branch protection or a ruleset of the repository may forbid deleting it", name, e.fullName())
	}
	return managed.ExternalDelete{}, errors.Wrapf(err, "cannot delete branch %q of %s", name, e.fullName())
}

// gone confirms that branch name is gone, as GitHub's answer err to its
// delete says. The reference is sent path-escaped (heads%2Fname), and some
// GitHub Enterprise Server versions answer 404 to an escaped slash in a
// git reference's path: a branch still there under its name is an error,
// so that the resource is not finalised while the branch remains.
func (e *external[T]) gone(ctx context.Context, name string, err error) error {
	b, rerr := e.api.GetBranch(ctx, e.repository.Owner.Login, e.repository.Name, name)
	switch {
	case github.IsNotFound(rerr), rerr == nil && b.Name != name:
		// Gone (a redirect is to another branch, not this one).
		return nil
	case rerr != nil:
		return errors.Wrapf(rerr, "cannot read branch %q of %s, to confirm GitHub's answer to its delete (%v)", name, e.fullName(), err)
	}
	return errors.Wrapf(err, "cannot delete branch %q of %s: GitHub answered that it does not exist, yet it is still there at %s. GitHub refused the delete path (some GitHub Enterprise Server versions do not accept the escaped slash of heads%%2F%s); delete the branch on GitHub, or remove Delete from this Branch's spec.managementPolicies to leave it", name, e.fullName(), b.Commit.SHA, name)
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
