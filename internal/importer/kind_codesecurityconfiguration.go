package importer

import (
	"context"
	"fmt"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	csc "github.com/crossplane-github/provider-github/internal/clients/codesecurityconfiguration"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// codeSecurityConfigurationKind imports the organisation's own code security
// configurations, with the new repositories each is the default for and
// the repositories attached to it (attachTo selected: by reference where
// their Repository is imported, by name where not). GitHub's built-in
// configurations (target type global, "GitHub recommended") cannot be
// managed and are left out.
var codeSecurityConfigurationKind = Kind{Name: "CodeSecurityConfiguration", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		api := gh.NewCodeSecurityConfigurationsClient(s.GitHub)
		list, err := api.ListCodeSecurityConfigurations(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		defaults, err := api.ListCodeSecurityDefaults(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			if got.TargetType != csc.TargetOrganization {
				continue
			}
			p := csc.Imported(got, csc.DefaultFor(defaults, got.ID))
			p.OrganizationTarget = s.OrganizationTarget()
			id := externalID(got.ID)
			res := Resource{Kind: "CodeSecurityConfiguration", Group: "org", Key: id, ExternalName: id,
				Notes: []string{fmt.Sprintf("Code security configuration %q.", got.Name)}}
			attached, err := api.ListCodeSecurityAttachments(ctx, s.Options.Owner, got.ID)
			if err != nil {
				return nil, err
			}
			if len(attached) > 0 {
				a := &common.CodeSecurityAttachment{Scope: csc.Selected}
				for _, x := range attached {
					name := x.Repository.Name
					if s.Imports("Repository") && s.ImportsRepository(name) {
						a.RepositoryRefs = append(a.RepositoryRefs, xpv2.Reference{Name: s.Options.NamePrefix + RepositoryName(name)})
					} else {
						a.Repositories = append(a.Repositories, name)
					}
				}
				p.AttachTo = a
			}
			res.ForProvider = p
			rs = append(rs, res)
		}
		return rs, nil
	}}
