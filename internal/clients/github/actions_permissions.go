package github

import (
	"context"
	"net/http"

	"github.com/google/go-github/v37/github"
)

// The Actions permissions of a repository
// (https://docs.github.com/rest/actions/permissions): seven settings GitHub
// keeps at their own endpoints under /repos/{owner}/{repo}/actions/permissions,
// each GitHub's default until someone sets it, read with GET and written
// with PUT (204). go-github v37 has none of the newer ones (SHA pinning,
// retention, fork approval, private fork workflows, the workflow token), so every one goes through
// our own structs. They need Administration: read / write (classic
// tokens: repo). Reads are conditional: a 304 is free.
var (
	routeGetActionsPermissions = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsPermissions = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions",
		Permission: "Administration: write", Scope: "repo"})
	routeGetActionsSelectedActions = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions/selected-actions",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsSelectedActions = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions/selected-actions",
		Permission: "Administration: write", Scope: "repo"})
	routeGetActionsAccess = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions/access",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsAccess = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions/access",
		Permission: "Administration: write", Scope: "repo"})
	routeGetActionsWorkflowPermissions = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions/workflow",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsWorkflowPermissions = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions/workflow",
		Permission: "Administration: write", Scope: "repo"})
	routeGetActionsRetention = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions/artifact-and-log-retention",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsRetention = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions/artifact-and-log-retention",
		Permission: "Administration: write", Scope: "repo"})
	routeGetActionsForkApproval = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsForkApproval = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval",
		Permission: "Administration: write", Scope: "repo"})
	routeGetActionsPrivateForkWorkflows = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/actions/permissions/fork-pr-workflows-private-repos",
		Permission: "Administration: read", Scope: "repo", Cache: CacheConditional})
	routePutActionsPrivateForkWorkflows = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/actions/permissions/fork-pr-workflows-private-repos",
		Permission: "Administration: write", Scope: "repo"})
)

// ActionsPermissions is whether Actions runs in a repository and which
// actions may (GitHub's actions-repository-permissions).
type ActionsPermissions struct {
	Enabled bool `json:"enabled"`
	// AllowedActions is all, local_only or selected.
	AllowedActions     string `json:"allowed_actions,omitempty"`
	SHAPinningRequired bool   `json:"sha_pinning_required"`
}

// ActionsPermissionsRequest is the body of its PUT: GitHub requires
// enabled; what else it leaves out, GitHub keeps.
type ActionsPermissionsRequest struct {
	Enabled            bool    `json:"enabled"`
	AllowedActions     *string `json:"allowed_actions,omitempty"`
	SHAPinningRequired *bool   `json:"sha_pinning_required,omitempty"`
}

// ActionsSelectedActions is the actions a repository allows when
// allowed_actions is selected; the PUT sends all three.
type ActionsSelectedActions struct {
	GitHubOwnedAllowed bool     `json:"github_owned_allowed"`
	VerifiedAllowed    bool     `json:"verified_allowed"`
	PatternsAllowed    []string `json:"patterns_allowed"`
}

// ActionsAccess is which workflows outside a private repository may use
// its actions and reusable workflows: none, user or organization.
type ActionsAccess struct {
	AccessLevel string `json:"access_level"`
}

// ActionsWorkflowPermissions is the GITHUB_TOKEN's default permissions in
// a repository (read or write) and whether Actions may approve pull
// requests.
type ActionsWorkflowPermissions struct {
	DefaultWorkflowPermissions   string `json:"default_workflow_permissions"`
	CanApprovePullRequestReviews bool   `json:"can_approve_pull_request_reviews"`
}

// ActionsWorkflowPermissionsRequest is the body of its PUT: what it leaves
// out, GitHub keeps.
type ActionsWorkflowPermissionsRequest struct {
	DefaultWorkflowPermissions   *string `json:"default_workflow_permissions,omitempty"`
	CanApprovePullRequestReviews *bool   `json:"can_approve_pull_request_reviews,omitempty"`
}

// ActionsRetention is how many days a repository keeps artifacts and
// logs, and the most it may (MaximumAllowedDays, read only).
type ActionsRetention struct {
	Days               int64 `json:"days"`
	MaximumAllowedDays int64 `json:"maximum_allowed_days,omitempty"`
}

