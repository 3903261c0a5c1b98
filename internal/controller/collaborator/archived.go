package collaborator

import (
	"context"
	"fmt"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// repositoryReader reads the collaborator's repository: whether it is
// archived. Through the conditional cache, that is mostly a free 304.
type repositoryReader interface {
	Get(ctx context.Context, owner, name string) (*github.Repository, error)
}

// heldByArchive tells why a permission that differs from the declared one
// is left as it is: GitHub reports every collaborator of an archived
// repository as read, whatever was granted (integrations/terraform-
// provider-github #153), and a write would change nothing it shows, so the
// provider would write on every poll. "" when the repository is not
// archived (or GitHub reports something else than read).
func (e *external[T]) heldByArchive(ctx context.Context, user, permission, reported string) (string, error) {
	if reported != "read" || e.repos == nil {
		return "", nil
	}
	r, err := e.repos.Get(ctx, e.repo.Owner, e.repo.Name)
	if err != nil {
		return "", errors.Wrapf(err, "cannot read whether %s is archived", e.repo.FullName())
	}
	if !r.Archived {
		return "", nil
	}
	return fmt.Sprintf("%s is archived: GitHub reports every collaborator of an archived repository as read, whatever was granted, so the declared permission %s of %s is not written; unarchive the repository to see (and manage) it again", e.repo.FullName(), permission, user), nil
}
