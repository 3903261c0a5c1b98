package github

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/google/go-github/v37/github"
)

// The code scanning default setup of a repository
// (https://docs.github.com/rest/code-scanning/code-scanning): whether
// GitHub's CodeQL analyses the repository's code without a workflow of its
// own, and how; one per repository, not configured until someone
// configures it, read with GET and written with PATCH. GitHub applies a
// configured setup with a run that validates it: the PATCH is answered 202
// with the run, and the GET shows the new setup once the run has applied
// it (200 with an empty object: nothing to change). It needs
// Administration: read / write (classic tokens: repo). Reads are
// conditional: a 304 is free.
var (
	routeGetCodeScanningDefaultSetup = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/code-scanning/default-setup",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeUpdateCodeScanningDefaultSetup = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/code-scanning/default-setup",
		Permission: "Administration: write", Scope: "repo"})
)

// CodeScanningDefaultSetup is the default setup as GitHub answers it.
type CodeScanningDefaultSetup struct {
	// State is configured or not-configured.
	State string `json:"state"`
	// Languages are the CodeQL languages analysed (none when not
	// configured).
	Languages []string `json:"languages"`
	// RunnerType is standard or labeled; nil when nobody chose.
	RunnerType *string `json:"runner_type"`
	// RunnerLabel is the label of the runners of a labeled setup.
	RunnerLabel *string `json:"runner_label"`
	// QuerySuite is default or extended.
	QuerySuite string `json:"query_suite"`
	// ThreatModel is remote or remote_and_local ("" when GitHub leaves it
	// out).
	ThreatModel string `json:"threat_model,omitempty"`
	// UpdatedAt is when the setup last changed; nil: never.
	UpdatedAt *string `json:"updated_at"`
	// Schedule is how often the analysis runs (weekly); nil when not
	// configured.
	Schedule *string `json:"schedule"`
}

// CodeScanningDefaultSetupRequest is the body of a PATCH of the default
// setup: what it leaves out, GitHub keeps.
type CodeScanningDefaultSetupRequest struct {
	State       string   `json:"state"`
	RunnerType  *string  `json:"runner_type,omitempty"`
	RunnerLabel *string  `json:"runner_label,omitempty"`
	QuerySuite  *string  `json:"query_suite,omitempty"`
	ThreatModel *string  `json:"threat_model,omitempty"`
	Languages   []string `json:"languages,omitempty"`
}

// CodeScanningRun is GitHub's answer to a PATCH of the default setup: the
// run that applies it (ID 0 when nothing was to change).
type CodeScanningRun struct {
	ID  int64  `json:"run_id,omitempty"`
	URL string `json:"run_url,omitempty"`
}

// CodeScanningDefaultSetupAPI reads and writes the code scanning default setup of a repository.
type CodeScanningDefaultSetupAPI interface {
	GetCodeScanningDefaultSetup(ctx context.Context, owner, repo string) (*CodeScanningDefaultSetup, error)
	UpdateCodeScanningDefaultSetup(ctx context.Context, owner, repo string, r *CodeScanningDefaultSetupRequest) (*CodeScanningRun, error)
}

// CodeScanningDefaultSetupClient implements CodeScanningDefaultSetupAPI with a go-github client.
type CodeScanningDefaultSetupClient struct{ requester }

var _ CodeScanningDefaultSetupAPI = (*CodeScanningDefaultSetupClient)(nil)

// NewCodeScanningDefaultSetupClient returns the code scanning default setup API of gh.
func NewCodeScanningDefaultSetupClient(gh *github.Client) *CodeScanningDefaultSetupClient {
	return &CodeScanningDefaultSetupClient{requester{gh: gh}}
}

// GetCodeScanningDefaultSetup reads the default setup: not-configured when
// nobody configured it; 404 when there is no such repository, or the
// credentials may not see it.
func (c *CodeScanningDefaultSetupClient) GetCodeScanningDefaultSetup(ctx context.Context, owner, repo string) (*CodeScanningDefaultSetup, error) {
	out := &CodeScanningDefaultSetup{}
	return out, c.do(ctx, routeGetCodeScanningDefaultSetup, routeGetCodeScanningDefaultSetup.path(owner, repo), nil, out)
}

// UpdateCodeScanningDefaultSetup sends the fields r sets. GitHub answers
// 202 with the run that applies them, 200 with an empty object when
// nothing changes (a run of ID 0), 409 while a run applies another setup,
// 422 for languages the repository has no code in.
func (c *CodeScanningDefaultSetupClient) UpdateCodeScanningDefaultSetup(ctx context.Context, owner, repo string, r *CodeScanningDefaultSetupRequest) (*CodeScanningRun, error) {
	out := &CodeScanningRun{}
	err := c.do(ctx, routeUpdateCodeScanningDefaultSetup, routeUpdateCodeScanningDefaultSetup.path(owner, repo), r, out)
	var accepted *github.AcceptedError
	if errors.As(err, &accepted) {
		// go-github leaves a 202 body in the error instead of decoding it.
		if len(accepted.Raw) > 0 {
			if jerr := json.Unmarshal(accepted.Raw, out); jerr != nil {
				return out, errors.Wrap(jerr, "cannot decode GitHub's answer to the code scanning default setup update")
			}
		}
		return out, nil
	}
	return out, err
}
