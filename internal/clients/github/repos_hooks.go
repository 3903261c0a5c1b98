package github

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's webhooks. GitHub shows them to repository admins only
// (everyone else gets 404): reading needs Webhooks: read, changing them
// Webhooks: write (classic tokens: admin:repo_hook, or repo). Reads are
// conditional: a 304 is free.
var (
	routeListHooks = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/hooks",
		Permission: "Webhooks: read", Scope: "admin:repo_hook", Cache: CacheConditional})
	routeGetHook = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/hooks/{hook_id}",
		Permission: "Webhooks: read", Scope: "admin:repo_hook", Cache: CacheConditional})
	routeCreateHook = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/hooks",
		Permission: "Webhooks: write", Scope: "admin:repo_hook"})
	routeUpdateHook = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/hooks/{hook_id}",
		Permission: "Webhooks: write", Scope: "admin:repo_hook"})
	routeDeleteHook = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/hooks/{hook_id}",
		Permission: "Webhooks: write", Scope: "admin:repo_hook"})
)

// HookSecretMask is what GitHub answers in place of a hook's secret.
const HookSecretMask = "********"

// Hook is a repository webhook as GitHub answers it.
type Hook struct {
	ID     int64      `json:"id"`
	Type   string     `json:"type"`
	Name   string     `json:"name"`
	Active bool       `json:"active"`
	Events []string   `json:"events"`
	Config HookConfig `json:"config"`
	// URL is the hook's API address (its config's URL is where payloads
	// go).
	URL       string     `json:"url"`
	CreatedAt *time.Time `json:"created_at"`
	UpdatedAt *time.Time `json:"updated_at"`
}

// HookConfig is where and how a hook delivers. In an answer Secret is
// HookSecretMask when the hook has a secret, empty when it has none. It
// prints without its secret.
type HookConfig struct {
	URL         string      `json:"url"`
	ContentType string      `json:"content_type,omitempty"`
	InsecureSSL InsecureSSL `json:"insecure_ssl,omitempty"`
	Secret      string      `json:"secret,omitempty"`
}

// String is the config without its secret, so that a config that finds its
// way into a message or a log line does not carry it.
func (c HookConfig) String() string {
	secret := "none"
	if c.Secret != "" {
		secret = "set"
	}
	return fmt.Sprintf("{url: %s, content type: %s, insecure ssl: %s, secret: %s}", c.URL, c.ContentType, c.InsecureSSL, secret)
}

// GoString is String, for %#v.
func (c HookConfig) GoString() string { return c.String() }

// InsecureSSL is "0" (certificates are verified) or "1". GitHub answers it
// as a string, and takes a string or a number.
type InsecureSSL string

// UnmarshalJSON reads a string or a number.
func (s *InsecureSSL) UnmarshalJSON(b []byte) error {
	var str string
	if err := json.Unmarshal(b, &str); err == nil {
		*s = InsecureSSL(str)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("insecure_ssl is neither a string nor a number: %s", b)
	}
	*s = InsecureSSL(n.String())
	return nil
}

// HookRequest is the body of a hook create or update. Events replace the
// hook's events; a config replaces its config, so a secret left out of it
// is removed: an update sends the secret every time.
type HookRequest struct {
	Name   string     `json:"name,omitempty"`
	Active bool       `json:"active"`
	Events []string   `json:"events"`
	Config HookConfig `json:"config"`
}

// HooksAPI reads and changes a repository's webhooks.
type HooksAPI interface {
	ListHooks(ctx context.Context, owner, repo string) ([]Hook, error)
	GetHook(ctx context.Context, owner, repo string, id int64) (*Hook, error)
	CreateHook(ctx context.Context, owner, repo string, r *HookRequest) (*Hook, error)
	UpdateHook(ctx context.Context, owner, repo string, id int64, r *HookRequest) (*Hook, error)
	DeleteHook(ctx context.Context, owner, repo string, id int64) error
}

// HooksClient implements HooksAPI with a go-github client.
type HooksClient struct{ requester }

var _ HooksAPI = (*HooksClient)(nil)

// NewHooksClient returns the repository webhooks API of gh.
func NewHooksClient(gh *github.Client) *HooksClient {
	return &HooksClient{requester{gh: gh}}
}

// ListHooks lists, every page of it, the repository's webhooks.
func (c *HooksClient) ListHooks(ctx context.Context, owner, repo string) ([]Hook, error) {
	return listAll[Hook](ctx, c.requester, routeListHooks, routeListHooks.path(owner, repo), url.Values{})
}

// GetHook reads one webhook. An unknown id is a 404, and so is every hook
// of a repository the credentials are not an admin of.
func (c *HooksClient) GetHook(ctx context.Context, owner, repo string, id int64) (*Hook, error) {
	out := &Hook{}
	err := c.do(ctx, routeGetHook, routeGetHook.path(owner, repo, strconv.FormatInt(id, 10)), nil, out)
	return out, err
}

// CreateHook creates a webhook ("web"); GitHub assigns its id. A hook with
// the same URL and an event in common is a 422 "Hook already exists on
// this repository".
func (c *HooksClient) CreateHook(ctx context.Context, owner, repo string, r *HookRequest) (*Hook, error) {
	body := r.sendable()
	body.Name = "web"
	out := &Hook{}
	err := c.do(ctx, routeCreateHook, routeCreateHook.path(owner, repo), body, out)
	return out, err
}

// UpdateHook replaces the hook's events, config and active switch with r's.
func (c *HooksClient) UpdateHook(ctx context.Context, owner, repo string, id int64, r *HookRequest) (*Hook, error) {
	body := r.sendable()
	body.Name = ""
	out := &Hook{}
	err := c.do(ctx, routeUpdateHook, routeUpdateHook.path(owner, repo, strconv.FormatInt(id, 10)), body, out)
	return out, err
}

// DeleteHook deletes the webhook.
func (c *HooksClient) DeleteHook(ctx context.Context, owner, repo string, id int64) error {
	return c.do(ctx, routeDeleteHook, routeDeleteHook.path(owner, repo, strconv.FormatInt(id, 10)), nil, nil)
}

// sendable is r with no events sent as [] rather than null.
func (r *HookRequest) sendable() *HookRequest {
	out := *r
	if out.Events == nil {
		out.Events = []string{}
	}
	return &out
}
