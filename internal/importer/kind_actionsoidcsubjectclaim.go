package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/actionsoidcsubjectclaim"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// actionsOIDCSubjectClaimKind imports the OIDC subject claim template of
// each repository that does not use GitHub's default subject (one
// request): the default is what every repository has, nothing to manage.
// A repository that follows its organization's template is imported as
// GitHub's default, which a spec can say, with a note.
var actionsOIDCSubjectClaimKind = Kind{Name: "ActionsOIDCSubjectClaim", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got, err := gh.NewActionsOIDCSubjectClaimClient(s.GitHub).GetActionsOIDCSubjectClaim(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		if actionsoidcsubjectclaim.IsDefault(got) {
			return nil, nil
		}
		p := actionsoidcsubjectclaim.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		r := Resource{Kind: "ActionsOIDCSubjectClaim", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}
		if len(got.IncludeClaimKeys) == 0 {
			r.Notes = append(r.Notes, "The repository follows its organization's template, which a spec cannot declare: the spec says GitHub's default subject; keep the policy Observe, or set includeClaimKeys to the organization's claim keys, before the provider manages it.")
		}
		return []Resource{r}, nil
	}}
