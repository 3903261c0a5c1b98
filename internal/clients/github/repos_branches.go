package github

import (
	"context"
	"net/http"
	"net/url"

	"github.com/google/go-github/v37/github"
)

// A repository's branches: reading them needs Contents: read (conditionally:
// a 304 is free), renaming one Contents: write (and admin rights for the
// default branch). Branches are created and deleted as git references
// (git_refs.go). A branch name may hold '/': it travels path-escaped, as one
// segment (see Route.path).
var (
	routeListBranches = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/branches",
		Permission: "Contents: read", Scope: "repo", Cache: CacheConditional})
	routeGetBranch = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/branches/{branch}",
		Permission: "Contents: read", Scope: "repo", Cache: CacheConditional})
	routeRenameBranch = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/branches/{branch}/rename",
		Permission: "Contents: write", Scope: "repo"})
)

// Branch is GitHub's branch object, as far as the provider reads it: the
// full one of a read, or the short one of a list.
type Branch struct {
	Name string `json:"name"`
	// Commit is the branch's head commit.
	Commit BranchCommit `json:"commit"`
	// Protected is true when branch protection or an active branch ruleset
	// applies to the branch.
	Protected bool `json:"protected"`
}

// BranchCommit is the commit a branch points at.
type BranchCommit struct {
	SHA string `json:"sha"`
}

// BranchRenameRequest is the body of a branch rename.
type BranchRenameRequest struct {
	NewName string `json:"new_name"`
}

// BranchesAPI reads a repository's branches and renames them.
type BranchesAPI interface {
	GetBranch(ctx context.Context, owner, repo, branch string) (*Branch, error)
	RenameBranch(ctx context.Context, owner, repo, branch, newName string) (*Branch, error)
}

// BranchesClient implements BranchesAPI with a go-github client.
type BranchesClient struct{ requester }

var _ BranchesAPI = (*BranchesClient)(nil)

// NewBranchesClient returns the branches API of gh.
func NewBranchesClient(gh *github.Client) *BranchesClient {
	return &BranchesClient{requester{gh: gh}}
}

// GetBranch reads a branch by its exact name (branch names are
// case-sensitive). GitHub answers 404 "Branch not found" for a branch it
// does not have, an empty repository's included.
func (c *BranchesClient) GetBranch(ctx context.Context, owner, repo, branch string) (*Branch, error) {
	out := &Branch{}
	err := c.do(ctx, routeGetBranch, routeGetBranch.path(owner, repo, branch), nil, out)
	return out, err
}

// ListProtectedBranches lists, every page of it, the repository's branches
// that branch protection or an active branch ruleset applies to, as
// GitHub's short branch objects (name, head and protected). Not part of
// BranchesAPI: the importer alone lists branches.
func (c *BranchesClient) ListProtectedBranches(ctx context.Context, owner, repo string) ([]Branch, error) {
	return listAll[Branch](ctx, c.requester, routeListBranches, routeListBranches.path(owner, repo), url.Values{"protected": {"true"}})
}

// RenameBranch renames a branch and answers the renamed branch. Its
// protection and the rulesets that name it exactly follow it; renaming the
// default branch renames the repository's default branch. A name another
// branch has is a 422.
func (c *BranchesClient) RenameBranch(ctx context.Context, owner, repo, branch, newName string) (*Branch, error) {
	out := &Branch{}
	err := c.do(ctx, routeRenameBranch, routeRenameBranch.path(owner, repo, branch), &BranchRenameRequest{NewName: newName}, out)
	return out, err
}
