package github

import (
	"context"
	"errors"
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
	routeCodeSecurityDefaults = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/code-security/configurations/defaults",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeSetCodeSecurityDefault = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/code-security/configurations/{configuration_id}/defaults",
		Permission: "Administration: write", Scope: "admin:org"})
	routeAttachCodeSecurityConfiguration = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/code-security/configurations/{configuration_id}/attach",
		Permission: "Administration: write", Scope: "admin:org"})
	routeCodeSecurityConfigurationRepositories = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/code-security/configurations/{configuration_id}/repositories",
		Permission: "Administration: read", Scope: "admin:org", Cache: CacheConditional})
	routeDetachCodeSecurityConfigurations = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/code-security/configurations/detach",
		Permission: "Administration: write", Scope: "admin:org"})
)

// CodeSecurityConfiguration is a configuration as GitHub answers it.
type CodeSecurityConfiguration struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	TargetType string     `json:"target_type"`
	HTMLURL    string     `json:"html_url"`
	CreatedAt  *time.Time `json:"created_at"`
	CodeSecurityFeatures
}

// CodeSecurityFeatures are a configuration's settings, as GitHub answers and
// takes them: each feature enabled, disabled or not_set.
type CodeSecurityFeatures struct {
	Description                            string                           `json:"description"`
	AdvancedSecurity                       string                           `json:"advanced_security,omitempty"`
	DependencyGraph                        string                           `json:"dependency_graph,omitempty"`
	DependencyGraphAutosubmitAction        string                           `json:"dependency_graph_autosubmit_action,omitempty"`
	DependencyGraphAutosubmitActionOptions *AutosubmitActionOptions         `json:"dependency_graph_autosubmit_action_options,omitempty"`
	DependabotAlerts                       string                           `json:"dependabot_alerts,omitempty"`
	DependabotSecurityUpdates              string                           `json:"dependabot_security_updates,omitempty"`
	CodeScanningDefaultSetup               string                           `json:"code_scanning_default_setup,omitempty"`
	CodeScanningDefaultSetupOptions        *CodeScanningDefaultSetupOptions `json:"code_scanning_default_setup_options,omitempty"`
	CodeScanningDelegatedAlertDismissal    string                           `json:"code_scanning_delegated_alert_dismissal,omitempty"`
	SecretScanning                         string                           `json:"secret_scanning,omitempty"`
	SecretScanningPushProtection           string                           `json:"secret_scanning_push_protection,omitempty"`
	SecretScanningDelegatedBypass          string                           `json:"secret_scanning_delegated_bypass,omitempty"`
	SecretScanningDelegatedBypassOptions   *DelegatedBypassOptions          `json:"secret_scanning_delegated_bypass_options,omitempty"`
	SecretScanningValidityChecks           string                           `json:"secret_scanning_validity_checks,omitempty"`
	SecretScanningNonProviderPatterns      string                           `json:"secret_scanning_non_provider_patterns,omitempty"`
	SecretScanningGenericSecrets           string                           `json:"secret_scanning_generic_secrets,omitempty"`
	SecretScanningDelegatedAlertDismissal  string                           `json:"secret_scanning_delegated_alert_dismissal,omitempty"`
	PrivateVulnerabilityReporting          string                           `json:"private_vulnerability_reporting,omitempty"`
	Enforcement                            string                           `json:"enforcement,omitempty"`
}

// AutosubmitActionOptions are automatic dependency submission's options.
type AutosubmitActionOptions struct {
	LabeledRunners *bool `json:"labeled_runners,omitempty"`
}

// CodeScanningDefaultSetupOptions are code scanning default setup's options.
type CodeScanningDefaultSetupOptions struct {
	RunnerType  *string `json:"runner_type"`
	RunnerLabel *string `json:"runner_label"`
}

// The reviewers of push protection bypasses are a repository's
// DelegatedBypassOptions (repos.go).

// CodeSecurityConfigurationRequest is the body of a configuration's create or update.
type CodeSecurityConfigurationRequest struct {
	Name string `json:"name,omitempty"`
	CodeSecurityFeatures
}

// CodeSecurityDefault is a configuration that is a default for new
// repositories, and for which.
type CodeSecurityDefault struct {
	DefaultForNewRepos string                     `json:"default_for_new_repos"`
	Configuration      *CodeSecurityConfiguration `json:"configuration"`
}

