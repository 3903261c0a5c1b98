package github

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
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
	ID                       int64                `json:"id"`
	NodeID                   string               `json:"node_id"`
	Name                     string               `json:"name"`
	FullName                 string               `json:"full_name"`
	Owner                    Account              `json:"owner"`
	Description              *string              `json:"description"`
	Homepage                 *string              `json:"homepage"`
	Private                  bool                 `json:"private"`
	Visibility               string               `json:"visibility"`
	Fork                     bool                 `json:"fork"`
	HTMLURL                  string               `json:"html_url"`
	CloneURL                 string               `json:"clone_url"`
	SSHURL                   string               `json:"ssh_url"`
	DefaultBranch            string               `json:"default_branch"`
	HasIssues                bool                 `json:"has_issues"`
	HasProjects              bool                 `json:"has_projects"`
	HasWiki                  bool                 `json:"has_wiki"`
	HasDiscussions           bool                 `json:"has_discussions"`
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
}

// Account is a user or organization as GitHub embeds it in other objects.
type Account struct {
	Login string `json:"login"`
	ID    int64  `json:"id"`
	Type  string `json:"type"`
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

// Topics is the body of the topics endpoints.
type Topics struct {
	Names []string `json:"names"`
}

// RepositoriesAPI is what the repository controller needs from GitHub.
type RepositoriesAPI interface {
	Get(ctx context.Context, owner, name string) (*Repository, error)
	GetByID(ctx context.Context, id int64) (*Repository, error)
	GetAccount(ctx context.Context, login string) (*Account, error)
	GetAuthenticatedLogin(ctx context.Context) (string, error)
	Create(ctx context.Context, org string, req *RepositoryRequest) (*Repository, error)
	Generate(ctx context.Context, templateOwner, templateRepo string, req *TemplateRequest) (*Repository, error)
	Fork(ctx context.Context, owner, repo string, req *ForkRequest) (*Repository, error)
	Edit(ctx context.Context, owner, name string, req *RepositoryRequest) (*Repository, error)
	Delete(ctx context.Context, owner, name string) error
	ReplaceTopics(ctx context.Context, owner, name string, topics []string) error
	VulnerabilityAlerts(ctx context.Context, owner, name string) (bool, error)
	SetVulnerabilityAlerts(ctx context.Context, owner, name string, enabled bool) error
}

// Repositories implements RepositoriesAPI with a go-github client.
type Repositories struct {
	gh *github.Client
}

// NewRepositories returns the repository API of gh.
func NewRepositories(gh *github.Client) *Repositories { return &Repositories{gh: gh} }

var _ RepositoriesAPI = (*Repositories)(nil)

// mediaTypeRepo asks for every repository field GitHub has.
const mediaTypeRepo = "application/vnd.github+json"

func (r *Repositories) do(ctx context.Context, method, path string, body, out any) (*github.Response, error) {
	req, err := r.newRequest(method, path, body)
	if err != nil {
		return nil, err
	}
	resp, err := r.gh.Do(ctx, req, out)
	return resp, Explain(err)
}

// newRequest is go-github's request for path, asking for the repository
// media type.
func (r *Repositories) newRequest(method, path string, body any) (*http.Request, error) {
	req, err := r.gh.NewRequest(method, path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", mediaTypeRepo)
	return req, nil
}

func repoPath(owner, name string) string {
	return fmt.Sprintf("repos/%s/%s", url.PathEscape(owner), url.PathEscape(name))
}

// Get reads owner/name. GitHub answers a renamed repository's old name with
// a redirect to the repository by id, which the HTTP client follows.
func (r *Repositories) Get(ctx context.Context, owner, name string) (*Repository, error) {
	return r.getRepository(ctx, repoPath(owner, name))
}

// GetByID reads a repository by its numeric id, whatever its name now is.
func (r *Repositories) GetByID(ctx context.Context, id int64) (*Repository, error) {
	return r.getRepository(ctx, fmt.Sprintf("repositories/%d", id))
}

// getRepository reads a repository. An answer GitHub says is unchanged is
// the one decoded last time (see decoded.go), copied.
func (r *Repositories) getRepository(ctx context.Context, path string) (*Repository, error) {
	// Like the other methods, never nil, also with an error.
	out := &Repository{}
	req, err := r.newRequest(http.MethodGet, path, nil)
	if err != nil {
		return out, err
	}
	slot := &decodedSlot{typ: reflect.TypeFor[*Repository]()}
	resp, err := r.gh.BareDo(withDecodedSlot(ctx, slot), req)
	if err != nil {
		return out, Explain(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if v, ok := slot.value.(*Repository); ok {
		return v.clone(), nil
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return out, errors.Wrap(err, "cannot decode GitHub's answer")
	}
	slot.Keep(out.clone())
	return out, nil
}

// GetAccount reads a user or organization by login.
func (r *Repositories) GetAccount(ctx context.Context, login string) (*Account, error) {
	out := &Account{}
	_, err := r.do(ctx, http.MethodGet, "users/"+url.PathEscape(login), nil, out)
	return out, err
}

// GetAuthenticatedLogin returns the login of the authenticated user.
func (r *Repositories) GetAuthenticatedLogin(ctx context.Context) (string, error) {
	out := &Account{}
	_, err := r.do(ctx, http.MethodGet, "user", nil, out)
	return out.Login, err
}

// Create creates a repository in org, or for the authenticated user when org
// is empty.
func (r *Repositories) Create(ctx context.Context, org string, req *RepositoryRequest) (*Repository, error) {
	path := "user/repos"
	if org != "" {
		path = "orgs/" + url.PathEscape(org) + "/repos"
	}
	out := &Repository{}
	_, err := r.do(ctx, http.MethodPost, path, req, out)
	return out, err
}

// Generate creates a repository from a template repository.
func (r *Repositories) Generate(ctx context.Context, templateOwner, templateRepo string, req *TemplateRequest) (*Repository, error) {
	out := &Repository{}
	_, err := r.do(ctx, http.MethodPost, repoPath(templateOwner, templateRepo)+"/generate", req, out)
	return out, err
}

// Fork forks owner/repo. GitHub answers 202 Accepted and finishes the fork
// in the background; the answer already carries the new repository.
func (r *Repositories) Fork(ctx context.Context, owner, repo string, req *ForkRequest) (*Repository, error) {
	out := &Repository{}
	_, err := r.do(ctx, http.MethodPost, repoPath(owner, repo)+"/forks", req, out)
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
func (r *Repositories) Edit(ctx context.Context, owner, name string, req *RepositoryRequest) (*Repository, error) {
	out := &Repository{}
	_, err := r.do(ctx, http.MethodPatch, repoPath(owner, name), req, out)
	return out, err
}

// Delete deletes a repository.
func (r *Repositories) Delete(ctx context.Context, owner, name string) error {
	_, err := r.do(ctx, http.MethodDelete, repoPath(owner, name), nil, nil)
	return err
}

// ReplaceTopics sets the repository's topics to exactly topics.
func (r *Repositories) ReplaceTopics(ctx context.Context, owner, name string, topics []string) error {
	if topics == nil {
		topics = []string{}
	}
	_, err := r.do(ctx, http.MethodPut, repoPath(owner, name)+"/topics", &Topics{Names: topics}, &Topics{})
	return err
}

// VulnerabilityAlerts tells whether Dependabot alerts are enabled: GitHub
// answers 204 when they are and 404 when they are not.
func (r *Repositories) VulnerabilityAlerts(ctx context.Context, owner, name string) (bool, error) {
	_, err := r.do(ctx, http.MethodGet, repoPath(owner, name)+"/vulnerability-alerts", nil, nil)
	if IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// SetVulnerabilityAlerts enables or disables Dependabot alerts.
func (r *Repositories) SetVulnerabilityAlerts(ctx context.Context, owner, name string, enabled bool) error {
	method := http.MethodDelete
	if enabled {
		method = http.MethodPut
	}
	_, err := r.do(ctx, method, repoPath(owner, name)+"/vulnerability-alerts", nil, nil)
	return err
}
