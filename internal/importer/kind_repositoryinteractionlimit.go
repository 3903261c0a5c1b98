package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/repositoryinteractionlimit"
)

// repositoryInteractionLimitKind imports the interaction limit of each repository (one request).
var repositoryInteractionLimitKind = Kind{Name: "RepositoryInteractionLimit", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got, err := gh.NewRepositoryInteractionLimitClient(s.GitHub).GetRepositoryInteractionLimit(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		p := repositoryinteractionlimit.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "RepositoryInteractionLimit", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}
