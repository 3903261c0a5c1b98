package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/google/go-github/v37/github"
)

// An organization's webhooks. GitHub shows them to the organization's
// owners only (members too get 404): fine-grained credentials need the
// organization permission Webhooks (an App's organization_hooks), read to
// read and write to change them; classic tokens admin:org_hook. Reads are
// conditional: a 304 is free. A webhook is GitHub's Hook object, as a
// repository's, with "type": "Organization".
var (
	routeListOrgHooks = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/hooks",
		Permission: "Webhooks (organization): read", Scope: "admin:org_hook", Cache: CacheConditional})
	routeGetOrgHook = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/hooks/{hook_id}",
		Permission: "Webhooks (organization): read", Scope: "admin:org_hook", Cache: CacheConditional})
	routeCreateOrgHook = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/hooks",
		Permission: "Webhooks (organization): write", Scope: "admin:org_hook"})
	routeUpdateOrgHook = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}/hooks/{hook_id}",
		Permission: "Webhooks (organization): write", Scope: "admin:org_hook"})
	routeDeleteOrgHook = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/hooks/{hook_id}",
		Permission: "Webhooks (organization): write", Scope: "admin:org_hook"})
)

// OrganizationHooksAPI reads and changes an organization's webhooks.
type OrganizationHooksAPI interface {
	ListOrgHooks(ctx context.Context, org string) ([]Hook, error)
	GetOrgHook(ctx context.Context, org string, id int64) (*Hook, error)
	CreateOrgHook(ctx context.Context, org string, r *HookRequest) (*Hook, error)
	UpdateOrgHook(ctx context.Context, org string, id int64, r *HookRequest) (*Hook, error)
	DeleteOrgHook(ctx context.Context, org string, id int64) error
}

// OrganizationHooksClient implements OrganizationHooksAPI with a go-github
// client.
type OrganizationHooksClient struct{ requester }

var _ OrganizationHooksAPI = (*OrganizationHooksClient)(nil)

// NewOrganizationHooksClient returns the organization webhooks API of gh.
func NewOrganizationHooksClient(gh *github.Client) *OrganizationHooksClient {
	return &OrganizationHooksClient{requester{gh: gh}}
}

// ListOrgHooks lists, every page of it, the organization's webhooks.
func (c *OrganizationHooksClient) ListOrgHooks(ctx context.Context, org string) ([]Hook, error) {
	return listAll[Hook](ctx, c.requester, routeListOrgHooks, routeListOrgHooks.path(org), url.Values{})
}

// GetOrgHook reads one webhook. An unknown id is a 404, and so is every
// hook of an organization the credentials are not an owner of.
func (c *OrganizationHooksClient) GetOrgHook(ctx context.Context, org string, id int64) (*Hook, error) {
	out := &Hook{}
	err := c.do(ctx, routeGetOrgHook, routeGetOrgHook.path(org, strconv.FormatInt(id, 10)), nil, out)
	return out, err
}

// CreateOrgHook creates a webhook ("web", which GitHub requires of an
// organization's); GitHub assigns its id. A hook with the same URL and an
// event in common is a 422 "Hook already exists on this organization".
func (c *OrganizationHooksClient) CreateOrgHook(ctx context.Context, org string, r *HookRequest) (*Hook, error) {
	body := r.sendable()
	body.Name = "web"
	out := &Hook{}
	err := c.do(ctx, routeCreateOrgHook, routeCreateOrgHook.path(org), body, out)
	return out, err
}

// UpdateOrgHook replaces the hook's events, config and active switch with
// r's: a config without a secret removes the hook's.
func (c *OrganizationHooksClient) UpdateOrgHook(ctx context.Context, org string, id int64, r *HookRequest) (*Hook, error) {
	body := r.sendable()
	body.Name = ""
	out := &Hook{}
	err := c.do(ctx, routeUpdateOrgHook, routeUpdateOrgHook.path(org, strconv.FormatInt(id, 10)), body, out)
	return out, err
}

// DeleteOrgHook deletes the webhook.
func (c *OrganizationHooksClient) DeleteOrgHook(ctx context.Context, org string, id int64) error {
	return c.do(ctx, routeDeleteOrgHook, routeDeleteOrgHook.path(org, strconv.FormatInt(id, 10)), nil, nil)
}
