package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// An organization's configurations (https://docs.github.com/rest/code-security/configurations). They need Administration: read /
// write (classic tokens: admin:org). Reads are conditional: a 304 is free.
var (
	routeListCodeSecurityConfigurations = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/code-security/configurations",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeGetCodeSecurityConfiguration = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/code-security/configurations/{configuration_id}",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeCreateCodeSecurityConfiguration = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/code-security/configurations",
		Permission: "Administration: write", Scope: "admin:org"})
	routeUpdateCodeSecurityConfiguration = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}/code-security/configurations/{configuration_id}",
		Permission: "Administration: write", Scope: "admin:org"})
	routeDeleteCodeSecurityConfiguration = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/code-security/configurations/{configuration_id}",
		Permission: "Administration: write", Scope: "admin:org"})
)

// CodeSecurityConfiguration is a configuration as GitHub answers it.
type CodeSecurityConfiguration struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Description *string    `json:"description"`
	CreatedAt   *time.Time `json:"created_at"`
}

// CodeSecurityConfigurationRequest is the body of a configuration's create or update.
type CodeSecurityConfigurationRequest struct {
	Name        string  `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
}

// CodeSecurityConfigurationsAPI reads and changes an organization's configurations.
type CodeSecurityConfigurationsAPI interface {
	ListCodeSecurityConfigurations(ctx context.Context, org string) ([]CodeSecurityConfiguration, error)
	GetCodeSecurityConfiguration(ctx context.Context, org string, id int64) (*CodeSecurityConfiguration, error)
	CreateCodeSecurityConfiguration(ctx context.Context, org string, r *CodeSecurityConfigurationRequest) (*CodeSecurityConfiguration, error)
	UpdateCodeSecurityConfiguration(ctx context.Context, org string, id int64, r *CodeSecurityConfigurationRequest) (*CodeSecurityConfiguration, error)
	DeleteCodeSecurityConfiguration(ctx context.Context, org string, id int64) error
}

// CodeSecurityConfigurationsClient implements CodeSecurityConfigurationsAPI with a go-github client.
type CodeSecurityConfigurationsClient struct{ requester }

var _ CodeSecurityConfigurationsAPI = (*CodeSecurityConfigurationsClient)(nil)

// NewCodeSecurityConfigurationsClient returns the configurations API of gh.
func NewCodeSecurityConfigurationsClient(gh *github.Client) *CodeSecurityConfigurationsClient {
	return &CodeSecurityConfigurationsClient{requester{gh: gh}}
}

// ListCodeSecurityConfigurations lists the organization's configurations, every page.
func (c *CodeSecurityConfigurationsClient) ListCodeSecurityConfigurations(ctx context.Context, org string) ([]CodeSecurityConfiguration, error) {
	return listAll[CodeSecurityConfiguration](ctx, c.requester, routeListCodeSecurityConfigurations, routeListCodeSecurityConfigurations.path(org), url.Values{})
}

// GetCodeSecurityConfiguration reads the configuration of an id; 404 when there is none.
func (c *CodeSecurityConfigurationsClient) GetCodeSecurityConfiguration(ctx context.Context, org string, id int64) (*CodeSecurityConfiguration, error) {
	out := &CodeSecurityConfiguration{}
	return out, c.do(ctx, routeGetCodeSecurityConfiguration, routeGetCodeSecurityConfiguration.path(org, strconv.FormatInt(id, 10)), nil, out)
}

// CreateCodeSecurityConfiguration creates a configuration.
func (c *CodeSecurityConfigurationsClient) CreateCodeSecurityConfiguration(ctx context.Context, org string, r *CodeSecurityConfigurationRequest) (*CodeSecurityConfiguration, error) {
	out := &CodeSecurityConfiguration{}
	return out, c.do(ctx, routeCreateCodeSecurityConfiguration, routeCreateCodeSecurityConfiguration.path(org), r, out)
}

// UpdateCodeSecurityConfiguration changes a configuration.
func (c *CodeSecurityConfigurationsClient) UpdateCodeSecurityConfiguration(ctx context.Context, org string, id int64, r *CodeSecurityConfigurationRequest) (*CodeSecurityConfiguration, error) {
	out := &CodeSecurityConfiguration{}
	return out, c.do(ctx, routeUpdateCodeSecurityConfiguration, routeUpdateCodeSecurityConfiguration.path(org, strconv.FormatInt(id, 10)), r, out)
}

// DeleteCodeSecurityConfiguration deletes a configuration.
func (c *CodeSecurityConfigurationsClient) DeleteCodeSecurityConfiguration(ctx context.Context, org string, id int64) error {
	return c.do(ctx, routeDeleteCodeSecurityConfiguration, routeDeleteCodeSecurityConfiguration.path(org, strconv.FormatInt(id, 10)), nil, nil)
}
