// Package repositoryfile reconciles RepositoryFile managed resources of both
// scopes (namespaced and cluster) with one external client: a file on a
// branch of a repository, written and deleted with commits and compared by
// its git blob id.
package repositoryfile

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
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	rf "github.com/crossplane-github/provider-github/internal/clients/repositoryfile"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Object is a RepositoryFile of either scope.
type Object interface {
	resource.Managed
	Parameters() *common.RepositoryFileParameters
	Observation() *common.RepositoryFileObservation
	RepositoryTarget() *common.RepositoryTarget
}

// githubAPI is what the repository file controller needs from GitHub: the
// repository (its default branch), its contents, and GitHub's check of
// its CODEOWNERS file.
type githubAPI interface {
	github.ReposAPI
	github.ContentsAPI
	github.CodeownersAPI
}

// external manages one RepositoryFile's file. It lives for one reconcile:
// Observe keeps what it found for Create, Update and Delete.
type external[T Object] struct {
	api        githubAPI
	configMaps client.Reader
	repo       kind.Repository
	record     event.Recorder
	// wait waits before a write is sent again (transport.Sleep; see
	// retryMoved).
	wait func(context.Context, time.Duration) error

	// branch is the branch the file is on: the declared one, or the
	// repository's default branch.
	branch string
	// content is the declared content; nil while the resource is being
	// deleted (its ConfigMap may be gone).
	content []byte
	// observed is the file as GitHub has it; nil when there is none.
	observed *github.FileContent
}

// where names the file for messages: path on branch of owner/name.
func (e *external[T]) where(path string) string {
	return fmt.Sprintf("%s on branch %s of %s", path, e.branch, e.repo.FullName())
}

// Observe reads the file at the declared path of the branch and compares
// its blob id with the one of the declared content. The file is this
// resource's when the external name (its path) is set; without it, a file
// that is there already is taken only with overwriteOnCreate, or when it
// has the declared content and a create of this resource was interrupted.
func (e *external[T]) Observe(ctx context.Context, mg T) (managed.ExternalObservation, error) {
	p := mg.Parameters()
	deleting := meta.WasDeleted(mg)
	ext := meta.GetExternalName(mg)
	if ext != "" && ext != p.Path {
		if deleting {
			// Nothing was written under that name.
			return managed.ExternalObservation{}, nil
		}
		return managed.ExternalObservation{}, errors.Errorf("the crossplane.io/external-name annotation is %q, but a RepositoryFile's external name is its path, %q: set the annotation to the path, or remove it", ext, p.Path)
	}
	found, err := e.findBranch(ctx, p)
	if err != nil || !found {
		if err == nil && !deleting {
			err = errors.Errorf("cannot find repository %s%s (or the credentials cannot see it)", e.repo.FullName(), e.repo.NamedBy())
		}
		return managed.ExternalObservation{}, err
	}
	if !deleting {
		if e.content, err = e.declared(ctx, mg); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	f, err := e.api.GetFile(ctx, e.repo.Owner, e.repo.Name, p.Path, e.branch)
	if github.IsNotFound(err) {
		*mg.Observation() = rf.Observation(e.repo.FullName(), e.branch, p, nil)
		if ext != "" && !deleting {
			e.record.Event(mg, event.Warning(kind.ReasonMissing, errors.Errorf("%s no longer exists on GitHub: writing it again", e.where(p.Path))))
		}
		return managed.ExternalObservation{}, nil
	}
	if err != nil {
		return managed.ExternalObservation{}, errors.Wrapf(err, "cannot read %s", e.where(p.Path))
	}
	if f.Type != "file" {
		if deleting {
			return managed.ExternalObservation{}, nil
		}
		return managed.ExternalObservation{}, errors.Errorf("%s is a %s on GitHub, not a file: choose another path", e.where(p.Path), f.Type)
	}
	e.observed = f
	*mg.Observation() = rf.Observation(e.repo.FullName(), e.branch, p, f)
	recovered := false
	if ext == "" {
		if recovered = e.recovered(mg); !recovered {
			return managed.ExternalObservation{}, e.notOurs(mg)
		}
	}
	mg.SetConditions(xpv2.Available())
	if deleting {
		return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, nil
	}
	o := managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: rf.UpToDate(f.SHA, e.content), ResourceLateInitialized: recovered}
	if !o.ResourceUpToDate {
		o.Diff = fmt.Sprintf("content: GitHub has blob %s, the declared content is blob %s", f.SHA, rf.BlobSHA(e.content))
		return o, nil
	}
	if rf.IsCodeowners(p.Path) {
		if err := e.checkCodeowners(ctx, mg, p.Path); err != nil {
			return managed.ExternalObservation{}, err
		}
	}
	return o, nil
}

