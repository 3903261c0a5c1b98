// Package teammembership maps TeamMembership resources to a user's
// membership of a GitHub team and back: the role to ask for, the
// observation, drift and the condition of a pending invitation.
package teammembership

import (
	"fmt"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Roles of a team's member.
const (
	RoleMember     = "member"
	RoleMaintainer = "maintainer"
)

// ReasonInvitationPending is the Ready condition's reason while the user
// has not accepted the invitation to the team's organization.
const ReasonInvitationPending xpv2.ConditionReason = "InvitationPending"

// Role is the declared role: member unless the spec says maintainer.
func Role(p *common.TeamMembershipParameters) string {
	return ptr.Deref(p.Role, RoleMember)
}

// A Team is the team a membership is in, as the controller found it.
type Team struct {
	Organization, Slug string
	ID                 int64 // 0 when the team is named by slug
}

// Observation is the status.atProvider of the membership got of team.
func Observation(team Team, got *github.TeamMembership) common.TeamMembershipObservation {
	o := common.TeamMembershipObservation{Organization: ptr.To(team.Organization), TeamSlug: ptr.To(team.Slug), State: ptr.To(got.State), Role: ptr.To(got.Role)}
	if team.ID != 0 {
		o.TeamID = ptr.To(team.ID)
	}
	return o
}

// Drift lists, by spec field, where GitHub's team membership differs from
// the declared one: the role.
func Drift(p *common.TeamMembershipParameters, got *github.TeamMembership) []string {
	if got.Role != Role(p) {
		return []string{fmt.Sprintf("role: want %s, GitHub reports %s", Role(p), got.Role)}
	}
	return nil
}

// Pending is the Ready condition of a team membership whose user has not
// accepted the invitation to the team's organization yet: it says who
// must accept it and where, in words that stay the same from one poll to
// the next.
func Pending(user string, team Team) xpv2.Condition {
	return xpv2.Condition{
		Type:               xpv2.TypeReady,
		Status:             corev1.ConditionFalse,
		LastTransitionTime: metav1.Now(),
		Reason:             ReasonInvitationPending,
		Message: fmt.Sprintf("waiting for %s to accept the invitation to join %s, which GitHub sent to add them to team %s (%s accepts it at https://github.com/orgs/%s/invitation); they join the team on accepting",
			user, team.Organization, team.Slug, user, team.Organization),
	}
}

// Imported is the spec of a TeamMembership resource for the team's
// member user with role (member or maintainer), as it is (its
// organization and team are the importer's to name). Drift finds nothing
// in it.
func Imported(user, role string) common.TeamMembershipParameters {
	return common.TeamMembershipParameters{User: user, Role: ptr.To(role)}
}
