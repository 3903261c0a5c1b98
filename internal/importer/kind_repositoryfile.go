package importer

import (
	"context"
	"fmt"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/repositoryfile"
)

// repositoryFileKind imports the files of Options.Files that a
// repository's default branch has (a read each; a path it does not have
// is left out), their content inline as it is. A file that cannot be
// held inline (binary, over 1 MB) is an error naming it: leave its path
// out of --files.
var repositoryFileKind = Kind{Name: "RepositoryFile", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		api := gh.NewContentsClient(s.GitHub)
		branch := repo.GitHub.DefaultBranch
		var rs []Resource
		for _, path := range s.Options.Files {
			f, content, err := api.ReadFile(ctx, repo.Owner, repo.Name, path, branch)
			if gh.IsNotFound(err) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("cannot read %s on branch %s: %w", path, branch, err)
			}
			p, err := repositoryfile.Imported(f, content)
			if err != nil {
				return nil, fmt.Errorf("cannot import %s on branch %s: %w", path, branch, err)
			}
			p.RepositoryTarget = s.RepositoryTarget(repo)
			rs = append(rs, Resource{Kind: "RepositoryFile", Group: "repo", Repository: repo.Name, Key: p.Path, ExternalName: p.Path, ForProvider: p})
		}
		return rs, nil
	}}
