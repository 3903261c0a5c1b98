package github

import (
	"context"
	"net/http"
	"time"

	"github.com/google/go-github/v37/github"
)

// The organization's Actions variables (go-github v37 knows none).
var (
	routeGetOrgVariable = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/variables/{name}",
		Permission: "Variables: read", Scope: "admin:org", Cache: CacheConditional})
	routeCreateOrgVariable = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/actions/variables",
		Permission: "Variables: write", Scope: "admin:org"})
	routeUpdateOrgVariable = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}/actions/variables/{name}",
		Permission: "Variables: write", Scope: "admin:org"})
	routeDeleteOrgVariable = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/actions/variables/{name}",
		Permission: "Variables: write", Scope: "admin:org"})
	routeListOrgVariables = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/actions/variables",
		Permission: "Variables: read", Scope: "admin:org", Cache: CacheConditional})
)

// OrgVariable is an organization's Actions variable as GitHub answers it.
type OrgVariable struct {
	Name       string     `json:"name"`
	Value      string     `json:"value"`
	CreatedAt  *time.Time `json:"created_at"`
	UpdatedAt  *time.Time `json:"updated_at"`
	Visibility string     `json:"visibility"`
}

// OrgVariableRequest is the body of an organization variable's create
// (every field) or update (what changes).
type OrgVariableRequest struct {
	Name  string  `json:"name,omitempty"`
	Value *string `json:"value,omitempty"`
	Sharing
}

// OrgVariablesAPI reads and changes an organization's Actions variables.
type OrgVariablesAPI interface {
	GetOrgVariable(ctx context.Context, org, name string) (*OrgVariable, error)
	CreateOrgVariable(ctx context.Context, org string, v *OrgVariableRequest) error
	UpdateOrgVariable(ctx context.Context, org, name string, v *OrgVariableRequest) error
	DeleteOrgVariable(ctx context.Context, org, name string) error
	ListOrgVariables(ctx context.Context, org string) ([]OrgVariable, error)
}

// OrgVariablesClient implements OrgVariablesAPI.
type OrgVariablesClient struct{ requester }

var _ OrgVariablesAPI = (*OrgVariablesClient)(nil)

// NewOrgVariablesClient returns the organization Actions variables API of gh.
func NewOrgVariablesClient(gh *github.Client) *OrgVariablesClient {
	return &OrgVariablesClient{requester{gh: gh}}
}

// GetOrgVariable reads a variable; 404 when there is none of the name
// (names compare without regard to case).
func (c *OrgVariablesClient) GetOrgVariable(ctx context.Context, org, name string) (*OrgVariable, error) {
	out := &OrgVariable{}
	err := c.do(ctx, routeGetOrgVariable, routeGetOrgVariable.path(org, name), nil, out)
	return out, err
}

// CreateOrgVariable creates a variable; a name that is taken is a 409.
func (c *OrgVariablesClient) CreateOrgVariable(ctx context.Context, org string, v *OrgVariableRequest) error {
	return c.do(ctx, routeCreateOrgVariable, routeCreateOrgVariable.path(org), v, nil)
}

// UpdateOrgVariable changes what v names of a variable.
func (c *OrgVariablesClient) UpdateOrgVariable(ctx context.Context, org, name string, v *OrgVariableRequest) error {
	return c.do(ctx, routeUpdateOrgVariable, routeUpdateOrgVariable.path(org, name), v, nil)
}

// DeleteOrgVariable deletes a variable.
func (c *OrgVariablesClient) DeleteOrgVariable(ctx context.Context, org, name string) error {
	return c.do(ctx, routeDeleteOrgVariable, routeDeleteOrgVariable.path(org, name), nil, nil)
}

// orgVariablePage is a page of a list of variables.
type orgVariablePage struct {
	TotalCount int           `json:"total_count"`
	Variables  []OrgVariable `json:"variables"`
}

// ListOrgVariables lists, every page of it (GitHub's most a request),
// the organization's variables.
func (c *OrgVariablesClient) ListOrgVariables(ctx context.Context, org string) ([]OrgVariable, error) {
	path := routeListOrgVariables.path(org)
	var all []OrgVariable
	for page := 1; page != 0; {
		var s orgVariablePage
		next, err := c.page(ctx, routeListOrgVariables, path, page, variablesPerPage, &s)
		if err != nil {
			return nil, err
		}
		all = append(all, s.Variables...)
		page = next
	}
	return all, nil
}
