package github

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The Pages site of a repository (https://docs.github.com/rest/pages/pages):
// none until created, one at most. go-github v37 knows neither its build
// type, its visibility nor its custom domain's certificate, so the requests
// are ours. Writing needs Pages: write (classic tokens: repo); reads are
// conditional: a 304 is free.
var (
	routeGetPages = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/pages",
		Permission: "Pages: read", Scope: "repo", Cache: CacheConditional})
	routeCreatePages = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/pages",
		Permission: "Pages: write", Scope: "repo"})
	routeUpdatePages = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/pages",
		Permission: "Pages: write", Scope: "repo"})
	routeDeletePages = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/pages",
		Permission: "Pages: write", Scope: "repo"})
)

// PagesSite is a Pages site as GitHub answers it.
type PagesSite struct {
	URL       string       `json:"url"`
	HTMLURL   string       `json:"html_url"`
	Status    *string      `json:"status"`
	BuildType *string      `json:"build_type"`
	Source    *PagesSource `json:"source"`
	// CNAME is the custom domain; nil for none.
	CNAME         *string `json:"cname"`
	HTTPSEnforced *bool   `json:"https_enforced"`
	Public        *bool   `json:"public"`
	// ProtectedDomainState is whether GitHub verified the custom domain:
	// pending, verified or unverified.
	ProtectedDomainState *string           `json:"protected_domain_state"`
	HTTPSCertificate     *PagesCertificate `json:"https_certificate"`
}

// PagesSource is the branch and folder (/ or /docs) a legacy site is
// built from.
type PagesSource struct {
	Branch string `json:"branch"`
	Path   string `json:"path"`
}

// PagesCertificate is the https certificate of a custom domain.
type PagesCertificate struct {
	State       string   `json:"state"`
	Description string   `json:"description"`
	Domains     []string `json:"domains"`
	ExpiresAt   string   `json:"expires_at,omitempty"`
}

// PagesCreateRequest is the body of a create: the build type, and the
// source of a legacy site.
type PagesCreateRequest struct {
	BuildType string       `json:"build_type"`
	Source    *PagesSource `json:"source,omitempty"`
}

// PagesUpdateRequest is the body of an update: what it leaves out (nil),
// GitHub keeps. CNAME "" removes the custom domain (sent as null, as
// GitHub's description documents).
type PagesUpdateRequest struct {
	BuildType     *string
	Source        *PagesSource
	CNAME         *string
	HTTPSEnforced *bool
	Public        *bool
}

// MarshalJSON writes the fields r sends, cname "" as null.
func (r PagesUpdateRequest) MarshalJSON() ([]byte, error) {
	m := map[string]any{}
	if r.BuildType != nil {
		m["build_type"] = *r.BuildType
	}
	if r.Source != nil {
		m["source"] = r.Source
	}
	if r.CNAME != nil {
		m["cname"] = nil
		if *r.CNAME != "" {
			m["cname"] = *r.CNAME
		}
	}
	if r.HTTPSEnforced != nil {
		m["https_enforced"] = *r.HTTPSEnforced
	}
	if r.Public != nil {
		m["public"] = *r.Public
	}
	return json.Marshal(m)
}

// Empty tells whether r sends nothing: GitHub refuses an empty update.
func (r *PagesUpdateRequest) Empty() bool {
	return r.BuildType == nil && r.Source == nil && r.CNAME == nil && r.HTTPSEnforced == nil && r.Public == nil
}

// PagesAPI creates, reads, updates and deletes the Pages site of a
// repository.
type PagesAPI interface {
	GetPages(ctx context.Context, owner, repo string) (*PagesSite, error)
	CreatePages(ctx context.Context, owner, repo string, r *PagesCreateRequest) (*PagesSite, error)
	UpdatePages(ctx context.Context, owner, repo string, r *PagesUpdateRequest) error
	DeletePages(ctx context.Context, owner, repo string) error
}

// PagesClient implements PagesAPI with a go-github client.
type PagesClient struct{ requester }

var _ PagesAPI = (*PagesClient)(nil)

// NewPagesClient returns the Pages API of gh.
func NewPagesClient(gh *github.Client) *PagesClient { return &PagesClient{requester{gh: gh}} }

// GetPages reads the site; 404 when the repository has none, or there is
// no such repository (or the credentials may not see it).
func (c *PagesClient) GetPages(ctx context.Context, owner, repo string) (*PagesSite, error) {
	out := &PagesSite{}
	return out, c.do(ctx, routeGetPages, routeGetPages.path(owner, repo), nil, out)
}

// CreatePages publishes the site; GitHub answers 409 when the repository
// has one already, 422 when the source branch does not exist.
func (c *PagesClient) CreatePages(ctx context.Context, owner, repo string, r *PagesCreateRequest) (*PagesSite, error) {
	out := &PagesSite{}
	return out, c.do(ctx, routeCreatePages, routeCreatePages.path(owner, repo), r, out)
}

// UpdatePages changes what r sends; GitHub answers 204, or 422 when it
// refuses (https enforced before the custom domain's certificate exists).
func (c *PagesClient) UpdatePages(ctx context.Context, owner, repo string, r *PagesUpdateRequest) error {
	return c.do(ctx, routeUpdatePages, routeUpdatePages.path(owner, repo), r, nil)
}

// DeletePages unpublishes the site; 404 when there is none.
func (c *PagesClient) DeletePages(ctx context.Context, owner, repo string) error {
	return c.do(ctx, routeDeletePages, routeDeletePages.path(owner, repo), nil, nil)
}
