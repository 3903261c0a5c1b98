package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's autolink references
// (https://docs.github.com/rest/repos/autolinks). GitHub shows and changes
// them for repository admins only: Administration: read / write (classic
// tokens: repo). There is no update: an autolink is changed by deleting it
// and creating another. Reads are conditional: a 304 is free.
var (
	routeListAutolinks = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/autolinks",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeGetAutolink = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/autolinks/{autolink_id}",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routeCreateAutolink = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/autolinks",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteAutolink = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/autolinks/{autolink_id}",
		Permission: "Administration: write", Scope: "repo"})
)

// Autolink is an autolink reference as GitHub answers it.
type Autolink struct {
	ID             int64  `json:"id"`
	KeyPrefix      string `json:"key_prefix"`
	URLTemplate    string `json:"url_template"`
	IsAlphanumeric bool   `json:"is_alphanumeric"`
	// UpdatedAt is when GitHub last changed the autolink, which it cannot
	// update: when it was made. Older autolinks have none.
	UpdatedAt *time.Time `json:"updated_at"`
}

// AutolinkRequest is the body of an autolink's create.
type AutolinkRequest struct {
	KeyPrefix      string `json:"key_prefix"`
	URLTemplate    string `json:"url_template"`
	IsAlphanumeric *bool  `json:"is_alphanumeric,omitempty"`
}

// AutolinksAPI reads, creates and deletes a repository's autolink
// references.
type AutolinksAPI interface {
	ListAutolinks(ctx context.Context, owner, repo string) ([]Autolink, error)
	GetAutolink(ctx context.Context, owner, repo string, id int64) (*Autolink, error)
	CreateAutolink(ctx context.Context, owner, repo string, r *AutolinkRequest) (*Autolink, error)
	DeleteAutolink(ctx context.Context, owner, repo string, id int64) error
}

// AutolinksClient implements AutolinksAPI with a go-github client.
type AutolinksClient struct{ requester }

var _ AutolinksAPI = (*AutolinksClient)(nil)

// NewAutolinksClient returns the autolinks API of gh.
func NewAutolinksClient(gh *github.Client) *AutolinksClient {
	return &AutolinksClient{requester{gh: gh}}
}

// ListAutolinks lists the repository's autolinks, every page.
func (c *AutolinksClient) ListAutolinks(ctx context.Context, owner, repo string) ([]Autolink, error) {
	return listAll[Autolink](ctx, c.requester, routeListAutolinks, routeListAutolinks.path(owner, repo), url.Values{})
}

// GetAutolink reads the autolink of an id; 404 when there is none.
func (c *AutolinksClient) GetAutolink(ctx context.Context, owner, repo string, id int64) (*Autolink, error) {
	out := &Autolink{}
	return out, c.do(ctx, routeGetAutolink, routeGetAutolink.path(owner, repo, strconv.FormatInt(id, 10)), nil, out)
}

// CreateAutolink creates an autolink.
func (c *AutolinksClient) CreateAutolink(ctx context.Context, owner, repo string, r *AutolinkRequest) (*Autolink, error) {
	out := &Autolink{}
	return out, c.do(ctx, routeCreateAutolink, routeCreateAutolink.path(owner, repo), r, out)
}

// DeleteAutolink deletes an autolink.
func (c *AutolinksClient) DeleteAutolink(ctx context.Context, owner, repo string, id int64) error {
	return c.do(ctx, routeDeleteAutolink, routeDeleteAutolink.path(owner, repo, strconv.FormatInt(id, 10)), nil, nil)
}
