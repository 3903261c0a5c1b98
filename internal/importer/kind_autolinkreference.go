package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/autolinkreference"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// autolinkReferenceKind imports the autolink references of each
// repository, as they are: an imported one is not replaced.
var autolinkReferenceKind = Kind{Name: "AutolinkReference", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		list, err := gh.NewAutolinksClient(s.GitHub).ListAutolinks(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(list))
		for i := range list {
			got := &list[i]
			p := autolinkreference.Imported(got)
			p.RepositoryTarget = s.RepositoryTarget(repo)
			id := externalID(got.ID)
			rs = append(rs, Resource{Kind: "AutolinkReference", Group: "repo", Repository: repo.Name, Key: id, ExternalName: id, ForProvider: p})
		}
		return rs, nil
	}}
