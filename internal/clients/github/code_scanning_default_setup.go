package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The code scanning default setup of a repository (https://docs.github.com/rest/code-scanning/code-scanning): one per repository, GitHub's
// default until someone sets it, read with GET and written with PUT. It
// needs Administration: read / write (classic tokens: repo). Reads are
// conditional: a 304 is free.
var (
	routeGetCodeScanningDefaultSetup = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/code-scanning/default-setup",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutCodeScanningDefaultSetup = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/code-scanning/default-setup",
		Permission: "Administration: write", Scope: "repo"})
)

// CodeScanningDefaultSetup is the code scanning default setup as GitHub answers it.
type CodeScanningDefaultSetup struct {
	Enabled bool `json:"enabled"`
}

// CodeScanningDefaultSetupRequest is the body of a PUT of the code scanning default setup: what it leaves out,
// GitHub keeps.
type CodeScanningDefaultSetupRequest struct {
	Enabled *bool `json:"enabled,omitempty"`
}

// CodeScanningDefaultSetupAPI reads and writes the code scanning default setup of a repository.
type CodeScanningDefaultSetupAPI interface {
	GetCodeScanningDefaultSetup(ctx context.Context, owner, repo string) (*CodeScanningDefaultSetup, error)
	PutCodeScanningDefaultSetup(ctx context.Context, owner, repo string, r *CodeScanningDefaultSetupRequest) error
}

// CodeScanningDefaultSetupClient implements CodeScanningDefaultSetupAPI with a go-github client.
type CodeScanningDefaultSetupClient struct{ requester }

var _ CodeScanningDefaultSetupAPI = (*CodeScanningDefaultSetupClient)(nil)

// NewCodeScanningDefaultSetupClient returns the code scanning default setup API of gh.
func NewCodeScanningDefaultSetupClient(gh *github.Client) *CodeScanningDefaultSetupClient {
	return &CodeScanningDefaultSetupClient{requester{gh: gh}}
}

// GetCodeScanningDefaultSetup reads the code scanning default setup: GitHub's default when nobody set it; 404
// when there is no such repository, or the credentials may not see it.
func (c *CodeScanningDefaultSetupClient) GetCodeScanningDefaultSetup(ctx context.Context, owner, repo string) (*CodeScanningDefaultSetup, error) {
	out := &CodeScanningDefaultSetup{}
	return out, c.do(ctx, routeGetCodeScanningDefaultSetup, routeGetCodeScanningDefaultSetup.path(owner, repo), nil, out)
}

// PutCodeScanningDefaultSetup writes the fields of the code scanning default setup r sends; GitHub answers 204.
func (c *CodeScanningDefaultSetupClient) PutCodeScanningDefaultSetup(ctx context.Context, owner, repo string, r *CodeScanningDefaultSetupRequest) error {
	return c.do(ctx, routePutCodeScanningDefaultSetup, routePutCodeScanningDefaultSetup.path(owner, repo), r, nil)
}