// checkCodeowners sets the CodeOwners condition of a file written at a
// CODEOWNERS path, as declared: whether GitHub reads this file (a file at a
// path GitHub reads first takes precedence) and the errors it finds in it.
// A change of the condition is an event too: a warning when GitHub
// ignores lines of the file, or all of it.
func (e *external[T]) checkCodeowners(ctx context.Context, mg T, path string) error {
	inEffect := ""
	for _, first := range rf.Before(path) {
		f, err := e.api.GetFile(ctx, e.repo.Owner, e.repo.Name, first, e.branch)
		if github.IsNotFound(err) {
			continue
		}
		if err != nil {
			return errors.Wrapf(err, "cannot read %s, which GitHub would read instead of %s", e.where(first), path)
		}
		if f.Type == "file" {
			inEffect = first
			break
		}
	}
	var errs []github.CodeownersError
	if inEffect == "" {
		var err error
		if errs, err = e.api.CodeownersErrors(ctx, e.repo.Owner, e.repo.Name, e.branch); err != nil && !github.IsNotFound(err) {
			return errors.Wrapf(err, "cannot read GitHub's check of %s", e.where(path))
		}
	}
	c := rf.CodeownersCondition(path, e.branch, inEffect, errs)
	c.LastTransitionTime = metav1.Now()
	if was := mg.GetCondition(rf.TypeCodeowners); !was.Equal(c) && c.Status != "True" {
		e.record.Event(mg, event.Warning(event.Reason(c.Reason), errors.New(c.Message)))
	}
	mg.SetConditions(c)
	return nil
}

// findBranch sets the branch of the file: the declared one, or the
// repository's default branch. found is false when the repository does
// not exist (or the credentials cannot see it).
func (e *external[T]) findBranch(ctx context.Context, p *common.RepositoryFileParameters) (found bool, err error) {
	if p.Branch != nil {
		e.branch = string(*p.Branch)
		return true, nil
	}
	r, err := e.api.Get(ctx, e.repo.Owner, e.repo.Name)
	if github.IsNotFound(err) {
		return false, nil
	}
	if err != nil {
		return false, errors.Wrapf(err, "cannot read repository %s to find its default branch", e.repo.FullName())
	}
	e.branch = r.DefaultBranch
	return true, nil
}

// recovered tells whether the file Observe found is what a create of mg
// wrote before the provider stopped, between GitHub's commit and the
// external name being saved, or before GitHub's answer to it was lost: a
// create's answer was lost and the file has exactly the declared content
// (kind.RecoversUntimed: GitHub keeps no creation time of a file). It then
// sets the external name. (A resource being deleted has not read its
// content: a file it may have written is left.)
func (e *external[T]) recovered(mg T) bool {
	if meta.WasDeleted(mg) {
		return false
	}
	var differs []string
	if !rf.UpToDate(e.observed.SHA, e.content) {
		differs = append(differs, "content")
	}
	if !kind.RecoversUntimed(mg, differs) {
		return false
	}
	p := mg.Parameters()
	kind.Recovered(mg, e.record, p.Path, e.where(p.Path)+" with the declared content", "written by this RepositoryFile")
	return true
}

// notOurs says why a file that exists, but that this resource did not
// write, is left alone, and how to take it over. It does not exist as far
// as this resource goes: nil for a resource being deleted (nothing to
// delete) and with overwriteOnCreate (Create replaces it).
func (e *external[T]) notOurs(mg T) error {
	p := mg.Parameters()
	if meta.WasDeleted(mg) || ptr.Deref(p.OverwriteOnCreate, false) {
		return nil
	}
	same := ""
	if rf.UpToDate(e.observed.SHA, e.content) {
		same = " (it already has the declared content)"
	}
	return errors.Errorf("%s already exists%s, and this RepositoryFile did not write it: to replace it with the declared content and manage it, set spec.forProvider.overwriteOnCreate: true or the annotation crossplane.io/external-name: %q; or choose another path", e.where(p.Path), same, p.Path)
}

// declared is the declared content: inline, or from the key of the
// ConfigMap contentFrom names, read afresh.
func (e *external[T]) declared(ctx context.Context, mg T) ([]byte, error) {
	p := mg.Parameters()
	if p.Content != nil {
		return []byte(*p.Content), rf.CheckSize(len(*p.Content), "spec.forProvider.content")
	}
	if p.ContentFrom == nil {
		return nil, errors.New("no content: set spec.forProvider.content or contentFrom")
	}
	ref := p.ContentFrom.ConfigMapKeyRef
	ns, err := rf.ConfigMapNamespace(ref, mg.GetNamespace())
	if err != nil {
		return nil, err
	}
	cm := &corev1.ConfigMap{}
	err = e.configMaps.Get(ctx, client.ObjectKey{Namespace: ns, Name: ref.Name}, cm)
	if kerrors.IsNotFound(err) {
		return nil, errors.Errorf("ConfigMap %s/%s named by spec.forProvider.contentFrom.configMapKeyRef does not exist: create it, or fix the reference", ns, ref.Name)
	}
	if err != nil {
		return nil, errors.Wrapf(err, "cannot read ConfigMap %s/%s named by spec.forProvider.contentFrom.configMapKeyRef", ns, ref.Name)
	}
	content, err := rf.ContentOf(cm, ref.Key)
	if err != nil {
		return nil, err
	}
	return content, rf.CheckSize(len(content), fmt.Sprintf("key %s of ConfigMap %s/%s", ref.Key, ns, ref.Name))
}

