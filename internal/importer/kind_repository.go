package importer

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/repository"
)

// repositoryKind imports the repository itself, as the import read it,
// with its switches GitHub keeps at endpoints of their own: whether its
// Dependabot alerts, private vulnerability reporting and immutable
// releases are on (three requests).
var repositoryKind = Kind{Name: "Repository", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		var notes []string
		actual := repository.Actual{Repo: repo.GitHub}
		alerts, err := readSwitch(ctx, "Dependabot alerts are", "vulnerabilityAlerts", &notes, func(ctx context.Context) (bool, error) {
			return gh.NewVulnerabilityAlertsClient(s.GitHub).VulnerabilityAlerts(ctx, repo.Owner, repo.Name)
		})
		if err != nil {
			return nil, err
		}
		actual.VulnerabilityAlerts = alerts
		security := gh.NewReleaseSecurityClient(s.GitHub)
		reporting, err := readSwitch(ctx, "private vulnerability reporting is", "privateVulnerabilityReporting", &notes, func(ctx context.Context) (bool, error) {
			return security.PrivateVulnerabilityReporting(ctx, repo.Owner, repo.Name)
		})
		if err != nil {
			return nil, err
		}
		actual.PrivateVulnerabilityReporting = reporting
		var immutable gh.ImmutableReleases
		on, err := readSwitch(ctx, "immutable releases are", "immutableReleases", &notes, func(ctx context.Context) (bool, error) {
			var err error
			immutable, err = security.ImmutableReleases(ctx, repo.Owner, repo.Name)
			return immutable.Enabled, err
		})
		if err != nil {
			return nil, err
		}
		if on != nil {
			actual.ImmutableReleases = &immutable
			if immutable.EnforcedByOwner {
				notes = append(notes, "Immutable releases are on because the organization enforces them; immutableReleases is left out (the organization's setting, not the repository's).")
			}
		}
		if sa := repo.GitHub.SecurityAndAnalysis; sa != nil && sa.SecretScanningDelegatedBypassOptions != nil {
			if actual.TeamSlugs, actual.RoleNames, err = s.ReviewerNames(ctx, sa.SecretScanningDelegatedBypassOptions.Reviewers); err != nil {
				return nil, err
			}
			if _, unnamed := repository.ImportedBypass(sa, actual.TeamSlugs, actual.RoleNames); len(unnamed) > 0 {
				notes = append(notes, fmt.Sprintf("Push protection's delegated bypass has reviewers the organisation's teams and roles do not name (%s): secretScanningDelegatedBypass.reviewers is left out, so the provider leaves GitHub's reviewers as they are; declare them by team slug and role name to manage them.", reviewerIDs(unnamed)))
			}
		}
		r := Resource{Kind: "Repository", Group: "repo", Repository: repo.Name, Key: repo.Name, ExternalName: repo.Name,
			ForProvider: repository.Imported(actual), Notes: notes}
		if repo.GitHub.Archived {
			r.Notes = append(r.Notes, "Archived: GitHub keeps the repository and everything in it read-only.")
		}
		return []Resource{r}, nil
	}}

// reviewerIDs lists reviewers as "TYPE id", for notes.
func reviewerIDs(rs []gh.BypassReviewer) string {
	out := make([]string, 0, len(rs))
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%s %d", strings.ToLower(r.ReviewerType), r.ReviewerID))
	}
	return strings.Join(out, ", ")
}

// readSwitch reads a switch of the repository with read (what names it
// with its verb, field is its spec field): nil, and a note, when only an
// admin may read it and the import's credentials may not.
func readSwitch(ctx context.Context, what, field string, notes *[]string, read func(context.Context) (bool, error)) (*bool, error) {
	on, err := read(ctx)
	switch {
	case gh.StatusCode(err) == http.StatusForbidden:
		// Only an admin of the repository may read it: the rest of the
		// repository is still worth importing, without it.
		*notes = append(*notes, fmt.Sprintf("Whether %s on could not be read (GitHub lets admins read it: a fine-grained token or GitHub App needs Administration: read), so %s is left out and the provider leaves it as it is.", what, field))
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("cannot read whether %s on: %w", what, err)
	}
	return &on, nil
}
