package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/actionsoidcsubjectclaim"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// actionsOIDCSubjectClaimKind imports the OIDC subject claim template of each repository (one request).
var actionsOIDCSubjectClaimKind = Kind{Name: "ActionsOIDCSubjectClaim", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got, err := gh.NewActionsOIDCSubjectClaimClient(s.GitHub).GetActionsOIDCSubjectClaim(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		p := actionsoidcsubjectclaim.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "ActionsOIDCSubjectClaim", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}
