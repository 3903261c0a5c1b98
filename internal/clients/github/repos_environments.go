package github

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/google/go-github/v37/github"
)

// A repository's deployment environments and their custom deployment branch
// policies (go-github v37 knows environments only partly and branch
// policies not at all: the wire structs are ours). Reading needs Actions:
// read (classic tokens: repo for a private repository) and is conditional;
// changing needs Administration: write.
var (
	routeGetEnvironment = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}",
		Permission: "Actions: read", Scope: "repo", Cache: CacheConditional})
	routePutEnvironment = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/environments/{environment_name}",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteEnvironment = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/environments/{environment_name}",
		Permission: "Administration: write", Scope: "repo"})
	routeListBranchPolicies = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies",
		Permission: "Actions: read", Scope: "repo", Cache: CacheConditional})
	routeCreateBranchPolicy = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies",
		Permission: "Administration: write", Scope: "repo"})
	// The route of the policy GitHub's 303 to a create of a pattern
	// the environment already has points.
	_ = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies/{branch_policy_id}",
		Permission: "Actions: read", Scope: "repo"})
	routeDeleteBranchPolicy = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment-branch-policies/{branch_policy_id}",
		Permission: "Administration: write", Scope: "repo"})
)

// Environment is a deployment environment as GitHub answers it.
// DeploymentBranchPolicy is nil when every branch may deploy.
type Environment struct {
	ID                     int64                   `json:"id"`
	NodeID                 string                  `json:"node_id"`
	Name                   string                  `json:"name"`
	HTMLURL                string                  `json:"html_url"`
	CreatedAt              *time.Time              `json:"created_at"`
	UpdatedAt              *time.Time              `json:"updated_at"`
	ProtectionRules        []EnvironmentRule       `json:"protection_rules"`
	DeploymentBranchPolicy *DeploymentBranchPolicy `json:"deployment_branch_policy"`
}

// EnvironmentRule is one protection rule of an environment: its type
// (wait_timer, required_reviewers, branch_policy, or a custom rule's) with
// the fields of that type.
type EnvironmentRule struct {
	ID                int64                 `json:"id"`
	Type              string                `json:"type"`
	WaitTimer         *int64                `json:"wait_timer,omitempty"`
	PreventSelfReview *bool                 `json:"prevent_self_review,omitempty"`
	Reviewers         []EnvironmentReviewer `json:"reviewers,omitempty"`
}

// EnvironmentReviewer is one required reviewer as GitHub answers it: a
// user (Login set) or a team (Slug set).
type EnvironmentReviewer struct {
	Type     string           `json:"type"`
	Reviewer ReviewerIdentity `json:"reviewer"`
}

// ReviewerIdentity is the part of a reviewer (a simple-user or a team) the
// provider reads.
type ReviewerIdentity struct {
	ID    int64  `json:"id"`
	Login string `json:"login,omitempty"`
	Slug  string `json:"slug,omitempty"`
}

// DeploymentBranchPolicy says which branches may deploy: those protected by
// branch protection, or those the custom policies name.
type DeploymentBranchPolicy struct {
	ProtectedBranches    bool `json:"protected_branches"`
	CustomBranchPolicies bool `json:"custom_branch_policies"`
}

// EnvironmentRequest is the body of an environment create-or-update. Every
// field is sent, null included: GitHub keeps what a request leaves out;
// null (no Reviewers) clears the reviewers, and a nil
// DeploymentBranchPolicy lets every branch deploy.
type EnvironmentRequest struct {
	WaitTimer              int64                   `json:"wait_timer"`
	PreventSelfReview      bool                    `json:"prevent_self_review"`
	Reviewers              []ReviewerRequest       `json:"reviewers"`
	DeploymentBranchPolicy *DeploymentBranchPolicy `json:"deployment_branch_policy"`
}

// ReviewerRequest is one required reviewer of a request: a User or Team by
// id.
type ReviewerRequest struct {
	Type string `json:"type"`
	ID   int64  `json:"id"`
}

// BranchPolicy is one custom deployment branch or tag policy: a name
// pattern and whether it matches branches or tags.
type BranchPolicy struct {
	ID   int64  `json:"id,omitempty"`
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
}