// ActionsForkApproval is which pull requests from forks need a
// maintainer's approval before their workflows run.
type ActionsForkApproval struct {
	ApprovalPolicy string `json:"approval_policy"`
}

// ActionsPrivateForkWorkflows is whether the workflows of pull requests
// from forks run in a private repository, and with what: a write token,
// the secrets and variables, a maintainer's approval first. GitHub requires
// RunWorkflows in a PUT; what else it leaves out, GitHub keeps.
type ActionsPrivateForkWorkflows struct {
	RunWorkflows         bool `json:"run_workflows_from_fork_pull_requests"`
	SendWriteTokens      bool `json:"send_write_tokens_to_workflows"`
	SendSecretsAndVars   bool `json:"send_secrets_and_variables"`
	RequireApprovalFirst bool `json:"require_approval_for_fork_pr_workflows"`
}

// ActionsPermissionsAPI reads and writes the Actions permissions of a
// repository. Every Get answers GitHub's value, its default when nobody set
// it; a 404 when there is no such repository, or the credentials may not
// see it.
type ActionsPermissionsAPI interface {
	GetActionsPermissions(ctx context.Context, owner, repo string) (*ActionsPermissions, error)
	PutActionsPermissions(ctx context.Context, owner, repo string, r *ActionsPermissionsRequest) error
	GetActionsSelectedActions(ctx context.Context, owner, repo string) (*ActionsSelectedActions, error)
	PutActionsSelectedActions(ctx context.Context, owner, repo string, r *ActionsSelectedActions) error
	GetActionsAccess(ctx context.Context, owner, repo string) (*ActionsAccess, error)
	PutActionsAccess(ctx context.Context, owner, repo string, r *ActionsAccess) error
	GetActionsWorkflowPermissions(ctx context.Context, owner, repo string) (*ActionsWorkflowPermissions, error)
	PutActionsWorkflowPermissions(ctx context.Context, owner, repo string, r *ActionsWorkflowPermissionsRequest) error
	GetActionsRetention(ctx context.Context, owner, repo string) (*ActionsRetention, error)
	PutActionsRetention(ctx context.Context, owner, repo string, r *ActionsRetention) error
	GetActionsForkApproval(ctx context.Context, owner, repo string) (*ActionsForkApproval, error)
	PutActionsForkApproval(ctx context.Context, owner, repo string, r *ActionsForkApproval) error
	GetActionsPrivateForkWorkflows(ctx context.Context, owner, repo string) (*ActionsPrivateForkWorkflows, error)
	PutActionsPrivateForkWorkflows(ctx context.Context, owner, repo string, r *ActionsPrivateForkWorkflows) error
}

// ActionsPermissionsClient implements ActionsPermissionsAPI with a
// go-github client.
type ActionsPermissionsClient struct{ requester }

var _ ActionsPermissionsAPI = (*ActionsPermissionsClient)(nil)

// NewActionsPermissionsClient returns the Actions permissions API of gh.
func NewActionsPermissionsClient(gh *github.Client) *ActionsPermissionsClient {
	return &ActionsPermissionsClient{requester{gh: gh}}
}

// GetActionsPermissions reads whether Actions runs and which actions may.
func (c *ActionsPermissionsClient) GetActionsPermissions(ctx context.Context, owner, repo string) (*ActionsPermissions, error) {
	out := &ActionsPermissions{}
	return out, c.do(ctx, routeGetActionsPermissions, routeGetActionsPermissions.path(owner, repo), nil, out)
}

// PutActionsPermissions writes them.
func (c *ActionsPermissionsClient) PutActionsPermissions(ctx context.Context, owner, repo string, r *ActionsPermissionsRequest) error {
	return c.do(ctx, routePutActionsPermissions, routePutActionsPermissions.path(owner, repo), r, nil)
}

// GetActionsSelectedActions reads the selected actions; GitHub answers 409
// while allowed_actions is not selected.
func (c *ActionsPermissionsClient) GetActionsSelectedActions(ctx context.Context, owner, repo string) (*ActionsSelectedActions, error) {
	out := &ActionsSelectedActions{}
	return out, c.do(ctx, routeGetActionsSelectedActions, routeGetActionsSelectedActions.path(owner, repo), nil, out)
}

