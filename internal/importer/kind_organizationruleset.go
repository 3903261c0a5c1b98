package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/organizationruleset"
)

// organizationRulesetKind imports the organization rulesets of the organisation (a page of 100 a
// request).
var organizationRulesetKind = Kind{Name: "OrganizationRuleset", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		list, err := gh.NewOrganizationRulesetsClient(s.GitHub).ListOrganizationRulesets(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			p := organizationruleset.Imported(got)
			p.OrganizationTarget = s.OrganizationTarget()
			id := externalID(got.ID)
			rs = append(rs, Resource{Kind: "OrganizationRuleset", Group: "org", Key: id, ExternalName: id, ForProvider: p})
		}
		return rs, nil
	}}
