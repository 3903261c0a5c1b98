package collaborator

import (
	"context"
	"fmt"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// The words of this controller's errors and events about what it found.

// notFound words GitHub's 404 for the user on the repository: GitHub gives
// the same answer for a user it does not know as for a repository the
// credentials cannot see, so the account tells which.
func (e *external[T]) notFound(ctx context.Context, user string, err error) error {
	acct, aerr := e.api.GetAccount(ctx, user)
	switch {
	case github.IsNotFound(aerr):
		return errors.Errorf("GitHub knows no user %s: check spec.forProvider.username", user)
	case aerr == nil && acct.Type == "Organization":
		return errors.Errorf("%s is an organization, not a user: only users can be collaborators", user)
	case aerr == nil:
		return errors.Wrapf(err, "cannot find repository %s%s", e.repo.FullName(), e.repo.NamedBy())
	}
	return errors.Wrapf(err, "cannot read the permission of %s on %s", user, e.repo.FullName())
}

// reinviteReason says why a user who was invited or a collaborator before
// (as the last observation says) is invited again; "" for a first
// invitation.
func reinviteReason(prev *common.CollaboratorObservation, expired *github.Invitation) string {
	switch {
	case expired != nil:
		return fmt.Sprintf("the invitation sent %s expired", expired.CreatedAt.UTC().Format(time.RFC3339))
	case prev.Invitation != nil:
		return fmt.Sprintf("the invitation %d was declined or withdrawn", prev.Invitation.ID)
	case prev.Permission != nil:
		return "the user was removed as a collaborator outside Kubernetes"
	}
	return ""
}

func inviteeLogin(inv *github.Invitation, user string) string {
	if inv.Invitee != nil && inv.Invitee.Login != "" {
		return inv.Invitee.Login
	}
	return user
}
