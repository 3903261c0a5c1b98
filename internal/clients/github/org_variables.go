package github

import (
	"context"
	"net/http"

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

// OrganizationActionsVariablesAPI reads and changes an organization's Actions variables.
type OrganizationActionsVariablesAPI interface {
	GetOrgVariable(ctx context.Context, org, name string) (*ActionsVariable, error)
	CreateOrgVariable(ctx context.Context, org string, v *ActionsVariableRequest) error
	UpdateOrgVariable(ctx context.Context, org, name string, v *ActionsVariableRequest) error
	DeleteOrgVariable(ctx context.Context, org, name string) error
	ListOrgVariables(ctx context.Context, org string) ([]ActionsVariable, error)
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
func (c *OrganizationActionsVariablesClient) GetOrgVariable(ctx context.Context, org, name string) (*ActionsVariable, error) {
	out := &ActionsVariable{}
	err := c.do(ctx, routeGetOrgVariable, routeGetOrgVariable.path(org, name), nil, out)
	return out, err
}

// CreateOrgVariable creates a variable; a name that is taken is a 409.
func (c *OrganizationActionsVariablesClient) CreateOrgVariable(ctx context.Context, org string, v *ActionsVariableRequest) error {
	return c.do(ctx, routeCreateOrgVariable, routeCreateOrgVariable.path(org), v, nil)
}

// UpdateOrgVariable changes what v names of a variable.
func (c *OrganizationActionsVariablesClient) UpdateOrgVariable(ctx context.Context, org, name string, v *ActionsVariableRequest) error {
	return c.do(ctx, routeUpdateOrgVariable, routeUpdateOrgVariable.path(org, name), v, nil)
}

// DeleteOrgVariable deletes a variable.
func (c *OrganizationActionsVariablesClient) DeleteOrgVariable(ctx context.Context, org, name string) error {
	return c.do(ctx, routeDeleteOrgVariable, routeDeleteOrgVariable.path(org, name), nil, nil)
}

// ListOrgVariables lists, every page of it (GitHub's most a request),
// the organization's variables.
func (c *OrganizationActionsVariablesClient) ListOrgVariables(ctx context.Context, org string) ([]ActionsVariable, error) {
	path := routeListOrgVariables.path(org)
	var all []ActionsVariable
	for page := 1; page != 0; {
		var s variablePage
		next, err := c.page(ctx, routeListOrgVariables, path, page, variablesPerPage, &s)
		if err != nil {
			return nil, err
		}
		all = append(all, s.Variables...)
		page = next
	}
	return all, nil
}
