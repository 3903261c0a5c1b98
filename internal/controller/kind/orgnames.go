package kind

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// TeamGetter reads a team of an organization by slug.
type TeamGetter interface {
	GetTeam(ctx context.Context, org, slug string) (*github.Team, error)
}

// RoleLister lists an organization's roles.
type RoleLister interface {
	ListOrgRoles(ctx context.Context, org string) ([]github.OrgRole, error)
}

// OrgNames finds GitHub's ids of what a spec names in one organization: a
// team by its slug, an organization role by its name. It serves one
// reconcile: the organization's roles are listed once, at the first role
// asked for, and not at all when none is.
type OrgNames struct {
	org   string
	teams TeamGetter
	roles RoleLister

	listed []github.OrgRole
	read   bool
}

// NewOrgNames finds names of organization org with teams and roles; roles
// may be nil when only teams are asked for.
func NewOrgNames(org string, teams TeamGetter, roles RoleLister) *OrgNames {
	return &OrgNames{org: org, teams: teams, roles: roles}
}

// OrgNames finds names of organization org with the resource's
// credentials.
func (c Connection) OrgNames(org string) *OrgNames {
	return NewOrgNames(org, github.NewTeamsClient(c.GitHub), github.NewOrgRolesClient(c.GitHub))
}

// Organization is the organization whose names it finds.
func (n *OrgNames) Organization() string { return n.org }

// TeamID is the id of the team of that slug, which field names. A team the
// organization does not have (GitHub answers 404 too for one the
// credentials cannot see) is told apart from a failed read.
func (n *OrgNames) TeamID(ctx context.Context, field, slug string) (int64, error) {
	t, err := n.teams.GetTeam(ctx, n.org, slug)
	switch {
	case github.IsNotFound(err):
		return 0, errors.Errorf("cannot find team %q of organization %s, named by %s (or the credentials cannot see it): create it, or fix the slug", slug, n.org, field)
	case err != nil:
		return 0, errors.Wrapf(err, "cannot read team %q of organization %s, named by %s", slug, n.org, field)
	}
	return t.ID, nil
}

// RoleID is the id of the organization role of that name (compared without
// regard to case), which field names. A role the organization does not
// have is named with the roles it has.
func (n *OrgNames) RoleID(ctx context.Context, field, name string) (int64, error) {
	if !n.read {
		roles, err := n.roles.ListOrgRoles(ctx, n.org)
		if err != nil {
			return 0, errors.Wrapf(err, "cannot list the organization roles of %s, to find the role %q named by %s", n.org, name, field)
		}
		n.listed, n.read = roles, true
	}
	for _, r := range n.listed {
		if strings.EqualFold(r.Name, name) {
			return r.ID, nil
		}
	}
	return 0, errors.Errorf("%s names role %q, which organization %s does not have: its roles are %s", field, name, n.org, roleNames(n.listed))
}

// roleNames lists roles by name, quoted, for messages: "none" when there
// are none.
func roleNames(roles []github.OrgRole) string {
	names := make([]string, 0, len(roles))
	for _, r := range roles {
		names = append(names, fmt.Sprintf("%q", r.Name))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
