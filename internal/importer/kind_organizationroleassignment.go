package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	mapping "github.com/crossplane-github/provider-github/internal/clients/organizationroleassignment"
)

// organizationRoleAssignmentKind imports every role the organisation's
// teams and members hold directly (GitHub's assignment direct or mixed;
// what they hold only through a team is the team's assignment): the
// organisation's roles (one request), then each role's teams and users (a
// page of 100 a request). A team is named by a reference to its Team
// resource when Teams are imported.
var organizationRoleAssignmentKind = Kind{Name: "OrganizationRoleAssignment", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		api := gh.NewOrgRolesClient(s.GitHub)
		org := s.Options.Owner
		roles, err := api.ListOrgRoles(ctx, org)
		if err != nil {
			return nil, fmt.Errorf("cannot list the organization's roles: %w", err)
		}
		var rs []Resource
		add := func(holder mapping.Holder, role string, h *mapping.Holding) {
			if !mapping.Held(h) {
				return
			}
			p := mapping.ImportedUser(role, holder.User)
			if holder.Team != nil {
				p = mapping.ImportedTeam(role, s.TeamTarget(holder.Team.Slug))
			}
			p.OrganizationTarget = s.OrganizationTarget()
			ext := mapping.ExternalName(holder, role)
			rs = append(rs, Resource{Kind: "OrganizationRoleAssignment", Group: "org", Key: ext, ExternalName: ext, ForProvider: p})
		}
		for _, role := range roles {
			teams, err := api.ListOrgRoleTeams(ctx, org, role.ID)
			if err != nil {
				return nil, fmt.Errorf("cannot list the teams that hold role %s: %w", role.Name, err)
			}
			for _, t := range teams {
				team := mapping.Team{Organization: org, Slug: t.Slug, ID: t.ID}
				add(mapping.Holder{Team: &team}, role.Name, mapping.TeamHolding(teams, team))
			}
			users, err := api.ListOrgRoleUsers(ctx, org, role.ID)
			if err != nil {
				return nil, fmt.Errorf("cannot list the users who hold role %s: %w", role.Name, err)
			}
			for _, u := range users {
				add(mapping.Holder{User: u.Login}, role.Name, mapping.UserHolding(users, u.Login))
			}
		}
		return rs, nil
	}}
