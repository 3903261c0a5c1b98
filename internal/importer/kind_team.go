package importer

import (
	"context"

	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/internal/clients/team"
)

// teamKind imports the organisation's teams (a page of 100 a request),
// each child team referring to its parent's Team resource.
var teamKind = Kind{Name: "Team", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		teams, err := s.Teams(ctx)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(teams))
		for i := range teams {
			t := &teams[i]
			p := team.Imported(t, s.Options.Owner)
			if t.Parent != nil {
				p.ParentTeamRef = s.TeamReference(t.Parent.Slug)
				if p.ParentTeamRef == nil {
					p.ParentTeamID = ptr.To(t.Parent.ID)
				}
			}
			rs = append(rs, Resource{Kind: "Team", Group: "org", Key: t.Slug, ExternalName: t.Slug, ForProvider: p})
		}
		return rs, nil
	}}
