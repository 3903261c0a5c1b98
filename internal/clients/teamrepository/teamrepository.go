// Package teamrepository maps between the TeamRepository API types and
// GitHub's answers about a team's permission on a repository: the desired
// permission, GitHub's words for it, the up-to-date check and the
// observation. It is pure: no HTTP, no Kubernetes client.
package teamrepository

import (
	"fmt"
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// The built-in permissions of a team on a repository, as the grant takes
// them.
const (
	PermissionPull     = "pull"
	PermissionTriage   = "triage"
	PermissionPush     = "push"
	PermissionMaintain = "maintain"
	PermissionAdmin    = "admin"
)

// DefaultPermission is what GitHub grants when the grant names none.
const DefaultPermission = PermissionPush

// roles are GitHub's names, in role_name, for the built-in permissions:
// pull is read and push is write.
var roles = map[string]string{
	PermissionPull:     "read",
	PermissionTriage:   "triage",
	PermissionPush:     "write",
	PermissionMaintain: "maintain",
	PermissionAdmin:    "admin",
}

// A Grant is a team's permission on a repository: which team, which
// repository.
type Grant struct {
	// Organization is the team's organization.
	Organization string
	TeamSlug     string
	// TeamID is GitHub's id of the team; 0 when it is not known (a team
	// named by slug).
	TeamID int64
	// Owner and Repository name the repository.
	Owner      string
	Repository string
}

// ExternalName is <team-slug>/<owner>/<repo>.
func (g Grant) ExternalName() string { return g.TeamSlug + "/" + g.Owner + "/" + g.Repository }

// Team names the team for messages: <org>/<slug>.
func (g Grant) Team() string { return g.Organization + "/" + g.TeamSlug }

// FullName is the repository's owner/name.
func (g Grant) FullName() string { return g.Owner + "/" + g.Repository }

func (g Grant) String() string {
	return fmt.Sprintf("team %s on repository %s", g.Team(), g.FullName())
}

// SameOrganization tells whether the team belongs to the organization that
// owns the repository: GitHub grants a team access to no other repository.
// Logins compare without regard to case, as GitHub compares them.
func (g Grant) SameOrganization() bool { return strings.EqualFold(g.Organization, g.Owner) }

// Permission is the permission the spec asks for: as written, or GitHub's
// default, push.
func Permission(p *common.TeamRepositoryParameters) string {
	if p.Permission == nil || *p.Permission == "" {
		return DefaultPermission
	}
	return *p.Permission
}

// BuiltIn tells whether permission is one of GitHub's built-in
// permissions rather than a custom repository role.
func BuiltIn(permission string) bool {
	_, ok := roles[permission]
	return ok
}

// Role is GitHub's role name for a permission: read for pull, write for
// push, a custom role by its own name.
func Role(permission string) string {
	if r, ok := roles[permission]; ok {
		return r
	}
	return permission
}

// PermissionOf is the permission, in the words of the grant, of one of
// GitHub's role names: pull for read, push for write, a custom role by its
// own name.
func PermissionOf(role string) string {
	for p, r := range roles {
		if strings.EqualFold(r, role) {
			return p
		}
	}
	return role
}

// ReportedRole is the team's role in GitHub's answer: its role_name, or,
// from an older GitHub Enterprise Server that leaves role_name out, the
// highest built-in role its permission flags show ("" when none).
func ReportedRole(r *github.TeamRepo) string {
	if r.RoleName != "" {
		return r.RoleName
	}
	f := r.Permissions
	switch {
	case f == nil:
		return ""
	case f.Admin:
		return roles[PermissionAdmin]
	case f.Maintain:
		return roles[PermissionMaintain]
	case f.Push:
		return roles[PermissionPush]
	case f.Triage:
		return roles[PermissionTriage]
	case f.Pull:
		return roles[PermissionPull]
	}
	return ""
}

// UpToDate tells whether the team's role in GitHub's answer is the
// permission wanted, compared in GitHub's words (push is write, pull is
// read) and without regard to case, as GitHub matches role names. An answer
// without role_name cannot name a custom role: a custom permission is then
// taken as up to date rather than granted again on every poll.
func UpToDate(want string, r *github.TeamRepo) bool {
	if r.RoleName == "" && !BuiltIn(want) {
		return true
	}
	return strings.EqualFold(Role(want), ReportedRole(r))
}

// Observation is the team's permission as GitHub reported it for g.
func Observation(g Grant, r *github.TeamRepo) common.TeamRepositoryObservation {
	o := common.TeamRepositoryObservation{
		Organization: ptr.To(g.Organization),
		TeamSlug:     ptr.To(g.TeamSlug),
		Repository:   ptr.To(g.FullName()),
	}
	if g.TeamID != 0 {
		o.TeamID = ptr.To(g.TeamID)
	}
	if r.FullName != "" {
		o.Repository = ptr.To(r.FullName)
	}
	if r.ID != 0 {
		o.RepositoryID = ptr.To(r.ID)
	}
	if role := ReportedRole(r); role != "" {
		o.RoleName = ptr.To(role)
		o.Permission = ptr.To(PermissionOf(role))
	}
	return o
}
