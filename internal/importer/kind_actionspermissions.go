package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/actionspermissions"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// actionsPermissionsKind imports the Actions permissions of each repository (one request).
var actionsPermissionsKind = Kind{Name: "ActionsPermissions", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got, err := gh.NewActionsPermissionsClient(s.GitHub).GetActionsPermissions(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		p := actionspermissions.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "ActionsPermissions", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}
