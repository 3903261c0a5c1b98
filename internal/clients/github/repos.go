package github

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/google/go-github/v37/github"
)

// The repository wire types below are ours, not go-github v37's: v37 lacks
// many fields GitHub has today (discussions, auto-merge, commit message
// defaults, security and analysis, ...). They travel through v37's own
// NewRequest and Do, so the HTTP client, error model and rate-limit
// bookkeeping stay go-github's.

// Repository is GitHub's full repository object, as far as the provider reads it.
type Repository struct {
	ID             int64   `json:"id"`
	NodeID         string  `json:"node_id"`
	Name           string  `json:"name"`
	FullName       string  `json:"full_name"`
	Owner          Account `json:"owner"`
	Description    *string `json:"description"`
	Homepage       *string `json:"homepage"`
	Private        bool    `json:"private"`
	Visibility     string  `json:"visibility"`
	Fork           bool    `json:"fork"`
	HTMLURL        string  `json:"html_url"`
	CloneURL       string  `json:"clone_url"`
	SSHURL         string  `json:"ssh_url"`
	DefaultBranch  string  `json:"default_branch"`
	HasIssues      bool    `json:"has_issues"`
	HasProjects    bool    `json:"has_projects"`
	HasWiki        bool    `json:"has_wiki"`
	HasDiscussions bool    `json:"has_discussions"`
	// HasPages is whether the repository has a Pages site.
	HasPages                 bool                 `json:"has_pages"`
	IsTemplate               bool                 `json:"is_template"`
	Archived                 bool                 `json:"archived"`
	Disabled                 bool                 `json:"disabled"`
	AllowSquashMerge         *bool                `json:"allow_squash_merge,omitempty"`
	AllowMergeCommit         *bool                `json:"allow_merge_commit,omitempty"`
	AllowRebaseMerge         *bool                `json:"allow_rebase_merge,omitempty"`
	AllowAutoMerge           *bool                `json:"allow_auto_merge,omitempty"`
	AllowUpdateBranch        *bool                `json:"allow_update_branch,omitempty"`
	DeleteBranchOnMerge      *bool                `json:"delete_branch_on_merge,omitempty"`
	SquashMergeCommitTitle   *string              `json:"squash_merge_commit_title,omitempty"`
	SquashMergeCommitMessage *string              `json:"squash_merge_commit_message,omitempty"`
	MergeCommitTitle         *string              `json:"merge_commit_title,omitempty"`
	MergeCommitMessage       *string              `json:"merge_commit_message,omitempty"`
	AllowForking             *bool                `json:"allow_forking,omitempty"`
	WebCommitSignoffRequired *bool                `json:"web_commit_signoff_required,omitempty"`
	Topics                   []string             `json:"topics,omitempty"`
	SecurityAndAnalysis      *SecurityAndAnalysis `json:"security_and_analysis,omitempty"`
	Parent                   *RepositoryRef       `json:"parent,omitempty"`
	Source                   *RepositoryRef       `json:"source,omitempty"`
	TemplateRepository       *RepositoryRef       `json:"template_repository,omitempty"`
	CreatedAt                *time.Time           `json:"created_at,omitempty"`
	PushedAt                 *time.Time           `json:"pushed_at,omitempty"`
	UpdatedAt                *time.Time           `json:"updated_at,omitempty"`
	// CustomProperties are the values of the organization's custom
	// properties, by name; GitHub sends them with the repository, so
	// reading them costs no request of its own.
	CustomProperties map[string]PropertyValue `json:"custom_properties,omitempty"`
}

// RepositoryRef is the part of a related repository (parent, source,
// template) the provider reads.
type RepositoryRef struct {
	ID       int64  `json:"id"`
	FullName string `json:"full_name"`
}

// SecurityAndAnalysis is GitHub's security_and_analysis object; each feature
// is present only where GitHub offers it to the caller.
type SecurityAndAnalysis struct {
	AdvancedSecurity             *FeatureStatus `json:"advanced_security,omitempty"`
	SecretScanning               *FeatureStatus `json:"secret_scanning,omitempty"`
	SecretScanningPushProtection *FeatureStatus `json:"secret_scanning_push_protection,omitempty"`
	DependabotSecurityUpdates    *FeatureStatus `json:"dependabot_security_updates,omitempty"`
	// SecretScanningDelegatedBypass and its options: an organization's
	// repositories'. The options GitHub takes only while it is enabled.
	SecretScanningDelegatedBypass        *FeatureStatus          `json:"secret_scanning_delegated_bypass,omitempty"`
	SecretScanningDelegatedBypassOptions *DelegatedBypassOptions `json:"secret_scanning_delegated_bypass_options,omitempty"`
}

