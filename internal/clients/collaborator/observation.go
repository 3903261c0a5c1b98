package collaborator

import (
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// ExternalName is the external name of a Collaborator for the user: the
// login in lower case, as GitHub matches logins without regard to case.
func ExternalName(username string) string { return strings.ToLower(username) }

// Observed is what the provider found on GitHub for a user and repository.
type Observed struct {
	// Repository is owner/name.
	Repository string
	// Login is the user's login as GitHub spells it, when GitHub said.
	Login string
	// Role is the user's reported role, "" for none or not read.
	Role string
	// Kept records a role GitHub kept over the permission granted.
	Kept *v1alpha1.KeptPermission
	// Invitation is the user's pending invitation, if any.
	Invitation *github.Invitation
}

// Observation is the status.atProvider of what was observed.
func Observation(o Observed) v1alpha1.CollaboratorObservation {
	out := v1alpha1.CollaboratorObservation{
		Repository:     nonEmpty(o.Repository),
		Login:          nonEmpty(o.Login),
		Permission:     nonEmpty(o.Role),
		KeptPermission: o.Kept,
	}
	if inv := o.Invitation; inv != nil {
		out.Invitation = &v1alpha1.InvitationObservation{ID: inv.ID, Permission: inv.Permissions, HTMLURL: nonEmpty(inv.HTMLURL)}
		if !inv.CreatedAt.IsZero() {
			out.Invitation.CreatedAt = ptr.To(metav1.NewTime(inv.CreatedAt))
		}
		if out.Login == nil && inv.Invitee != nil {
			out.Login = nonEmpty(inv.Invitee.Login)
		}
	}
	return out
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
