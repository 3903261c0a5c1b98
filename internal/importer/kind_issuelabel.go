package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/issuelabel"
)

// issueLabelKind imports a repository's labels (a page of 100 a request),
// the nine GitHub gives a new repository included.
var issueLabelKind = Kind{Name: "IssueLabel", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		labels, err := gh.NewIssueLabelsClient(s.GitHub).ListIssueLabels(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(labels))
		for i := range labels {
			p := issuelabel.Imported(&labels[i])
			p.RepositoryTarget = s.RepositoryTarget(repo)
			rs = append(rs, Resource{Kind: "IssueLabel", Group: "repo", Repository: repo.Name, Key: labels[i].Name, ExternalName: labels[i].Name, ForProvider: p})
		}
		return rs, nil
	}}