// EnvironmentsAPI reads and changes a repository's deployment environments
// and their custom deployment branch policies.
type EnvironmentsAPI interface {
	GetEnvironment(ctx context.Context, owner, repo, name string) (*Environment, error)
	PutEnvironment(ctx context.Context, owner, repo, name string, r *EnvironmentRequest) (*Environment, error)
	DeleteEnvironment(ctx context.Context, owner, repo, name string) error
	ListBranchPolicies(ctx context.Context, owner, repo, env string) ([]BranchPolicy, error)
	CreateBranchPolicy(ctx context.Context, owner, repo, env string, p BranchPolicy) (*BranchPolicy, error)
	DeleteBranchPolicy(ctx context.Context, owner, repo, env string, id int64) error
}

// EnvironmentsClient implements EnvironmentsAPI with a go-github client.
type EnvironmentsClient struct{ requester }

var _ EnvironmentsAPI = (*EnvironmentsClient)(nil)

// NewEnvironmentsClient returns the deployment environments API of gh.
func NewEnvironmentsClient(gh *github.Client) *EnvironmentsClient {
	return &EnvironmentsClient{requester{gh: gh}}
}

// GetEnvironment reads an environment; GitHub finds it by name without
// regard to case. A name with a slash is sent escaped, as GitHub asks.
func (c *EnvironmentsClient) GetEnvironment(ctx context.Context, owner, repo, name string) (*Environment, error) {
	out := &Environment{}
	err := c.do(ctx, routeGetEnvironment, routeGetEnvironment.path(owner, repo, name), nil, out)
	return out, err
}

// PutEnvironment creates the environment, or updates the one of that name
// (without regard to case), with r.
func (c *EnvironmentsClient) PutEnvironment(ctx context.Context, owner, repo, name string, r *EnvironmentRequest) (*Environment, error) {
	out := &Environment{}
	err := c.do(ctx, routePutEnvironment, routePutEnvironment.path(owner, repo, name), r, out)
	return out, err
}

// DeleteEnvironment deletes the environment with its policies, secrets and
// variables.
func (c *EnvironmentsClient) DeleteEnvironment(ctx context.Context, owner, repo, name string) error {
	return c.do(ctx, routeDeleteEnvironment, routeDeleteEnvironment.path(owner, repo, name), nil, nil)
}

// branchPolicyPage is a page of a list of deployment branch policies.
type branchPolicyPage struct {
	TotalCount     int            `json:"total_count"`
	BranchPolicies []BranchPolicy `json:"branch_policies"`
}

// ListBranchPolicies lists, every page of it, the environment's custom
// deployment branch and tag policies.
func (c *EnvironmentsClient) ListBranchPolicies(ctx context.Context, owner, repo, env string) ([]BranchPolicy, error) {
	var all []BranchPolicy
	path := routeListBranchPolicies.path(owner, repo, env)
	for page := 1; page != 0; {
		var p branchPolicyPage
		next, err := c.page(ctx, routeListBranchPolicies, path, page, 100, &p)
		if err != nil {
			return nil, err
		}
		all = append(all, p.BranchPolicies...)
		page = next
	}
	return all, nil
}

// CreateBranchPolicy adds a custom policy. GitHub answers a pattern the
// environment already has with a 303 to that policy, which the HTTP client
// follows: the answer is then the existing policy. An environment that does
// not use custom policies answers 404.
func (c *EnvironmentsClient) CreateBranchPolicy(ctx context.Context, owner, repo, env string, p BranchPolicy) (*BranchPolicy, error) {
	out := &BranchPolicy{}
	body := BranchPolicy{Name: p.Name, Type: p.Type}
	err := c.do(ctx, routeCreateBranchPolicy, routeCreateBranchPolicy.path(owner, repo, env), body, out)
	return out, err
}

// DeleteBranchPolicy deletes one custom policy.
func (c *EnvironmentsClient) DeleteBranchPolicy(ctx context.Context, owner, repo, env string, id int64) error {
	return c.do(ctx, routeDeleteBranchPolicy, routeDeleteBranchPolicy.path(owner, repo, env, strconv.FormatInt(id, 10)), nil, nil)
}