// Create writes the file with a commit, over the file Observe found when
// overwriteOnCreate allows it, and records the path as the external name.
// A commit refused because another landed on the branch at the same moment
// is sent again (retryMoved), as are those of Update and Delete.
func (e *external[T]) Create(ctx context.Context, mg T) (managed.ExternalCreation, error) {
	p := mg.Parameters()
	sha := ""
	if e.observed != nil {
		sha = e.observed.SHA
	}
	var out *github.FileCommit
	tries, err := e.retryMoved(ctx, p.Path, sha, func() (err error) {
		out, err = e.api.PutFile(ctx, e.repo.Owner, e.repo.Name, p.Path, rf.Write(p, e.branch, sha, e.content))
		return err
	})
	if err != nil {
		return managed.ExternalCreation{}, e.writeError(mg, err, "create", p.Path, tries)
	}
	meta.SetExternalName(mg, p.Path)
	*mg.Observation() = rf.Observation(e.repo.FullName(), e.branch, p, out.Content)
	return managed.ExternalCreation{}, nil
}

// Update commits the declared content over the file Observe found.
func (e *external[T]) Update(ctx context.Context, mg T) (managed.ExternalUpdate, error) {
	f := e.observed
	if f == nil {
		return managed.ExternalUpdate{}, errors.New("cannot update a file that was not observed first")
	}
	p := mg.Parameters()
	var out *github.FileCommit
	tries, err := e.retryMoved(ctx, p.Path, f.SHA, func() (err error) {
		out, err = e.api.PutFile(ctx, e.repo.Owner, e.repo.Name, p.Path, rf.Write(p, e.branch, f.SHA, e.content))
		return err
	})
	if err != nil {
		return managed.ExternalUpdate{}, e.writeError(mg, err, "update", p.Path, tries)
	}
	*mg.Observation() = rf.Observation(e.repo.FullName(), e.branch, p, out.Content)
	return managed.ExternalUpdate{}, nil
}

// writeError words GitHub's refusal of a write of path, sent tries times.
func (e *external[T]) writeError(mg T, err error, verb, path string, tries int) error {
	switch {
	case github.IsBranchMoved(err):
		return errors.Wrap(err, e.movedMessage(verb, path, tries))
	case github.IsNotFound(err) && github.HasMessage(err, "Branch "+e.branch+" not found"):
		return kind.Absent(mg, time.Now(), fmt.Sprintf("cannot %s %s: branch %q of %s does not exist", verb, path, e.branch, e.repo.FullName()),
			"create it (a Branch resource can), or fix spec.forProvider.branch")
	case github.IsNotFound(err):
		return errors.Wrapf(err, "cannot %s %s: cannot find repository %s%s (or the credentials cannot write to it)", verb, path, e.repo.FullName(), e.repo.NamedBy())
	case github.StatusCode(err) == 409 || (github.IsUnprocessable(err) && strings.Contains(err.Error(), `"sha"`)):
		return errors.Wrapf(err, "cannot %s %s: the file changed on GitHub since it was read; it is read again on the next attempt", verb, e.where(path))
	}
	return errors.Wrapf(err, "cannot %s %s", verb, e.where(path))
}

// Delete deletes the file with a commit. A file that is already gone
// counts as deleted.
func (e *external[T]) Delete(ctx context.Context, mg T) (managed.ExternalDelete, error) {
	mg.SetConditions(xpv2.Deleting())
	f := e.observed
	if f == nil {
		return managed.ExternalDelete{}, errors.New("cannot delete a file that was not observed first")
	}
	p := mg.Parameters()
	tries, err := e.retryMoved(ctx, p.Path, f.SHA, func() error {
		_, err := e.api.DeleteFile(ctx, e.repo.Owner, e.repo.Name, p.Path, rf.Delete(p, e.branch, f.SHA))
		return err
	})
	if github.IsBranchMoved(err) {
		return managed.ExternalDelete{}, errors.Wrap(err, e.movedMessage("delete", p.Path, tries))
	}
	if github.StatusCode(err) == 409 {
		return managed.ExternalDelete{}, errors.Wrapf(err, "cannot delete %s: the file changed on GitHub since it was read; it is read again on the next attempt", e.where(p.Path))
	}
	return managed.ExternalDelete{}, errors.Wrapf(resource.Ignore(github.IsNotFound, err), "cannot delete %s", e.where(p.Path))
}

// Disconnect does nothing: clients are cached per credential, not per reconcile.
func (e *external[T]) Disconnect(context.Context) error { return nil }
