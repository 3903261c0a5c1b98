package github

import (
	"context"
	"net/http"
	"net/url"

	"github.com/google/go-github/v37/github"
)

// A repository's issue and pull request labels
// (https://docs.github.com/rest/issues/labels). They need Issues: read /
// write (classic tokens: repo). Reads are conditional: a 304 is free.
var (
	routeListIssueLabels = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/labels",
		Permission: "Issues: read", Scope: "repo", Cache: CacheConditional})
	routeGetIssueLabel = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/labels/{name}",
		Permission: "Issues: read", Scope: "repo", Cache: CacheConditional})
	routeCreateIssueLabel = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/labels",
		Permission: "Issues: write", Scope: "repo"})
	routeUpdateIssueLabel = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/labels/{name}",
		Permission: "Issues: write", Scope: "repo"})
	routeDeleteIssueLabel = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/labels/{name}",
		Permission: "Issues: write", Scope: "repo"})
)

// IssueLabel is a label as GitHub answers it. GitHub keeps no creation
// time of a label.
type IssueLabel struct {
	ID          int64   `json:"id"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	Color       string  `json:"color"`
	Default     bool    `json:"default"`
}

// IssueLabelRequest is the body of a label's create (with its name) or
// update (without: the name is the path's; NewName renames the label,
// which keeps it on its issues and pull requests).
type IssueLabelRequest struct {
	Name        string  `json:"name,omitempty"`
	NewName     string  `json:"new_name,omitempty"`
	Color       *string `json:"color,omitempty"`
	Description *string `json:"description,omitempty"`
}

// IssueLabelsAPI reads and changes a repository's labels.
type IssueLabelsAPI interface {
	GetIssueLabel(ctx context.Context, owner, repo, name string) (*IssueLabel, error)
	ListIssueLabels(ctx context.Context, owner, repo string) ([]IssueLabel, error)
	CreateIssueLabel(ctx context.Context, owner, repo string, r *IssueLabelRequest) (*IssueLabel, error)
	UpdateIssueLabel(ctx context.Context, owner, repo, name string, r *IssueLabelRequest) (*IssueLabel, error)
	DeleteIssueLabel(ctx context.Context, owner, repo, name string) error
}

// IssueLabelsClient implements IssueLabelsAPI with a go-github client.
type IssueLabelsClient struct{ requester }

var _ IssueLabelsAPI = (*IssueLabelsClient)(nil)

// NewIssueLabelsClient returns the labels API of gh.
func NewIssueLabelsClient(gh *github.Client) *IssueLabelsClient {
	return &IssueLabelsClient{requester{gh: gh}}
}

// GetIssueLabel reads the label of a name, compared without regard to
// case; 404 when there is none.
func (c *IssueLabelsClient) GetIssueLabel(ctx context.Context, owner, repo, name string) (*IssueLabel, error) {
	out := &IssueLabel{}
	return out, c.do(ctx, routeGetIssueLabel, routeGetIssueLabel.path(owner, repo, name), nil, out)
}

// ListIssueLabels lists, every page of it (100 labels a page, each read
// conditionally: free while unchanged), the repository's labels.
func (c *IssueLabelsClient) ListIssueLabels(ctx context.Context, owner, repo string) ([]IssueLabel, error) {
	return listAll[IssueLabel](ctx, c.requester, routeListIssueLabels, routeListIssueLabels.path(owner, repo), url.Values{})
}

// CreateIssueLabel creates a label.
func (c *IssueLabelsClient) CreateIssueLabel(ctx context.Context, owner, repo string, r *IssueLabelRequest) (*IssueLabel, error) {
	out := &IssueLabel{}
	return out, c.do(ctx, routeCreateIssueLabel, routeCreateIssueLabel.path(owner, repo), r, out)
}

// UpdateIssueLabel changes a label.
func (c *IssueLabelsClient) UpdateIssueLabel(ctx context.Context, owner, repo, name string, r *IssueLabelRequest) (*IssueLabel, error) {
	out := &IssueLabel{}
	return out, c.do(ctx, routeUpdateIssueLabel, routeUpdateIssueLabel.path(owner, repo, name), r, out)
}

// DeleteIssueLabel deletes a label.
func (c *IssueLabelsClient) DeleteIssueLabel(ctx context.Context, owner, repo, name string) error {
	return c.do(ctx, routeDeleteIssueLabel, routeDeleteIssueLabel.path(owner, repo, name), nil, nil)
}
