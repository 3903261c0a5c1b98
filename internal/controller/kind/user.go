package kind

import (
	"context"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// UserLogin is login, the user a resource about one user (a membership)
// declares in spec.forProvider.user, once checked against its external
// name: GitHub compares logins without regard to case, and so does this.
func UserLogin(mg resource.Managed, login string) (string, error) {
	if ext := meta.GetExternalName(mg); ext != "" && !strings.EqualFold(ext, login) {
		return "", errors.Errorf("spec.forProvider.user %q and the crossplane.io/external-name annotation %q name different users: make them equal, or remove the annotation", login, ext)
	}
	return login, nil
}

// A UserPlace is where a user's membership lives, for the words of
// UserNotFound.
type UserPlace struct {
	// Joins is what a user becomes there: "members", "members of a team".
	Joins string
	// Missing says what else GitHub's 404 may mean: "cannot find
	// organization acme, or the credentials cannot manage its members".
	Missing string
	// Doing is what the write that met the 404 was: "cannot invite pat to acme".
	Doing string
}

// UserNotFound words GitHub's 404 for user login in place: GitHub gives
// the same answer for a user it does not know as for a place the
// credentials cannot see or manage, so the account tells which.
func UserNotFound(ctx context.Context, api github.UsersAPI, login string, place UserPlace, err error) error {
	acct, aerr := api.GetAccount(ctx, login)
	switch {
	case github.IsNotFound(aerr):
		return errors.Errorf("GitHub knows no user %s: check spec.forProvider.user", login)
	case aerr == nil && acct.Type == "Organization":
		return errors.Errorf("%s is an organization, not a user: only users can be %s", login, place.Joins)
	case aerr == nil:
		return errors.Wrap(err, place.Missing)
	}
	return errors.Wrap(err, place.Doing)
}
