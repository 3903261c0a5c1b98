package importer

import (
	"context"
	"fmt"

	"github.com/crossplane-github/provider-github/internal/clients/deploykey"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// deployKeyKind imports a repository's deploy keys (a page of 100 a
// request), each with its public key as GitHub keeps it: the key is
// public, and a DeployKey with it is one the controller finds by its id
// and never adds again.
var deployKeyKind = Kind{Name: "DeployKey", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		keys, err := gh.NewDeployKeysClient(s.GitHub).ListDeployKeys(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, fmt.Errorf("cannot list the deploy keys: %w", err)
		}
		rs := make([]Resource, 0, len(keys))
		for i := range keys {
			k := &keys[i]
			p := deploykey.Imported(k)
			p.RepositoryTarget = s.RepositoryTarget(repo)
			id := externalID(k.ID)
			rs = append(rs, Resource{Kind: "DeployKey", Group: "repo", Repository: repo.Name, Key: id, ExternalName: id, ForProvider: p})
		}
		return rs, nil
	}}
