package importer

import (
	"context"
	"fmt"

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
		repos := gh.NewSelectedRepositoriesClient(s.GitHub)
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			var selected []gh.SelectedRepository
			if got.Visibility == gh.VisibilitySelected {
				if selected, err = repos.ListSelectedRepositories(ctx, s.Options.Owner, gh.Shared{Variable: true}, got.Name); err != nil {
					return nil, fmt.Errorf("cannot list the repositories of variable %s: %w", got.Name, err)
				}
			}
			p := organizationactionsvariable.Imported(got, selected)
			p.OrganizationTarget = s.OrganizationTarget()
			rs = append(rs, Resource{Kind: "OrganizationActionsVariable", Group: "org", Key: got.Name, ExternalName: got.Name, ForProvider: p})
		}
		return rs, nil
	}}
