package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/membership"
)

// membershipKind imports the organisation's members with their roles: its
// owners, then its other members (two lists, a page of 100 a request,
// each read once). Invitations not yet accepted are left out: a pending
// membership is the invitee's to accept, not a member to manage.
var membershipKind = Kind{Name: "Membership", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		api := gh.NewMembershipsClient(s.GitHub)
		var rs []Resource
		for _, role := range []string{membership.RoleAdmin, membership.RoleMember} {
			list, err := api.ListMembers(ctx, s.Options.Owner, role)
			if err != nil {
				return nil, fmt.Errorf("cannot list the members of %s with role %s: %w", s.Options.Owner, role, err)
			}
			for _, m := range list {
				p := membership.Imported(m.Login, role)
				p.OrganizationTarget = s.OrganizationTarget()
				rs = append(rs, Resource{Kind: "Membership", Group: "org", Key: m.Login, ExternalName: m.Login, ForProvider: p})
			}
		}
		return rs, nil
	}}
