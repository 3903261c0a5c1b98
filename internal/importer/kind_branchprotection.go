package importer

import (
	"context"
	"fmt"

	"github.com/crossplane-github/provider-github/internal/clients/branchprotection"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// branchProtectionKind imports the protection of each of a repository's
// protected branches, the default one included: one list of the protected
// branches (a page of 100 a request), then a read of each branch's
// protection (and of its required signatures, when GitHub's answer leaves
// them out). A branch protected by rulesets alone has no protection to
// import.
var branchProtectionKind = Kind{Name: "BranchProtection", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		branches, err := importedBranches(ctx, s, repo)
		if err != nil {
			return nil, err
		}
		api := gh.NewBranchProtectionClient(s.GitHub)
		var rs []Resource
		for _, b := range branches {
			got, err := api.GetProtection(ctx, repo.Owner, repo.Name, b.Name)
			if gh.IsBranchNotProtected(err) {
				continue
			}
			if err != nil {
				return nil, fmt.Errorf("cannot read the protection of branch %s: %w", b.Name, err)
			}
			if got.RequiredSignatures == nil {
				on, err := api.RequiredSignatures(ctx, repo.Owner, repo.Name, b.Name)
				if err != nil {
					return nil, fmt.Errorf("cannot read whether branch %s requires signed commits: %w", b.Name, err)
				}
				got.RequiredSignatures = &gh.Enabled{Enabled: on}
			}
			p := branchprotection.Imported(got)
			p.RepositoryTarget = s.RepositoryTarget(repo)
			p.BranchTarget = branchTarget(s, repo, b.Name)
			rs = append(rs, Resource{Kind: "BranchProtection", Group: "repo", Repository: repo.Name, Key: b.Name, ExternalName: b.Name, ForProvider: p})
		}
		return rs, nil
	}}
