package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/organizationactionsvariable"
)

// organizationActionsVariableKind imports the organization's Actions
// variables (GitHub's largest page a request) and who may use them, the
// selected repositories by name (one more list of each such variable).
var organizationActionsVariableKind = Kind{Name: "OrganizationActionsVariable", Group: "org", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		list, err := gh.NewOrganizationActionsVariablesClient(s.GitHub).ListOrgVariables(ctx, s.Options.Owner)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			selected, err := selectedRepositories(ctx, s, gh.Shared{Variable: true}, got.Name, got.Visibility)
			if err != nil {
				return nil, err
			}
			p := organizationactionsvariable.Imported(got, selected)
			p.OrganizationTarget = s.OrganizationTarget()
			rs = append(rs, Resource{Kind: "OrganizationActionsVariable", Group: "org", Key: got.Name, ExternalName: got.Name, ForProvider: p})
		}
		return rs, nil
	}}
