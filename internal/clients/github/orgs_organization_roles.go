package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// An organization's roles (https://docs.github.com/rest/orgs/organization-roles):
// the roles every organization has (all_repo_read … all_repo_admin,
// security_manager) and the ones it defines, and who holds each, teams
// and members, each either directly or through a team. go-github v37
// knows none of it, so the area sends its own requests through go-github's
// client. Everything here is an owner's (classic tokens: admin:org);
// fine-grained credentials need Custom organization roles: read for the
// roles and Members for their holders.
//
// A role's holders are read conditionally, a page of 100 at a time, so an
// idle OrganizationRoleAssignment costs nothing. The roles list is used
// for orgRolesFreshFor without asking again: roles change rarely, and an
// answer that old cannot mislead a write, which names the role by the id
// GitHub gave it (a role deleted meanwhile is GitHub's 404 to the write).
const orgRolesFreshFor = 10 * time.Minute

var (
	routeListOrgRoles = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/organization-roles",
		Permission: "Custom organization roles: read", Scope: "admin:org", Cache: CacheConditional, FreshFor: orgRolesFreshFor})
	routeListOrgRoleTeams = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/organization-roles/{role_id}/teams",
		Permission: "Members: read", Scope: "admin:org", Cache: CacheConditional})
	routeListOrgRoleUsers = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/organization-roles/{role_id}/users",
		Permission: "Members: read", Scope: "admin:org", Cache: CacheConditional})
	routeAssignOrgRoleTeam = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/organization-roles/teams/{team_slug}/{role_id}",
		Permission: "Members: write", Scope: "admin:org"})
	routeRevokeOrgRoleTeam = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/organization-roles/teams/{team_slug}/{role_id}",
		Permission: "Members: write", Scope: "admin:org"})
	routeAssignOrgRoleUser = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/organization-roles/users/{username}/{role_id}",
		Permission: "Members: write", Scope: "admin:org"})
	routeRevokeOrgRoleUser = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/organization-roles/users/{username}/{role_id}",
		Permission: "Members: write", Scope: "admin:org"})
)

// How a holder holds an organization role, as a holders list says.
const (
	// AssignmentDirect: the role was given to the holder itself.
	AssignmentDirect = "direct"
	// AssignmentIndirect: the holder has it only through a team (a
	// parent team's role, or for a user a role of one of their teams).
	AssignmentIndirect = "indirect"
	// AssignmentMixed: both.
	AssignmentMixed = "mixed"
)

// OrgRole is one of an organization's roles.
type OrgRole struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// BaseRole is the repository role it grants on every repository of
	// the organization: read, triage, write, maintain or admin; nil for
	// none.
	BaseRole *string `json:"base_role"`
	// Source is Predefined, Organization or Enterprise; nil when GitHub
	// does not say.
	Source *string `json:"source"`
}

// OrgRoleTeam is a team that holds a role, as the role's holders list
// answers it.
type OrgRoleTeam struct {
	ID         int64  `json:"id"`
	Slug       string `json:"slug"`
	Assignment string `json:"assignment"`
}

// OrgRoleUser is a user who holds a role, as the role's holders list
// answers it.
type OrgRoleUser struct {
	Login      string `json:"login"`
	ID         int64  `json:"id"`
	Assignment string `json:"assignment"`
	// InheritedFrom are the teams the user holds the role through.
	InheritedFrom []TeamRef `json:"inherited_from"`
}

// TeamRef is a team as GitHub names it inside another object.
type TeamRef struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
}

// orgRoleList is the answer of the roles list.
type orgRoleList struct {
	Roles []OrgRole `json:"roles"`
}

