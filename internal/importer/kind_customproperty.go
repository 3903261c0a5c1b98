package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/customproperty"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// customPropertyKind imports the organization's custom property schema
// (one request: GitHub answers it whole). A property its enterprise
// defines is the enterprise's, not the organization's to manage: it is
// left out.
var customPropertyKind = Kind{Name: "CustomProperty", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		list, err := gh.NewCustomPropertiesClient(s.GitHub).ListCustomProperties(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			if got.SourceType == "enterprise" {
				continue
			}
			p := customproperty.Imported(got)
			p.OrganizationTarget = s.OrganizationTarget()
			rs = append(rs, Resource{Kind: "CustomProperty", Group: "org", Key: got.PropertyName, ExternalName: got.PropertyName, ForProvider: p})
		}
		return rs, nil
	}}
