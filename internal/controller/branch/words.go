package branch

import (
	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
)

// The words of this controller's errors and events about what it found.

// branchName is the name of mg's branch, checked against its external
// name.
func branchName(mg Object) (string, error) {
	name := string(mg.Parameters().Name)
	if ext := meta.GetExternalName(mg); ext != "" && ext != name {
		return "", errors.Errorf("spec.forProvider.name %q and the crossplane.io/external-name annotation %q name different branches (branch names are case-sensitive): make them equal", name, ext)
	}
	return name, nil
}

// fullName is the repository's owner/name, as GitHub answered it once
// read.
func (e *external[T]) fullName() string {
	if e.repository != nil && e.repository.FullName != "" {
		return e.repository.FullName
	}
	return e.repo.Owner + "/" + e.repo.Name
}

// empty words GitHub's 409 for a repository without commits.
func (e *external[T]) empty(err error) error {
	return errors.Wrapf(err, "repository %s%s is empty: a branch starts at a commit, and it has none yet. Push a first commit, or create the repository with a first commit (autoInit: true on its Repository)", e.fullName(), e.repo.NamedBy())
}
