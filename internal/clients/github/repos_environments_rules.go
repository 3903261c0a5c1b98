package github

import (
	"context"
	"net/http"
	"strconv"
)

// An environment's custom deployment protection rules: GitHub Apps that
// approve or reject its deployments
// (https://docs.github.com/rest/deployments/protection-rules). Reading needs
// Actions: read (classic tokens: repo for a private repository); enabling
// and disabling a rule needs Administration: write.
var (
	routeListProtectionRules = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules",
		Permission: "Actions: read", Scope: "repo", Cache: CacheConditional})
	routeCreateProtectionRule = declare(Route{Method: http.MethodPost, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules",
		Permission: "Administration: write", Scope: "repo"})
	routeDeleteProtectionRule = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules/{protection_rule_id}",
		Permission: "Administration: write", Scope: "repo"})
	routeListProtectionRuleApps = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/environments/{environment_name}/deployment_protection_rules/apps",
		Permission: "Actions: read", Scope: "repo", Cache: CacheConditional})
)

// ProtectionRuleApp is a GitHub App that provides custom deployment
// protection rules.
type ProtectionRuleApp struct {
	ID             int64  `json:"id"`
	Slug           string `json:"slug"`
	IntegrationURL string `json:"integration_url"`
	NodeID         string `json:"node_id"`
}

// ProtectionRule is a custom deployment protection rule of an environment:
// the app that decides, and whether it is enabled.
type ProtectionRule struct {
	ID      int64             `json:"id"`
	NodeID  string            `json:"node_id"`
	Enabled bool              `json:"enabled"`
	App     ProtectionRuleApp `json:"app"`
}

// ProtectionRulesAPI reads and changes an environment's custom deployment
// protection rules, and lists the apps it may use.
type ProtectionRulesAPI interface {
	ListProtectionRules(ctx context.Context, owner, repo, env string) ([]ProtectionRule, error)
	CreateProtectionRule(ctx context.Context, owner, repo, env string, integrationID int64) (*ProtectionRule, error)
	DeleteProtectionRule(ctx context.Context, owner, repo, env string, id int64) error
	ListProtectionRuleApps(ctx context.Context, owner, repo, env string) ([]ProtectionRuleApp, error)
}

var _ ProtectionRulesAPI = (*EnvironmentsClient)(nil)

// protectionRulesAnswer is GitHub's list of an environment's rules, which
// it answers whole (the operation has no pages).
type protectionRulesAnswer struct {
	TotalCount int              `json:"total_count"`
	Rules      []ProtectionRule `json:"custom_deployment_protection_rules"`
}

// ListProtectionRules lists the environment's custom deployment protection
// rules.
func (c *EnvironmentsClient) ListProtectionRules(ctx context.Context, owner, repo, env string) ([]ProtectionRule, error) {
	var out protectionRulesAnswer
	err := c.do(ctx, routeListProtectionRules, routeListProtectionRules.path(owner, repo, env), nil, &out)
	return out.Rules, err
}

// CreateProtectionRule enables the app of integrationID as a protection
// rule of the environment. GitHub answers 422 for an app it cannot use
// there (not installed, or without deployment protection rules).
func (c *EnvironmentsClient) CreateProtectionRule(ctx context.Context, owner, repo, env string, integrationID int64) (*ProtectionRule, error) {
	out := &ProtectionRule{}
	body := struct {
		IntegrationID int64 `json:"integration_id"`
	}{integrationID}
	err := c.do(ctx, routeCreateProtectionRule, routeCreateProtectionRule.path(owner, repo, env), body, out)
	return out, err
}

// DeleteProtectionRule disables (removes) one protection rule.
func (c *EnvironmentsClient) DeleteProtectionRule(ctx context.Context, owner, repo, env string, id int64) error {
	return c.do(ctx, routeDeleteProtectionRule, routeDeleteProtectionRule.path(owner, repo, env, strconv.FormatInt(id, 10)), nil, nil)
}

// protectionRuleAppsPage is a page of the apps an environment may use.
type protectionRuleAppsPage struct {
	TotalCount int                 `json:"total_count"`
	Apps       []ProtectionRuleApp `json:"available_custom_deployment_protection_rule_integrations"`
}

// ListProtectionRuleApps lists, every page of it, the apps installed on
// the repository that the environment may use as protection rules.
func (c *EnvironmentsClient) ListProtectionRuleApps(ctx context.Context, owner, repo, env string) ([]ProtectionRuleApp, error) {
	var all []ProtectionRuleApp
	path := routeListProtectionRuleApps.path(owner, repo, env)
	for page := 1; page != 0; {
		var p protectionRuleAppsPage
		next, err := c.page(ctx, routeListProtectionRuleApps, path, page, 100, &p)
		if err != nil {
			return nil, err
		}
		all = append(all, p.Apps...)
		page = next
	}
	return all, nil
}
