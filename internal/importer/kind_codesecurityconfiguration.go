package importer

import (
	"context"
	"fmt"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	csc "github.com/crossplane-github/provider-github/internal/clients/codesecurityconfiguration"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// codeSecurityConfigurationKind imports the organisation's own code security
// configurations, with the new repositories each is the default for and
// the repositories attached to it (attachTo selected: by reference where
// their Repository is imported, by name where not). GitHub's built-in
// configurations (target type global, "GitHub recommended") cannot be
// managed and are left out. Bypass reviewers are named as a person writes
// them: a team by slug, a role by name (an id neither names stays an id).
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
			if err := nameReviewers(ctx, s, got, &p); err != nil {
				return nil, err
			}
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

// nameReviewers names p's bypass reviewers, which GitHub reports by id,
// by team slug and role name where the organisation's teams and roles
// (read once an import) have the id.
func nameReviewers(ctx context.Context, s *Session, got *gh.CodeSecurityConfiguration, p *common.CodeSecurityConfigurationParameters) error {
	o := p.SecretScanningDelegatedBypassOptions
	if o == nil || got.SecretScanningDelegatedBypassOptions == nil {
		return nil
	}
	teams, roles, err := s.ReviewerNames(ctx, got.SecretScanningDelegatedBypassOptions.Reviewers)
	if err != nil {
		return err
	}
	for i := range o.Reviewers {
		r := &o.Reviewers[i]
		if r.ReviewerID == nil {
			continue
		}
		switch {
		case r.ReviewerType == "TEAM" && teams[*r.ReviewerID] != "":
			r.TeamSlug, r.ReviewerID = ptr.To(teams[*r.ReviewerID]), nil
		case r.ReviewerType == "ROLE" && roles[*r.ReviewerID] != "":
			r.RoleName, r.ReviewerID = ptr.To(roles[*r.ReviewerID]), nil
		}
	}
	return nil
}