// OrgRolesAPI reads an organization's roles and their holders, and gives
// roles to teams and members or takes them away. A role is named by its
// id.
type OrgRolesAPI interface {
	// ListOrgRoles lists the organization's roles.
	ListOrgRoles(ctx context.Context, org string) ([]OrgRole, error)
	// ListOrgRoleTeams lists the teams that hold the role, every page.
	ListOrgRoleTeams(ctx context.Context, org string, roleID int64) ([]OrgRoleTeam, error)
	// ListOrgRoleUsers lists the users who hold the role, every page.
	ListOrgRoleUsers(ctx context.Context, org string, roleID int64) ([]OrgRoleUser, error)
	// AssignOrgRoleToTeam gives the team the role; 404 when the
	// organization, the team or the role does not exist.
	AssignOrgRoleToTeam(ctx context.Context, org, teamSlug string, roleID int64) error
	// RemoveOrgRoleFromTeam takes the role the team holds directly away.
	RemoveOrgRoleFromTeam(ctx context.Context, org, teamSlug string, roleID int64) error
	// AssignOrgRoleToUser gives the user the role; 404 when the
	// organization, the user or the role does not exist, 422 when the
	// user is not a member of the organization.
	AssignOrgRoleToUser(ctx context.Context, org, user string, roleID int64) error
	// RemoveOrgRoleFromUser takes the role the user holds directly away.
	RemoveOrgRoleFromUser(ctx context.Context, org, user string, roleID int64) error
}

// OrgRolesClient implements OrgRolesAPI with a go-github client.
type OrgRolesClient struct{ requester }

var _ OrgRolesAPI = (*OrgRolesClient)(nil)

// NewOrgRolesClient returns the organization roles API of gh.
func NewOrgRolesClient(gh *github.Client) *OrgRolesClient {
	return &OrgRolesClient{requester{gh: gh}}
}

// roleID is a role's id as a path parameter.
func roleID(id int64) string { return strconv.FormatInt(id, 10) }

// ListOrgRoles lists the organization's roles (GitHub answers them all at
// once).
func (c *OrgRolesClient) ListOrgRoles(ctx context.Context, org string) ([]OrgRole, error) {
	out := &orgRoleList{}
	if err := c.do(ctx, routeListOrgRoles, routeListOrgRoles.path(org), nil, out); err != nil {
		return nil, err
	}
	return out.Roles, nil
}

// ListOrgRoleTeams lists the teams that hold the role.
func (c *OrgRolesClient) ListOrgRoleTeams(ctx context.Context, org string, id int64) ([]OrgRoleTeam, error) {
	return listAll[OrgRoleTeam](ctx, c.requester, routeListOrgRoleTeams, routeListOrgRoleTeams.path(org, roleID(id)), url.Values{})
}

// ListOrgRoleUsers lists the users who hold the role.
func (c *OrgRolesClient) ListOrgRoleUsers(ctx context.Context, org string, id int64) ([]OrgRoleUser, error) {
	return listAll[OrgRoleUser](ctx, c.requester, routeListOrgRoleUsers, routeListOrgRoleUsers.path(org, roleID(id)), url.Values{})
}

// AssignOrgRoleToTeam gives the team the role.
func (c *OrgRolesClient) AssignOrgRoleToTeam(ctx context.Context, org, teamSlug string, id int64) error {
	return c.do(ctx, routeAssignOrgRoleTeam, routeAssignOrgRoleTeam.path(org, teamSlug, roleID(id)), nil, nil)
}

// RemoveOrgRoleFromTeam takes the role away from the team.
func (c *OrgRolesClient) RemoveOrgRoleFromTeam(ctx context.Context, org, teamSlug string, id int64) error {
	return c.do(ctx, routeRevokeOrgRoleTeam, routeRevokeOrgRoleTeam.path(org, teamSlug, roleID(id)), nil, nil)
}

// AssignOrgRoleToUser gives the user the role.
func (c *OrgRolesClient) AssignOrgRoleToUser(ctx context.Context, org, user string, id int64) error {
	return c.do(ctx, routeAssignOrgRoleUser, routeAssignOrgRoleUser.path(org, user, roleID(id)), nil, nil)
}

// RemoveOrgRoleFromUser takes the role away from the user.
func (c *OrgRolesClient) RemoveOrgRoleFromUser(ctx context.Context, org, user string, id int64) error {
	return c.do(ctx, routeRevokeOrgRoleUser, routeRevokeOrgRoleUser.path(org, user, roleID(id)), nil, nil)
}
