// Package membership maps Membership resources to a user's membership of a
// GitHub organization and back: the role to ask for, the observation,
// drift, the condition of a pending invitation, why an invitation is gone,
// and whether the user is the organization's last owner.
package membership

import (
	"fmt"
	"strings"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Roles of an organization's member.
const (
	RoleMember = "member"
	RoleAdmin  = "admin"
)

// ReasonInvitationPending is the Ready condition's reason while the user
// has not accepted the invitation.
const ReasonInvitationPending xpv2.ConditionReason = "InvitationPending"

// Role is the declared role: member unless the spec says admin.
func Role(p *common.MembershipParameters) string {
	return ptr.Deref(p.Role, RoleMember)
}

// Observation is the status.atProvider of the membership got in the
// organization org.
func Observation(org string, got *github.Membership) common.MembershipObservation {
	o := common.MembershipObservation{Organization: ptr.To(org), State: ptr.To(got.State), Role: ptr.To(got.Role)}
	if got.User.Login != "" {
		o.Login = ptr.To(got.User.Login)
	}
	return o
}

// Drift lists, by spec field, where GitHub's membership differs from the
// declared one: the role (for a pending membership, the role the
// invitation offers).
func Drift(p *common.MembershipParameters, got *github.Membership) []string {
	if got.Role != Role(p) {
		return []string{fmt.Sprintf("role: want %s, GitHub reports %s", Role(p), got.Role)}
	}
	return nil
}

// Pending is the Ready condition of a membership whose user has not
// accepted the invitation to org yet: it says who must accept it and
// where, in words that stay the same from one poll to the next.
func Pending(login, org string) xpv2.Condition {
	return xpv2.Condition{
		Type:               xpv2.TypeReady,
		Status:             corev1.ConditionFalse,
		LastTransitionTime: metav1.Now(),
		Reason:             ReasonInvitationPending,
		Message: fmt.Sprintf("waiting for %s to accept the invitation to join %s (GitHub emailed it; %s accepts it at https://github.com/orgs/%s/invitation); an invitation that expires (after 7 days) or is declined is sent again",
			login, org, login, org),
	}
}

// LastOwner tells whether user is the only owner among admins, the
// organization's owners: demoting or removing them would leave the
// organization without one.
func LastOwner(admins []github.Account, user string) bool {
	return len(admins) == 1 && strings.EqualFold(admins[0].Login, user)
}

// WhyGone says why the invitation of user is gone, from the
// organization's failed invitations (the latest of user's): it expired or
// was declined; with none, it was withdrawn (cancelled on GitHub).
func WhyGone(failed []github.FailedInvitation, user string) string {
	var last *github.FailedInvitation
	for i := range failed {
		f := &failed[i]
		if f.Login == nil || !strings.EqualFold(*f.Login, user) {
			continue
		}
		if last == nil || (f.FailedAt != nil && (last.FailedAt == nil || f.FailedAt.After(*last.FailedAt))) {
			last = f
		}
	}
	if last == nil {
		return "the invitation was withdrawn on GitHub"
	}
	reason := strings.ToLower(ptr.Deref(last.FailedReason, ""))
	switch {
	case strings.Contains(reason, "expire"):
		return "the invitation expired"
	case strings.Contains(reason, "declin"):
		return "the invitation was declined"
	case reason != "":
		return "the invitation failed: " + *last.FailedReason
	}
	return "the invitation failed"
}

// Imported is the spec of a Membership resource for the organization's
// member user with role (member or admin), as it is (its organization is
// the importer's to name). Drift finds nothing in it.
func Imported(user, role string) common.MembershipParameters {
	return common.MembershipParameters{User: user, Role: ptr.To(role)}
}
