package importer

import (
	"context"
	"fmt"
	"net/http"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/repository"
)

// repositoryKind imports the repository itself, as the import read it,
// with whether its Dependabot alerts are on (one request).
var repositoryKind = Kind{Name: "Repository", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		var notes []string
		alerts, err := gh.NewVulnerabilityAlertsClient(s.GitHub).VulnerabilityAlerts(ctx, repo.Owner, repo.Name)
		switch {
		case gh.StatusCode(err) == http.StatusForbidden:
			// Only an admin of the repository may read them: the rest of
			// the repository is still worth importing, without them.
			notes = append(notes, "Whether Dependabot alerts are on could not be read (GitHub lets admins read it: a fine-grained token or GitHub App needs Administration: read), so vulnerabilityAlerts is left out and the provider leaves them as they are.")
		case err != nil:
			return nil, fmt.Errorf("cannot read whether Dependabot alerts are on: %w", err)
		}
		actual := repository.Actual{Repo: repo.GitHub}
		if err == nil {
			actual.VulnerabilityAlerts = &alerts
		}
		r := Resource{Kind: "Repository", Group: "repo", Repository: repo.Name, Key: repo.Name, ExternalName: repo.Name,
			ForProvider: repository.Imported(actual), Notes: notes}
		if repo.GitHub.Archived {
			r.Notes = append(r.Notes, "Archived: GitHub keeps the repository and everything in it read-only.")
		}
		return []Resource{r}, nil
	}}
