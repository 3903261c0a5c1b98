package importer

import (
	"context"
	"fmt"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
)

// organizationActionsSecretKind and organizationDependabotSecretKind
// import the names of the organization's Actions and Dependabot secrets
// (a page of 100 a request) and who may use them, the selected
// repositories by name (one more list of each such secret); their values,
// which GitHub never reveals, come from Kubernetes Secrets the user
// creates.
var (
	organizationActionsSecretKind = Kind{Name: "OrganizationActionsSecret", Group: "org", Level: PerOrganization, SecretValues: true,
		Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
			return importOrgSecrets(ctx, s, "OrganizationActionsSecret", gh.SecretStore{Org: true}, func(t orgcommon.OrganizationTarget, sp orgSecretParts) any {
				return orgcommon.OrganizationActionsSecretParameters{OrganizationTarget: t, SecretValueParameters: sp.value, RepositorySharing: sp.sharing}
			})
		}}
	organizationDependabotSecretKind = Kind{Name: "OrganizationDependabotSecret", Group: "org", Level: PerOrganization, SecretValues: true,
		Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
			return importOrgSecrets(ctx, s, "OrganizationDependabotSecret", gh.SecretStore{Org: true, Dependabot: true}, func(t orgcommon.OrganizationTarget, sp orgSecretParts) any {
				return orgcommon.OrganizationDependabotSecretParameters{OrganizationTarget: t, SecretValueParameters: sp.value, RepositorySharing: sp.sharing}
			})
		}}
)

// orgSecretParts are the parameters an organization secret's kinds share.
type orgSecretParts struct {
	value   common.SecretValueParameters
	sharing orgcommon.RepositorySharing
}

// importOrgSecrets imports the secrets of one of the organization's
// stores as resources of kind, whose parameters params makes.
func importOrgSecrets(ctx context.Context, s *Session, kind string, store gh.SecretStore, params func(orgcommon.OrganizationTarget, orgSecretParts) any) ([]Resource, error) {
	secrets, err := gh.NewSecretsClient(s.GitHub).ListSecrets(ctx, s.Options.Owner, "", store)
	if err != nil {
		return nil, fmt.Errorf("cannot list the %s: %w", store, err)
	}
	rs := make([]Resource, 0, len(secrets))
	for i := range secrets {
		got := &secrets[i]
		selected, err := selectedRepositories(ctx, s, gh.Shared{Dependabot: store.Dependabot}, got.Name, got.Visibility)
		if err != nil {
			return nil, err
		}
		what := fmt.Sprintf("the value of the %s secret %s of organization %s", map[bool]string{false: "Actions", true: "Dependabot"}[store.Dependabot], got.Name, s.Options.Owner)
		r, sp := importedSecret(s, nil, kind, got.Name, got, what)
		r.ForProvider = params(s.OrganizationTarget(), orgSecretParts{value: sp, sharing: sharing.Imported(got.Visibility, selected)})
		rs = append(rs, r)
	}
	return rs, nil
}

// selectedRepositories are the repositories the organization's secret or
// variable of name is shared with: one more list when its visibility is
// selected, none otherwise.
func selectedRepositories(ctx context.Context, s *Session, of gh.Shared, name, visibility string) ([]gh.SelectedRepository, error) {
	if visibility != gh.VisibilitySelected {
		return nil, nil
	}
	repos, err := gh.NewSelectedRepositoriesClient(s.GitHub).ListSelectedRepositories(ctx, s.Options.Owner, of, name)
	if err != nil {
		return nil, fmt.Errorf("cannot list the repositories %s is shared with: %w", name, err)
	}
	return repos, nil
}
