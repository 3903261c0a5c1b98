// Package organizationroleassignment maps OrganizationRoleAssignment
// resources to GitHub's organization roles and their holders and back: the
// role a name stands for, how a holder holds it, the external name and the
// observation.
package organizationroleassignment

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// A Team is the team that holds the role, as the controller found it.
type Team struct {
	Organization, Slug string
	ID                 int64 // 0 when the team is named by slug
}

// A Holder is who holds the role: a team, or (Team nil) the user of the
// login.
type Holder struct {
	Team *Team
	User string
}

// String names the holder for messages: "team security" or "user octocat".
func (h Holder) String() string {
	if h.Team != nil {
		return "team " + h.Team.Slug
	}
	return "user " + h.User
}

// A Holding is how a holder holds a role, as the role's holders list
// answers it.
type Holding struct {
	// Assignment is direct, indirect or mixed.
	Assignment string
	// TeamSlug and TeamID are the team's, for a team.
	TeamSlug string
	TeamID   int64
	// User is the user's login as GitHub spells it, for a user.
	User string
	// InheritedFrom are the slugs of the teams a user holds it through.
	InheritedFrom []string
}

// Held tells whether the holding is the assignment a resource manages: the
// role given to the holder itself (direct, or mixed with what a team gives
// it). A holder who has the role only through a team (indirect) does not
// hold the assignment.
func Held(h *Holding) bool {
	return h != nil && (h.Assignment == github.AssignmentDirect || h.Assignment == github.AssignmentMixed)
}

// FindRole is the organization's role called name, exactly as GitHub
// writes it. A name the organization has no role of is an error that
// lists the roles it has (and the one a different case would name).
func FindRole(org string, roles []github.OrgRole, name string) (github.OrgRole, error) {
	names := make([]string, 0, len(roles))
	alike := ""
	for _, r := range roles {
		if r.Name == name {
			return r, nil
		}
		if strings.EqualFold(r.Name, name) {
			alike = r.Name
		}
		names = append(names, r.Name)
	}
	sort.Strings(names)
	hint := ""
	if alike != "" {
		hint = fmt.Sprintf(" (role names are compared exactly: did you mean %s?)", alike)
	}
	return github.OrgRole{}, fmt.Errorf("organization %s has no role %q%s: its roles are %s; set spec.forProvider.role to one of them, or create the custom role on GitHub first",
		org, name, hint, strings.Join(names, ", "))
}

// TeamHolding is how team holds the role by the role's teams list: the
// team of its id when it is known (a Team resource's), else of its slug;
// nil when the team holds it in no way.
func TeamHolding(list []github.OrgRoleTeam, team Team) *Holding {
	for _, t := range list {
		if (team.ID != 0 && t.ID == team.ID) || (team.ID == 0 && strings.EqualFold(t.Slug, team.Slug)) {
			return &Holding{Assignment: t.Assignment, TeamSlug: t.Slug, TeamID: t.ID}
		}
	}
	return nil
}

// UserHolding is how the user of login holds the role by the role's users
// list (logins compared without regard to case, as GitHub compares them);
// nil when the user holds it in no way.
func UserHolding(list []github.OrgRoleUser, login string) *Holding {
	for _, u := range list {
		if strings.EqualFold(u.Login, login) {
			h := &Holding{Assignment: u.Assignment, User: u.Login}
			for _, t := range u.InheritedFrom {
				h.InheritedFrom = append(h.InheritedFrom, t.Slug)
			}
			return h
		}
	}
	return nil
}

// ExternalName is the assignment's external name: the holder, then the
// role, as team/<slug>/<role> or user/<login>/<role>.
func ExternalName(h Holder, role string) string {
	if h.Team != nil {
		return "team/" + h.Team.Slug + "/" + role
	}
	return "user/" + h.User + "/" + role
}

// Observation is the status.atProvider of the role held as h tells, by
// holder in the organization org.
func Observation(org string, role github.OrgRole, holder Holder, h *Holding) common.OrganizationRoleAssignmentObservation {
	o := common.OrganizationRoleAssignmentObservation{Organization: ptr.To(org), RoleID: ptr.To(role.ID), Assignment: ptr.To(h.Assignment)}
	if holder.Team != nil {
		o.TeamSlug, o.TeamID = ptr.To(h.TeamSlug), ptr.To(h.TeamID)
		return o
	}
	o.User = ptr.To(h.User)
	if len(h.InheritedFrom) > 0 {
		o.InheritedFrom = append([]string(nil), h.InheritedFrom...)
	}
	return o
}

// Through words what a holder that holds the role only indirectly holds
// it through, for messages: "team a, b" for a user, "a parent team" for a
// team (GitHub does not say which).
func Through(h *Holding) string {
	if h == nil || len(h.InheritedFrom) == 0 {
		return "a parent team"
	}
	return "team " + strings.Join(h.InheritedFrom, ", ")
}

// ImportedUser is the spec of an OrganizationRoleAssignment resource for
// role held directly by the user of login (its organization is the
// importer's to name).
func ImportedUser(role, login string) common.OrganizationRoleAssignmentParameters {
	return common.OrganizationRoleAssignmentParameters{Role: role, User: ptr.To(login)}
}

// ImportedTeam is the spec of an OrganizationRoleAssignment resource for
// role held directly by the team target names.
func ImportedTeam(role string, target repocommon.TeamTarget) common.OrganizationRoleAssignmentParameters {
	return common.OrganizationRoleAssignmentParameters{Role: role, OptionalTeamTarget: repocommon.OptionalTeamTarget(target)}
}
