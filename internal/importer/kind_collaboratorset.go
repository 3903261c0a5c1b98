package importer

import (
	"context"
	"fmt"

	"github.com/crossplane-github/provider-github/internal/clients/collaboratorset"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// collaboratorSetKind imports, with --sets only, each repository's direct
// collaborators, pending invitations and teams (a page of 100 a request
// each) as one authoritative CollaboratorSet, instead of Collaborator and
// TeamRepository resources: applied, it changes nothing, and from then on
// anyone given access on GitHub loses it again. The repository's owner is
// no collaborator of its own repository; expired invitations and those
// sent to an email address are left out (the set withdraws them).
var collaboratorSetKind = Kind{Name: "CollaboratorSet", Group: "repo", Level: PerRepository, SetOf: []string{"Collaborator", "TeamRepository"},
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got := collaboratorset.Got{Owner: repo.Owner}
		var err error
		if got.Collaborators, err = gh.NewCollaboratorsClient(s.GitHub).ListDirectCollaborators(ctx, repo.Owner, repo.Name); err != nil {
			return nil, fmt.Errorf("cannot list the direct collaborators: %w", err)
		}
		for i := range got.Collaborators {
			c := &got.Collaborators[i]
			if c.RoleName, err = collaboratorRole(ctx, s, repo, c); err != nil {
				return nil, err
			}
		}
		if got.Invitations, err = gh.NewInvitationsClient(s.GitHub).ListInvitations(ctx, repo.Owner, repo.Name); err != nil {
			return nil, fmt.Errorf("cannot list the invitations: %w", err)
		}
		if got.Teams, err = gh.NewTeamReposClient(s.GitHub).ListRepoTeams(ctx, repo.Owner, repo.Name); err != nil {
			return nil, fmt.Errorf("cannot list the teams: %w", err)
		}
		p := collaboratorset.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "CollaboratorSet", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}
