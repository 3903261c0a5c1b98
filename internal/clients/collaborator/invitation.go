package collaborator

import (
	"fmt"
	"strings"
	"time"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// ReasonInvitationPending is the Ready condition's reason while the user
// has not accepted the invitation.
const ReasonInvitationPending xpv2.ConditionReason = "InvitationPending"

// FindInvitation is the user's invitation among a repository's, nil when
// there is none. Logins match without regard to case; a pending invitation
// is preferred to an expired one.
func FindInvitation(list []github.Invitation, login string) *github.Invitation {
	var found *github.Invitation
	for i := range list {
		inv := &list[i]
		if inv.Invitee == nil || !strings.EqualFold(inv.Invitee.Login, login) {
			continue
		}
		if found == nil || (found.Expired && !inv.Expired) {
			found = inv
		}
	}
	return found
}

// FindCollaborator is the user among a repository's collaborators, nil
// when not there. Logins match without regard to case.
func FindCollaborator(list []github.Collaborator, login string) *github.Collaborator {
	for i := range list {
		if strings.EqualFold(list[i].Login, login) {
			return &list[i]
		}
	}
	return nil
}

// InvitationUpToDate tells whether an invitation offers the role the
// permission asks for. GitHub reports an invitation to a custom role as its
// base role, which the provider does not know: such an invitation counts
// as up to date unless it offers admin, which no custom role grants; the
// role is compared again once the user accepts.
func InvitationUpToDate(permission string, inv *github.Invitation) bool {
	if !BuiltIn(permission) {
		return Role(inv.Permissions) != "admin"
	}
	return Role(permission) == Role(inv.Permissions)
}

// InvitationPermission is the word an invitation update takes for the
// permission (read, triage, write, maintain or admin); ok is false for a
// custom role, which only a new add request sets on an invitation.
func InvitationPermission(permission string) (word string, ok bool) {
	if !BuiltIn(permission) {
		return "", false
	}
	return Role(permission), true
}

// Pending is the Ready condition of a resource whose user has not accepted
// the invitation to repository (owner/name) yet. It says who and since
// when, in words that stay the same from one poll to the next.
func Pending(login, repository string, inv *github.Invitation) xpv2.Condition {
	return xpv2.Condition{
		Type:               xpv2.TypeReady,
		Status:             corev1.ConditionFalse,
		LastTransitionTime: metav1.Now(),
		Reason:             ReasonInvitationPending,
		Message: fmt.Sprintf("%s has not accepted the invitation to %s sent %s yet; GitHub lets an invitation expire after 7 days, and the provider then invites again",
			login, repository, inv.CreatedAt.UTC().Format(time.RFC3339)),
	}
}