// DelegatedBypassOptions are the options of delegated bypass: its
// reviewers, the whole list (a request without it keeps them).
type DelegatedBypassOptions struct {
	Reviewers []BypassReviewer `json:"reviewers"`
}

// BypassReviewer is a reviewer of bypass requests: a TEAM or ROLE by id,
// with its mode (ALWAYS or EXEMPT).
type BypassReviewer struct {
	ReviewerID   int64  `json:"reviewer_id"`
	ReviewerType string `json:"reviewer_type"`
	Mode         string `json:"mode,omitempty"`
}

// FeatureStatus is {"status": "enabled"|"disabled"}.
type FeatureStatus struct {
	Status string `json:"status"`
}

// RepositoryRequest is the body of a repository create or update. Only set
// fields are sent.
type RepositoryRequest struct {
	Name                     *string              `json:"name,omitempty"`
	Description              *string              `json:"description,omitempty"`
	Homepage                 *string              `json:"homepage,omitempty"`
	Private                  *bool                `json:"private,omitempty"`
	Visibility               *string              `json:"visibility,omitempty"`
	HasIssues                *bool                `json:"has_issues,omitempty"`
	HasProjects              *bool                `json:"has_projects,omitempty"`
	HasWiki                  *bool                `json:"has_wiki,omitempty"`
	HasDiscussions           *bool                `json:"has_discussions,omitempty"`
	IsTemplate               *bool                `json:"is_template,omitempty"`
	TeamID                   *int64               `json:"team_id,omitempty"`
	AutoInit                 *bool                `json:"auto_init,omitempty"`
	GitignoreTemplate        *string              `json:"gitignore_template,omitempty"`
	LicenseTemplate          *string              `json:"license_template,omitempty"`
	DefaultBranch            *string              `json:"default_branch,omitempty"`
	AllowSquashMerge         *bool                `json:"allow_squash_merge,omitempty"`
	AllowMergeCommit         *bool                `json:"allow_merge_commit,omitempty"`
	AllowRebaseMerge         *bool                `json:"allow_rebase_merge,omitempty"`
	AllowAutoMerge           *bool                `json:"allow_auto_merge,omitempty"`
	AllowUpdateBranch        *bool                `json:"allow_update_branch,omitempty"`
	DeleteBranchOnMerge      *bool                `json:"delete_branch_on_merge,omitempty"`
	SquashMergeCommitTitle   *string              `json:"squash_merge_commit_title,omitempty"`
	SquashMergeCommitMessage *string              `json:"squash_merge_commit_message,omitempty"`
	MergeCommitTitle         *string              `json:"merge_commit_title,omitempty"`
	MergeCommitMessage       *string              `json:"merge_commit_message,omitempty"`
	AllowForking             *bool                `json:"allow_forking,omitempty"`
	WebCommitSignoffRequired *bool                `json:"web_commit_signoff_required,omitempty"`
	Archived                 *bool                `json:"archived,omitempty"`
	SecurityAndAnalysis      *SecurityAndAnalysis `json:"security_and_analysis,omitempty"`
	// CustomProperties are the new repository's values of the
	// organization's custom properties: only an organization's create
	// takes them.
	CustomProperties map[string]*PropertyValue `json:"custom_properties,omitempty"`
}

// TemplateRequest is the body of POST /repos/{owner}/{repo}/generate.
type TemplateRequest struct {
	Owner              string  `json:"owner,omitempty"`
	Name               string  `json:"name"`
	Description        *string `json:"description,omitempty"`
	IncludeAllBranches *bool   `json:"include_all_branches,omitempty"`
	Private            *bool   `json:"private,omitempty"`
}

// ForkRequest is the body of POST /repos/{owner}/{repo}/forks.
type ForkRequest struct {
	Organization      string `json:"organization,omitempty"`
	Name              string `json:"name,omitempty"`
	DefaultBranchOnly *bool  `json:"default_branch_only,omitempty"`
}

// The repository object: read, create (blank, from a template, as a
// fork), edit and delete. A 403 on a write names Administration: write,
// which every one of them needs; reads need Metadata: read only.
var (
	routeGetRepository = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional, FullRead: true})
	routeCreateUserRepository = declare(Route{Method: http.MethodPost, Template: "/user/repos",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	routeCreateOrgRepository = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/repos",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	routeGenerateRepository = declare(Route{Method: http.MethodPost, Template: "/repos/{template_owner}/{template_repo}/generate",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	routeForkRepository = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/forks",
		Permission: "Administration: write", Scope: "repo"})
	routeEditRepository = declare(Route{Method: http.MethodPatch, Template: "/repos/{owner}/{repo}",
		Permission: "Administration: write", Scope: "repo", Returns: "/repos/{owner}/{repo}"})
	routeDeleteRepository = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}",
		Permission: "Administration: write", Scope: "delete_repo"})
)

