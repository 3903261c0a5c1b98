package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/organizationinteractionlimit"
)

// organizationInteractionLimitKind imports the interaction limit of the organisation (one request).
var organizationInteractionLimitKind = Kind{Name: "OrganizationInteractionLimit", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		got, err := gh.NewOrganizationInteractionLimitClient(s.GitHub).GetOrganizationInteractionLimit(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		p := organizationinteractionlimit.Imported(got)
		p.OrganizationTarget = s.OrganizationTarget()
		return []Resource{{Kind: "OrganizationInteractionLimit", Group: "org", Key: s.Options.Owner, ExternalName: s.Options.Owner, ForProvider: p}}, nil
	}}
