package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/repository"
)

// repositoryKind imports the repository itself, as the import read it,
// with whether its Dependabot alerts are on (one request).
var repositoryKind = Kind{Name: "Repository", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		alerts, err := gh.NewVulnerabilityAlertsClient(s.GitHub).VulnerabilityAlerts(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, fmt.Errorf("cannot read whether Dependabot alerts are on: %w", err)
		}
		r := Resource{Kind: "Repository", Group: "repo", Repository: repo.Name, Key: repo.Name, ExternalName: repo.Name,
			ForProvider: repository.Imported(repository.Actual{Repo: repo.GitHub, VulnerabilityAlerts: &alerts})}
		if repo.GitHub.Archived {
			r.Notes = append(r.Notes, "Archived: GitHub keeps the repository and everything in it read-only.")
		}
		return []Resource{r}, nil
	}}
