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

// OrganizationActionsVariable is an organization's Actions variable as GitHub answers it.
type OrganizationActionsVariable struct {
	Name       string     `json:"name"`
	Value      string     `json:"value"`
	CreatedAt  *time.Time `json:"created_at"`
	UpdatedAt  *time.Time `json:"updated_at"`
	Visibility string     `json:"visibility"`
}

// OrganizationActionsVariableRequest is the body of an organization variable's create
// (every field) or update (what changes).
type OrganizationActionsVariableRequest struct {
	Name  string  `json:"name,omitempty"`
	Value *string `json:"value,omitempty"`
	Sharing
}

// OrganizationActionsVariablesAPI reads and changes an organization's Actions variables.
type OrganizationActionsVariablesAPI interface {
	GetOrgVariable(ctx context.Context, org, name string) (*OrganizationActionsVariable, error)
	CreateOrgVariable(ctx context.Context, org string, v *OrganizationActionsVariableRequest) error
	UpdateOrgVariable(ctx context.Context, org, name string, v *OrganizationActionsVariableRequest) error
	DeleteOrgVariable(ctx context.Context, org, name string) error
	ListOrgVariables(ctx context.Context, org string) ([]OrganizationActionsVariable, error)
}

// OrganizationActionsVariablesClient implements OrganizationActionsVariablesAPI.
type OrganizationActionsVariablesClient struct{ requester }

var _ OrganizationActionsVariablesAPI = (*OrganizationActionsVariablesClient)(nil)

// NewOrganizationActionsVariablesClient returns the organization Actions variables API of gh.
func NewOrganizationActionsVariablesClient(gh *github.Client) *OrganizationActionsVariablesClient {
	return &OrganizationActionsVariablesClient{requester{gh: gh}}
}

// GetOrgVariable reads a variable; 404 when there is none of the name
// (names compare without regard to case).
func (c *OrganizationActionsVariablesClient) GetOrgVariable(ctx context.Context, org, name string) (*OrganizationActionsVariable, error) {
	out := &OrganizationActionsVariable{}
	err := c.do(ctx, routeGetOrgVariable, routeGetOrgVariable.path(org, name), nil, out)
	return out, err
}

// CreateOrgVariable creates a variable; a name that is taken is a 409.
func (c *OrganizationActionsVariablesClient) CreateOrgVariable(ctx context.Context, org string, v *OrganizationActionsVariableRequest) error {
	return c.do(ctx, routeCreateOrgVariable, routeCreateOrgVariable.path(org), v, nil)
}

// UpdateOrgVariable changes what v names of a variable.
func (c *OrganizationActionsVariablesClient) UpdateOrgVariable(ctx context.Context, org, name string, v *OrganizationActionsVariableRequest) error {
	return c.do(ctx, routeUpdateOrgVariable, routeUpdateOrgVariable.path(org, name), v, nil)
}

// DeleteOrgVariable deletes a variable.
func (c *OrganizationActionsVariablesClient) DeleteOrgVariable(ctx context.Context, org, name string) error {
	return c.do(ctx, routeDeleteOrgVariable, routeDeleteOrgVariable.path(org, name), nil, nil)
}

// organizationActionsVariablePage is a page of a list of variables.
type organizationActionsVariablePage struct {
	TotalCount int           `json:"total_count"`
	Variables  []OrganizationActionsVariable `json:"variables"`
}

// ListOrgVariables lists, every page of it (GitHub's most a request),
// the organization's variables.
func (c *OrganizationActionsVariablesClient) ListOrgVariables(ctx context.Context, org string) ([]OrganizationActionsVariable, error) {
	path := routeListOrgVariables.path(org)
	var all []OrganizationActionsVariable
	for page := 1; page != 0; {
		var s organizationActionsVariablePage
		next, err := c.page(ctx, routeListOrgVariables, path, page, variablesPerPage, &s)
		if err != nil {
			return nil, err
		}
		all = append(all, s.Variables...)
		page = next
	}
	return all, nil
}
