package importer

import (
	"context"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/pagessite"
)

// pagesSiteKind imports the Pages site of each repository that has one
// (GitHub says so in the repository's has_pages, so a repository without
// a site costs no request).
var pagesSiteKind = Kind{Name: "PagesSite", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		if repo.GitHub != nil && !repo.GitHub.HasPages {
			return nil, nil
		}
		got, err := gh.NewPagesClient(s.GitHub).GetPages(ctx, repo.Owner, repo.Name)
		if gh.IsNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		p := pagessite.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		r := Resource{Kind: "PagesSite", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}
		if w := pagessite.Waiting(&p, got); w != "" {
			r.Notes = append(r.Notes, "GitHub is "+w+".")
		}
		return []Resource{r}, nil
	}}
