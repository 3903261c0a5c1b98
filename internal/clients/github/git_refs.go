package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// A repository's git references: branches are refs/heads/<name>. Reading
// one needs Contents: read (conditionally: a 304 is free), creating and
// deleting one Contents: write. The {ref} of a path is written without
// refs/ (heads/main) and travels path-escaped, as one segment (heads%2Fmain),
// which GitHub takes as it takes heads/main.
var (
	routeGetRef = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/git/ref/{ref}",
		Permission: "Contents: read", Scope: "repo", Cache: CacheConditional})
	routeCreateRef = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/git/refs",
		Permission: "Contents: write", Scope: "repo"})
	routeDeleteRef = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/git/refs/{ref}",
		Permission: "Contents: write", Scope: "repo"})
)

// Messages GitHub answers the git reference calls with, which tell its
// refusals apart (the status alone does not).
const (
	// MessageReferenceExists is the 422 of a create whose reference exists.
	MessageReferenceExists = "Reference already exists"
	// MessageReferenceMissing is the 422 of a delete (or update) of a
	// reference that does not exist.
	MessageReferenceMissing = "Reference does not exist"
	// MessageObjectMissing is the 422 of a create at a commit the
	// repository does not have.
	MessageObjectMissing = "Object does not exist"
	// MessageReferenceUpdateFailed is the 422 of a create git refuses, such
	// as a branch feature/x beside a branch feature: git keeps references
	// as files, so one cannot be a directory of another.
	MessageReferenceUpdateFailed = "Reference update failed"
	// MessageDefaultBranch is the 422 of a delete of the default branch.
	MessageDefaultBranch = "Cannot delete the default branch"
	// MessageProtectedBranch is the 422 of a delete of a branch its
	// protection keeps.
	MessageProtectedBranch = "Cannot delete this protected branch"
	// MessageEmptyRepository is the 409 of every git reference call in a
	// repository without commits.
	MessageEmptyRepository = "Git Repository is empty."
)

// Reference is GitHub's git reference object.
type Reference struct {
	// Ref is the full name, e.g. refs/heads/main.
	Ref    string          `json:"ref"`
	Object ReferenceObject `json:"object"`
}

// ReferenceObject is what a reference points at: for a branch, a commit.
type ReferenceObject struct {
	Type string `json:"type"`
	SHA  string `json:"sha"`
}

// ReferenceRequest is the body of a reference create.
type ReferenceRequest struct {
	// Ref is the full name, e.g. refs/heads/release.
	Ref string `json:"ref"`
	SHA string `json:"sha"`
}

// GitRefsAPI reads, creates and deletes a repository's git references.
type GitRefsAPI interface {
	GetRef(ctx context.Context, owner, repo, ref string) (*Reference, error)
	CreateRef(ctx context.Context, owner, repo string, req *ReferenceRequest) (*Reference, error)
	DeleteRef(ctx context.Context, owner, repo, ref string) error
}

// GitRefsClient implements GitRefsAPI with a go-github client.
type GitRefsClient struct{ requester }

var _ GitRefsAPI = (*GitRefsClient)(nil)

// NewGitRefsClient returns the git references API of gh.
func NewGitRefsClient(gh *github.Client) *GitRefsClient {
	return &GitRefsClient{requester{gh: gh}}
}

// GetRef reads a reference, ref written without refs/ (heads/main). GitHub
// answers 404 for one it does not have, and 409 "Git Repository is empty."
// in a repository without commits.
func (c *GitRefsClient) GetRef(ctx context.Context, owner, repo, ref string) (*Reference, error) {
	out := &Reference{}
	err := c.do(ctx, routeGetRef, routeGetRef.path(owner, repo, ref), nil, out)
	return out, err
}

// CreateRef creates a reference at a commit the repository has. GitHub
// answers 422 MessageReferenceExists, 422 MessageObjectMissing, or 409
// MessageEmptyRepository.
func (c *GitRefsClient) CreateRef(ctx context.Context, owner, repo string, req *ReferenceRequest) (*Reference, error) {
	out := &Reference{}
	err := c.do(ctx, routeCreateRef, routeCreateRef.path(owner, repo), req, out)
	return out, err
}

// DeleteRef deletes a reference, ref written without refs/ (heads/main).
// GitHub answers 422 MessageReferenceMissing for one it does not have (not
// 404), MessageDefaultBranch for the default branch and
// MessageProtectedBranch for a branch its protection keeps.
func (c *GitRefsClient) DeleteRef(ctx context.Context, owner, repo, ref string) error {
	return c.do(ctx, routeDeleteRef, routeDeleteRef.path(owner, repo, ref), nil, nil)
}
