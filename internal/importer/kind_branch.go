package importer

import (
	"context"
	"fmt"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/branch"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// branchKind imports a repository's protected branches (a page of 100 a
// request), other than its default branch, which comes with the
// Repository: those are the branches a platform team keeps, not every
// feature branch.
var branchKind = Kind{Name: "Branch", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		branches, err := importedBranches(ctx, s, repo)
		if err != nil {
			return nil, err
		}
		rs := make([]Resource, 0, len(branches))
		for i := range branches {
			b := &branches[i]
			if b.Name == repo.GitHub.DefaultBranch {
				continue
			}
			p := branch.Imported(b)
			p.RepositoryTarget = s.RepositoryTarget(repo)
			rs = append(rs, Resource{Kind: "Branch", Group: "repo", Repository: repo.Name, Key: b.Name, ExternalName: b.Name, ForProvider: p})
		}
		return rs, nil
	}}

// importedBranches are the protected branches of repo, the default branch
// included: those whose protection BranchProtection imports, and, but the
// default one, the branches Branch imports.
func importedBranches(ctx context.Context, s *Session, repo *Repo) ([]gh.Branch, error) {
	branches, err := readOnce(ctx, repo, "protected branches", func(ctx context.Context) ([]gh.Branch, error) {
		return gh.NewBranchesClient(s.GitHub).ListProtectedBranches(ctx, repo.Owner, repo.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("cannot list the protected branches: %w", err)
	}
	return branches, nil
}

// branchTarget is how a resource of repo names its branch called name: by
// a reference to the branch's Branch resource when Branch imports it (a
// protected branch other than the default one: the resource then follows
// a rename), by name otherwise.
func branchTarget(s *Session, repo *Repo, name string) common.BranchTarget {
	if s.Imports("Branch") && name != repo.GitHub.DefaultBranch {
		return common.BranchTarget{BranchRef: &xpv2.Reference{Name: s.Name(Resource{Kind: "Branch", Repository: repo.Name, Key: name})}}
	}
	return common.BranchTarget{Branch: ptr.To(common.BranchName(name))}
}
