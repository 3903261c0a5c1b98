package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/issuelabels"
)

// issueLabelsKind imports, with --sets only, every label of each
// repository (a page of 100 a request) as one authoritative IssueLabels,
// instead of an IssueLabel per label: applied, it changes nothing, and
// from then on a label someone adds on GitHub is deleted.
var issueLabelsKind = Kind{Name: "IssueLabels", Group: "repo", Level: PerRepository, SetOf: "IssueLabel",
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		labels, err := gh.NewIssueLabelsClient(s.GitHub).ListIssueLabels(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		p := issuelabels.Imported(labels)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "IssueLabels", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}