// ReposAPI reads and writes the repository object itself.
type ReposAPI interface {
	Get(ctx context.Context, owner, name string) (*Repository, error)
	GetByID(ctx context.Context, id int64) (*Repository, error)
	Create(ctx context.Context, org string, req *RepositoryRequest) (*Repository, error)
	Generate(ctx context.Context, templateOwner, templateRepo string, req *TemplateRequest) (*Repository, error)
	Fork(ctx context.Context, owner, repo string, req *ForkRequest) (*Repository, error)
	Edit(ctx context.Context, owner, name string, req *RepositoryRequest) (*Repository, error)
	Delete(ctx context.Context, owner, name string) error
}

// ReposClient implements ReposAPI with a go-github client.
type ReposClient struct{ requester }

var _ ReposAPI = (*ReposClient)(nil)

// NewReposClient returns the repository object API of gh.
func NewReposClient(gh *github.Client) *ReposClient { return &ReposClient{requester{gh: gh}} }

// Get reads owner/name. GitHub answers a renamed repository's old name with
// a redirect to the repository by id, which the HTTP client follows.
func (r *ReposClient) Get(ctx context.Context, owner, name string) (*Repository, error) {
	return r.getRepository(ctx, routeGetRepository.path(owner, name))
}

// GetByID reads a repository by its numeric id, whatever its name now is.
// GitHub serves it at /repositories/{id}, which its description does not
// list; the route is routeGetRepository's (see transport's route.go).
func (r *ReposClient) GetByID(ctx context.Context, id int64) (*Repository, error) {
	return r.getRepository(ctx, "repositories/"+strconv.FormatInt(id, 10))
}

// getRepository reads a repository. An answer without a body is an error,
// not an empty repository (go-github's Do takes one for success): an empty
// repository's name would not be the one asked for, which reads as a
// repository renamed away, the name free to create again.
func (r *ReposClient) getRepository(ctx context.Context, path string) (*Repository, error) {
	// Like the other methods, never nil, also with an error.
	out := &Repository{}
	req, err := r.newRequest(routeGetRepository.Method, path, nil)
	if err != nil {
		return out, err
	}
	resp, err := r.gh.BareDo(ctx, req)
	if err != nil {
		return out, Explain(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return out, errors.Wrap(err, "cannot decode GitHub's answer")
	}
	return out, nil
}

// Create creates a repository in org, or for the authenticated user when org
// is empty.
func (r *ReposClient) Create(ctx context.Context, org string, req *RepositoryRequest) (*Repository, error) {
	route, path := routeCreateUserRepository, routeCreateUserRepository.path()
	if org != "" {
		route, path = routeCreateOrgRepository, routeCreateOrgRepository.path(org)
	}
	out := &Repository{}
	err := r.do(ctx, route, path, req, out)
	return out, err
}

// Generate creates a repository from a template repository.
func (r *ReposClient) Generate(ctx context.Context, templateOwner, templateRepo string, req *TemplateRequest) (*Repository, error) {
	out := &Repository{}
	err := r.do(ctx, routeGenerateRepository, routeGenerateRepository.path(templateOwner, templateRepo), req, out)
	return out, err
}

// Fork forks owner/repo. GitHub answers 202 Accepted and finishes the fork
// in the background; the answer already carries the new repository.
func (r *ReposClient) Fork(ctx context.Context, owner, repo string, req *ForkRequest) (*Repository, error) {
	out := &Repository{}
	err := r.do(ctx, routeForkRepository, routeForkRepository.path(owner, repo), req, out)
	var accepted *github.AcceptedError
	if errors.As(err, &accepted) {
		// go-github leaves a 202 body in the error instead of decoding it.
		if len(accepted.Raw) > 0 {
			if jerr := json.Unmarshal(accepted.Raw, out); jerr != nil {
				return out, errors.Wrap(jerr, "cannot decode GitHub's answer to the fork request")
			}
		}
		return out, nil
	}
	return out, err
}

// Edit changes a repository's settings (and its name, when req.Name is set).
func (r *ReposClient) Edit(ctx context.Context, owner, name string, req *RepositoryRequest) (*Repository, error) {
	out := &Repository{}
	err := r.do(ctx, routeEditRepository, routeEditRepository.path(owner, name), req, out)
	return out, err
}

// Delete deletes a repository.
func (r *ReposClient) Delete(ctx context.Context, owner, name string) error {
	err := r.do(ctx, routeDeleteRepository, routeDeleteRepository.path(owner, name), nil, nil)
	return err
}