// PutActionsSelectedActions writes them.
func (c *ActionsPermissionsClient) PutActionsSelectedActions(ctx context.Context, owner, repo string, r *ActionsSelectedActions) error {
	return c.do(ctx, routePutActionsSelectedActions, routePutActionsSelectedActions.path(owner, repo), r, nil)
}

// GetActionsAccess reads the access of workflows outside the repository.
func (c *ActionsPermissionsClient) GetActionsAccess(ctx context.Context, owner, repo string) (*ActionsAccess, error) {
	out := &ActionsAccess{}
	return out, c.do(ctx, routeGetActionsAccess, routeGetActionsAccess.path(owner, repo), nil, out)
}

// PutActionsAccess writes it; GitHub refuses it for a public repository.
func (c *ActionsPermissionsClient) PutActionsAccess(ctx context.Context, owner, repo string, r *ActionsAccess) error {
	return c.do(ctx, routePutActionsAccess, routePutActionsAccess.path(owner, repo), r, nil)
}

// GetActionsWorkflowPermissions reads the GITHUB_TOKEN's default
// permissions.
func (c *ActionsPermissionsClient) GetActionsWorkflowPermissions(ctx context.Context, owner, repo string) (*ActionsWorkflowPermissions, error) {
	out := &ActionsWorkflowPermissions{}
	return out, c.do(ctx, routeGetActionsWorkflowPermissions, routeGetActionsWorkflowPermissions.path(owner, repo), nil, out)
}

// PutActionsWorkflowPermissions writes them; GitHub answers 409 when the
// organization's policy prevents it.
func (c *ActionsPermissionsClient) PutActionsWorkflowPermissions(ctx context.Context, owner, repo string, r *ActionsWorkflowPermissionsRequest) error {
	return c.do(ctx, routePutActionsWorkflowPermissions, routePutActionsWorkflowPermissions.path(owner, repo), r, nil)
}

// GetActionsRetention reads the artifact and log retention.
func (c *ActionsPermissionsClient) GetActionsRetention(ctx context.Context, owner, repo string) (*ActionsRetention, error) {
	out := &ActionsRetention{}
	return out, c.do(ctx, routeGetActionsRetention, routeGetActionsRetention.path(owner, repo), nil, out)
}

// PutActionsRetention writes it (days only: the maximum is GitHub's).
func (c *ActionsPermissionsClient) PutActionsRetention(ctx context.Context, owner, repo string, r *ActionsRetention) error {
	body := struct {
		Days int64 `json:"days"`
	}{r.Days}
	return c.do(ctx, routePutActionsRetention, routePutActionsRetention.path(owner, repo), body, nil)
}

// GetActionsForkApproval reads the fork pull request approval policy.
func (c *ActionsPermissionsClient) GetActionsForkApproval(ctx context.Context, owner, repo string) (*ActionsForkApproval, error) {
	out := &ActionsForkApproval{}
	return out, c.do(ctx, routeGetActionsForkApproval, routeGetActionsForkApproval.path(owner, repo), nil, out)
}

// PutActionsForkApproval writes it.
func (c *ActionsPermissionsClient) PutActionsForkApproval(ctx context.Context, owner, repo string, r *ActionsForkApproval) error {
	return c.do(ctx, routePutActionsForkApproval, routePutActionsForkApproval.path(owner, repo), r, nil)
}

// GetActionsPrivateForkWorkflows reads whether, and how, the workflows of
// pull requests from forks run in a private repository.
func (c *ActionsPermissionsClient) GetActionsPrivateForkWorkflows(ctx context.Context, owner, repo string) (*ActionsPrivateForkWorkflows, error) {
	out := &ActionsPrivateForkWorkflows{}
	return out, c.do(ctx, routeGetActionsPrivateForkWorkflows, routeGetActionsPrivateForkWorkflows.path(owner, repo), nil, out)
}

// PutActionsPrivateForkWorkflows writes it; GitHub refuses it for a public
// repository.
func (c *ActionsPermissionsClient) PutActionsPrivateForkWorkflows(ctx context.Context, owner, repo string, r *ActionsPrivateForkWorkflows) error {
	return c.do(ctx, routePutActionsPrivateForkWorkflows, routePutActionsPrivateForkWorkflows.path(owner, repo), r, nil)
}
