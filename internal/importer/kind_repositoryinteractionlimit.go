package importer

import (
	"context"
	"time"

	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/interactionlimit"
)

// repositoryInteractionLimitKind imports the interaction limit in effect
// in each repository (one request), unless it is the organization's,
// which GitHub shows in every repository of it and the
// OrganizationInteractionLimit imports. GitHub does not say which expiry
// a limit was set with: the import declares the shortest that covers
// what is left of it, and no renewal. Beside an imported limit, the pull
// request creation cap when it is on and the bypass list when it has
// users (two reads more).
var repositoryInteractionLimitKind = Kind{Name: "RepositoryInteractionLimit", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got, err := gh.NewInteractionsClient(s.GitHub).GetRepositoryInteractionLimit(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		if !got.InEffect() || got.Origin != gh.InteractionOriginRepository {
			return nil, nil
		}
		api := gh.NewInteractionsClient(s.GitHub)
		d := interactionlimit.Imported(got, time.Now())
		p := repoInteractionLimitParameters(d)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		capGot, err := api.GetRepositoryPullCap(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		if capGot.Enabled {
			p.PullRequestCreationCap = &repocommon.PullRequestCreationCap{Enabled: true, MaxOpenPullRequests: capGot.MaxOpenPullRequests}
		}
		users, err := api.GetPullCapBypassList(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		if len(users) > 0 {
			p.PullRequestCapBypassUsers = users
		}
		return []Resource{{Kind: "RepositoryInteractionLimit", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p,
			Notes: []string{interactionLimitNote(got)}}}, nil
	}}