// CodeSecurityAttachment is a repository attached to a configuration, with
// the attachment's status.
type CodeSecurityAttachment struct {
	Status     string `json:"status"`
	Repository struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"repository"`
}

// CodeSecurityConfigurationsAPI reads and changes an organization's configurations.
type CodeSecurityConfigurationsAPI interface {
	ListCodeSecurityConfigurations(ctx context.Context, org string) ([]CodeSecurityConfiguration, error)
	GetCodeSecurityConfiguration(ctx context.Context, org string, id int64) (*CodeSecurityConfiguration, error)
	CreateCodeSecurityConfiguration(ctx context.Context, org string, r *CodeSecurityConfigurationRequest) (*CodeSecurityConfiguration, error)
	UpdateCodeSecurityConfiguration(ctx context.Context, org string, id int64, r *CodeSecurityConfigurationRequest) (*CodeSecurityConfiguration, error)
	DeleteCodeSecurityConfiguration(ctx context.Context, org string, id int64) error
	ListCodeSecurityDefaults(ctx context.Context, org string) ([]CodeSecurityDefault, error)
	SetCodeSecurityDefault(ctx context.Context, org string, id int64, forNewRepos string) error
	AttachCodeSecurityConfiguration(ctx context.Context, org string, id int64, scope string, repositoryIDs []int64) error
	ListCodeSecurityAttachments(ctx context.Context, org string, id int64) ([]CodeSecurityAttachment, error)
	DetachCodeSecurityConfigurations(ctx context.Context, org string, repositoryIDs []int64) error
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

// ListCodeSecurityDefaults reads which configurations are defaults for new
// repositories.
func (c *CodeSecurityConfigurationsClient) ListCodeSecurityDefaults(ctx context.Context, org string) ([]CodeSecurityDefault, error) {
	var out []CodeSecurityDefault
	err := c.do(ctx, routeCodeSecurityDefaults, routeCodeSecurityDefaults.path(org), nil, &out)
	return out, err
}

// SetCodeSecurityDefault makes the configuration the default for new
// repositories: all, none, private_and_internal or public.
func (c *CodeSecurityConfigurationsClient) SetCodeSecurityDefault(ctx context.Context, org string, id int64, forNewRepos string) error {
	body := map[string]string{"default_for_new_repos": forNewRepos}
	return c.do(ctx, routeSetCodeSecurityDefault, routeSetCodeSecurityDefault.path(org, strconv.FormatInt(id, 10)), body, nil)
}

// AttachCodeSecurityConfiguration attaches the configuration to the
// repositories of scope (selected: those of repositoryIDs). GitHub answers
// 202 and attaches them afterwards.
func (c *CodeSecurityConfigurationsClient) AttachCodeSecurityConfiguration(ctx context.Context, org string, id int64, scope string, repositoryIDs []int64) error {
	body := map[string]any{"scope": scope}
	if scope == "selected" {
		body["selected_repository_ids"] = repositoryIDs
	}
	err := c.do(ctx, routeAttachCodeSecurityConfiguration, routeAttachCodeSecurityConfiguration.path(org, strconv.FormatInt(id, 10)), body, nil)
	if accepted := (*github.AcceptedError)(nil); errors.As(err, &accepted) {
		return nil // GitHub's 202: it attaches them afterwards
	}
	return err
}

// ListCodeSecurityAttachments reads the repositories attached to the
// configuration, every page.
func (c *CodeSecurityConfigurationsClient) ListCodeSecurityAttachments(ctx context.Context, org string, id int64) ([]CodeSecurityAttachment, error) {
	return listAll[CodeSecurityAttachment](ctx, c.requester, routeCodeSecurityConfigurationRepositories, routeCodeSecurityConfigurationRepositories.path(org, strconv.FormatInt(id, 10)), url.Values{})
}

// DetachCodeSecurityConfigurations detaches the repositories from whatever
// configuration they have.
func (c *CodeSecurityConfigurationsClient) DetachCodeSecurityConfigurations(ctx context.Context, org string, repositoryIDs []int64) error {
	body := map[string]any{"selected_repository_ids": repositoryIDs}
	return c.do(ctx, routeDetachCodeSecurityConfigurations, routeDetachCodeSecurityConfigurations.path(org), body, nil)
}
