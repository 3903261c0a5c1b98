package github

import (
	"context"
	"net/http"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's GitHub Actions configuration variables, and those of its
// deployment environments (go-github v37 knows neither). Repository
// variables need Variables: read / write, environment variables
// Environments: read / write (classic tokens: repo). Reads are
// conditional: a 304 is free.
var (
	routeGetActionsVariable = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/variables/{name}",
		Permission: "Variables: read", Scope: "repo", Cache: CacheConditional})
	routeCreateActionsVariable = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/actions/variables",
		Permission: "Variables: write", Scope: "repo"})
	routeUpdateActionsVariable = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/actions/variables/{name}",
		Permission: "Variables: write", Scope: "repo"})
	routeDeleteActionsVariable = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/actions/variables/{name}",
		Permission: "Variables: write", Scope: "repo"})

	routeGetEnvironmentVariable = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/variables/{name}",
		Permission: "Environments: read", Scope: "repo", Cache: CacheConditional})
	routeCreateEnvironmentVariable = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/environments/{environment_name}/variables",
		Permission: "Environments: write", Scope: "repo"})
	routeUpdateEnvironmentVariable = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}/environments/{environment_name}/variables/{name}",
		Permission: "Environments: write", Scope: "repo"})
	routeDeleteEnvironmentVariable = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/environments/{environment_name}/variables/{name}",
		Permission: "Environments: write", Scope: "repo"})
)

// ActionsVariable is an Actions variable as GitHub answers it; an
// organization's also says who may use it.
type ActionsVariable struct {
	Name      string     `json:"name"`
	Value     string     `json:"value"`
	CreatedAt *time.Time `json:"created_at"`
	UpdatedAt *time.Time `json:"updated_at"`
	// Visibility is an organization variable's: all, private or selected.
	Visibility string `json:"visibility,omitempty"`
}

// ActionsVariableRequest is the body of a variable create or update; an
// organization's also says who may use it.
type ActionsVariableRequest struct {
	Name  string `json:"name,omitempty"`
	Value string `json:"value"`
	Sharing
}

// ActionsVariablesAPI reads and changes the Actions variables of a
// repository (environment "") or of one of its environments.
type ActionsVariablesAPI interface {
	GetVariable(ctx context.Context, owner, repo, environment, name string) (*ActionsVariable, error)
	CreateVariable(ctx context.Context, owner, repo, environment string, v *ActionsVariableRequest) error
	UpdateVariable(ctx context.Context, owner, repo, environment, name string, v *ActionsVariableRequest) error
	DeleteVariable(ctx context.Context, owner, repo, environment, name string) error
}

// ActionsVariablesClient implements ActionsVariablesAPI with a go-github
// client.
type ActionsVariablesClient struct{ requester }

var _ ActionsVariablesAPI = (*ActionsVariablesClient)(nil)

// NewActionsVariablesClient returns the Actions variables API of gh.
func NewActionsVariablesClient(gh *github.Client) *ActionsVariablesClient {
	return &ActionsVariablesClient{requester{gh: gh}}
}

// variableRoute picks the repository's or the environment's route, with
// the parameters its path takes after owner and repository.
func variableRoute(environment string, repoRoute, envRoute Route) (Route, []string) {
	if environment == "" {
		return repoRoute, nil
	}
	return envRoute, []string{environment}
}

// GetVariable reads a variable; 404 when there is none of the name (names
// compare without regard to case).
func (c *ActionsVariablesClient) GetVariable(ctx context.Context, owner, repo, environment, name string) (*ActionsVariable, error) {
	r, p := variableRoute(environment, routeGetActionsVariable, routeGetEnvironmentVariable)
	out := &ActionsVariable{}
	err := c.do(ctx, r, r.path(secretParams(owner, repo, p, name)...), nil, out)
	return out, err
}

// CreateVariable creates a variable; a name that is taken is a 409.
func (c *ActionsVariablesClient) CreateVariable(ctx context.Context, owner, repo, environment string, v *ActionsVariableRequest) error {
	r, p := variableRoute(environment, routeCreateActionsVariable, routeCreateEnvironmentVariable)
	return c.do(ctx, r, r.path(secretParams(owner, repo, p)...), v, nil)
}

// UpdateVariable changes a variable's value (and its name, when v names
// another).
func (c *ActionsVariablesClient) UpdateVariable(ctx context.Context, owner, repo, environment, name string, v *ActionsVariableRequest) error {
	r, p := variableRoute(environment, routeUpdateActionsVariable, routeUpdateEnvironmentVariable)
	return c.do(ctx, r, r.path(secretParams(owner, repo, p, name)...), v, nil)
}

// DeleteVariable deletes a variable.
func (c *ActionsVariablesClient) DeleteVariable(ctx context.Context, owner, repo, environment, name string) error {
	r, p := variableRoute(environment, routeDeleteActionsVariable, routeDeleteEnvironmentVariable)
	return c.do(ctx, r, r.path(secretParams(owner, repo, p, name)...), nil, nil)
}
