package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/codescanningdefaultsetup"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// codeScanningDefaultSetupKind imports the code scanning default setup of
// each repository where it is configured (one request): a setup not
// configured is what every repository has, nothing to manage. The
// languages GitHub analyses are named in the spec, as they are.
var codeScanningDefaultSetupKind = Kind{Name: "CodeScanningDefaultSetup", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		got, err := gh.NewCodeScanningDefaultSetupClient(s.GitHub).GetCodeScanningDefaultSetup(ctx, repo.Owner, repo.Name)
		if err != nil {
			return nil, err
		}
		if !codescanningdefaultsetup.IsConfigured(got) {
			return nil, nil
		}
		p := codescanningdefaultsetup.Imported(got)
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "CodeScanningDefaultSetup", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}
