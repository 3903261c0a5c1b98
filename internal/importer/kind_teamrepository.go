package importer

import (
	"context"
	"fmt"
	"strings"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/teamrepository"
)

// teamRepositoryKind imports every team's permissions on the imported
// repositories: the organisation's teams, then each team's repositories
// (a page of 100 a request each), whose entries carry the team's role.
// Each resource lands in its repository's folder.
var teamRepositoryKind = Kind{Name: "TeamRepository", Group: "repo", Level: PerOrganization,
	Import: func(ctx context.Context, s *Session, _ *Repo) ([]Resource, error) {
		teams, err := s.Teams(ctx)
		if err != nil {
			return nil, fmt.Errorf("cannot list the teams: %w", err)
		}
		api := gh.NewTeamReposClient(s.GitHub)
		var rs []Resource
		for i := range teams {
			slug := teams[i].Slug
			repos, err := api.ListTeamRepos(ctx, s.Options.Owner, slug)
			if err != nil {
				return nil, fmt.Errorf("cannot list the repositories of team %s: %w", slug, err)
			}
			for j := range repos {
				if r, ok := teamRepositoryResource(s, slug, &repos[j]); ok {
					rs = append(rs, r)
				}
			}
		}
		return rs, nil
	}}

// teamRepositoryResource is the TeamRepository resource of the team
// slug's permission on the repository r; ok is false for a repository
// that is not imported, or not of the organisation (no team can hold a
// permission there).
func teamRepositoryResource(s *Session, slug string, r *gh.TeamRepo) (Resource, bool) {
	owner, name := r.Owner.Login, r.Name
	if o, n, ok := strings.Cut(r.FullName, "/"); ok {
		owner, name = o, n
	}
	g := teamrepository.Grant{Organization: s.Options.Owner, TeamSlug: slug, Owner: owner, Repository: name}
	if !g.SameOrganization() || !s.ImportsRepository(name) {
		return Resource{}, false
	}
	p := teamrepository.Imported(r)
	p.RepositoryTarget = s.RepositoryTarget(&Repo{Owner: owner, Name: name})
	p.TeamTarget = s.TeamTarget(slug)
	return Resource{Kind: "TeamRepository", Group: "repo", Repository: name, Key: slug,
		ExternalName: g.ExternalName(), ForProvider: p}, true
}
