package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/teammembership"
)

// teamMembershipKind imports every team's members with their roles: the
// organisation's teams (read once per import, see Session.Teams), then
// each team's maintainers and its other members (two lists a team, a page
// of 100 a request, each read once).
var teamMembershipKind = Kind{Name: "TeamMembership", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		teams, err := s.Teams(ctx)
		if err != nil {
			return nil, fmt.Errorf("cannot list the teams: %w", err)
		}
		api := gh.NewTeamMembershipsClient(s.GitHub)
		var rs []Resource
		for i := range teams {
			slug := teams[i].Slug
			for _, role := range []string{teammembership.RoleMaintainer, teammembership.RoleMember} {
				list, err := api.ListTeamMembers(ctx, s.Options.Owner, slug, role)
				if err != nil {
					return nil, fmt.Errorf("cannot list the members of team %s with role %s: %w", slug, role, err)
				}
				for _, m := range list {
					p := teammembership.Imported(m.Login, role)
					p.OrganizationTarget = s.OrganizationTarget()
					p.TeamTarget = s.TeamTarget(slug)
					rs = append(rs, Resource{Kind: "TeamMembership", Group: "org", Key: slug + "/" + m.Login,
						ExternalName: m.Login, ForProvider: p})
				}
			}
		}
		return rs, nil
	}}
