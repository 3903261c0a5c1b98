package github

import (
	"context"
	"net/http"
	"net/url"

	"github.com/google/go-github/v37/github"
)

// The errors GitHub finds in a repository's CODEOWNERS file. The answer
// changes with the file and with who has write access, and carries an
// ETag: it is read conditionally.
var routeCodeownersErrors = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/codeowners/errors",
	Permission: "Contents: read", Scope: "repo", Cache: CacheConditional})

// CodeownersPaths are where GitHub looks for a repository's CODEOWNERS
// file, in its order: the first that exists on a branch is the one in
// effect there.
var CodeownersPaths = []string{".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"}

// CodeownersError is one error GitHub finds in a CODEOWNERS file.
type CodeownersError struct {
	Line       int     `json:"line"`
	Column     int     `json:"column"`
	Source     string  `json:"source"`
	Kind       string  `json:"kind"`
	Suggestion *string `json:"suggestion"`
	Message    string  `json:"message"`
	Path       string  `json:"path"`
}

// codeownersErrors is the answer of the check.
type codeownersErrors struct {
	Errors []CodeownersError `json:"errors"`
}

// CodeownersAPI reads the errors of a repository's CODEOWNERS file.
type CodeownersAPI interface {
	CodeownersErrors(ctx context.Context, owner, name, ref string) ([]CodeownersError, error)
}

// CodeownersClient implements CodeownersAPI with a go-github client.
type CodeownersClient struct{ requester }

var _ CodeownersAPI = (*CodeownersClient)(nil)

// NewCodeownersClient returns the CODEOWNERS API of gh.
func NewCodeownersClient(gh *github.Client) *CodeownersClient {
	return &CodeownersClient{requester{gh: gh}}
}

// CodeownersErrors lists the errors of the CODEOWNERS file in effect on ref
// (a branch, tag or commit); GitHub answers 404 when there is none.
func (c *CodeownersClient) CodeownersErrors(ctx context.Context, owner, name, ref string) ([]CodeownersError, error) {
	var out codeownersErrors
	path := routeCodeownersErrors.path(owner, name) + "?ref=" + url.QueryEscape(ref)
	err := c.do(ctx, routeCodeownersErrors, path, nil, &out)
	return out.Errors, err
}
