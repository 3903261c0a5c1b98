package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/organizationsettings"
)

// organizationSettingsKind imports the organization's settings (one
// request): its profile, and the privileges that are not what GitHub
// gives a new organization. Its login is the external name.
var organizationSettingsKind = Kind{Name: "OrganizationSettings", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		got, err := gh.NewOrganizationsClient(s.GitHub).GetOrganization(ctx, s.Options.Owner)
		if err != nil {
			return nil, fmt.Errorf("cannot read the organization's settings: %w", err)
		}
		p := organizationsettings.Imported(got)
		p.OrganizationTarget = s.OrganizationTarget()
		return []Resource{{Kind: "OrganizationSettings", Group: "org", Key: got.Login, ExternalName: got.Login, ForProvider: p}}, nil
	}}
