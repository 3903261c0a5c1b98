package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/codesecurityconfiguration"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// codeSecurityConfigurationKind imports the configurations of the organisation (a page of 100 a
// request).
var codeSecurityConfigurationKind = Kind{Name: "CodeSecurityConfiguration", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		list, err := gh.NewCodeSecurityConfigurationsClient(s.GitHub).ListCodeSecurityConfigurations(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			p := codesecurityconfiguration.Imported(got)
			p.OrganizationTarget = s.OrganizationTarget()
			id := externalID(got.ID)
			rs = append(rs, Resource{Kind: "CodeSecurityConfiguration", Group: "org", Key: id, ExternalName: id, ForProvider: p})
		}
		return rs, nil
	}}
