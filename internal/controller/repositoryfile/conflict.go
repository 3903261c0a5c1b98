package repositoryfile

import (
	"context"
	"fmt"
	"time"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// GitHub makes a file's commit on the head of the branch as it read it,
// and refuses it (409 "is at <sha> but expected <sha>") when another
// commit landed on the branch meanwhile: two RepositoryFiles of one branch
// written at the same moment, or anyone's push. The file itself is then
// as it was, so the write is sent again, after a wait, as long as a fresh
// read finds the file as Observe did; a file that changed is left to the
// next reconcile, which reads it again.
const (
	// commitTries is how many times a write is sent while other commits
	// land on its branch at the same moment.
	commitTries = 4
	// commitBackoff is the wait before the second try; it doubles before
	// each further one (0.25 s, 0.5 s, 1 s: under 2 s in all).
	commitBackoff = 250 * time.Millisecond
)

// retryMoved sends write, and sends it again while GitHub answers that the
// branch moved (github.IsBranchMoved), at most commitTries times in all.
// Before each retry it waits and reads path again: only a file whose blob
// id is still sha ("" for no file) is written again. It returns the last
// error and how many times write was sent.
func (e *external[T]) retryMoved(ctx context.Context, path, sha string, write func() error) (tries int, err error) {
	err, tries = write(), 1
	for ; tries < commitTries && github.IsBranchMoved(err); tries++ {
		if e.wait(ctx, commitBackoff<<(tries-1)) != nil {
			return tries, err
		}
		if now, rerr := e.currentSHA(ctx, path); rerr != nil || now != sha {
			return tries, err
		}
		err = write()
	}
	return tries, err
}

// currentSHA is the blob id of path on the branch, "" when there is none.
func (e *external[T]) currentSHA(ctx context.Context, path string) (string, error) {
	f, err := e.api.GetFile(ctx, e.repo.Owner, e.repo.Name, path, e.branch)
	if github.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return f.SHA, nil
}

// movedMessage says why a write GitHub refused tries times because the
// branch moved was given up, and what happens next.
func (e *external[T]) movedMessage(verb, path string, tries int) string {
	if tries < commitTries {
		return fmt.Sprintf("cannot %s %s: another commit landed on the branch at the same moment, and the file changed on GitHub meanwhile; it is read again on the next attempt", verb, e.where(path))
	}
	return fmt.Sprintf("cannot %s %s: other commits kept landing on branch %s at the same moment (GitHub refused this commit %d times in %s); it is tried again on the next reconcile", verb, e.where(path), e.branch, tries, commitBackoff*(1<<(commitTries-1)-1))
}
