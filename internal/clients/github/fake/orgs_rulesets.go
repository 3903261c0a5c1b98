package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrgRulesetsAPI = (*MockOrgRulesetsAPI)(nil)

// MockOrgRulesetsAPI is a github.OrgRulesetsAPI whose every method calls
// the function field of the same name; a nil field panics when called.
type MockOrgRulesetsAPI struct {
	MockListOrgRulesets  func(ctx context.Context, org string) ([]github.Ruleset, error)
	MockGetOrgRuleset    func(ctx context.Context, org string, id int64) (*github.Ruleset, error)
	MockCreateOrgRuleset func(ctx context.Context, org string, r *github.RulesetRequest) (*github.Ruleset, error)
	MockUpdateOrgRuleset func(ctx context.Context, org string, id int64, r *github.RulesetRequest) (*github.Ruleset, error)
	MockDeleteOrgRuleset func(ctx context.Context, org string, id int64) error
}

// ListOrgRulesets calls MockListOrgRulesets.
func (m *MockOrgRulesetsAPI) ListOrgRulesets(ctx context.Context, org string) ([]github.Ruleset, error) {
	return m.MockListOrgRulesets(ctx, org)
}

// GetOrgRuleset calls MockGetOrgRuleset.
func (m *MockOrgRulesetsAPI) GetOrgRuleset(ctx context.Context, org string, id int64) (*github.Ruleset, error) {
	return m.MockGetOrgRuleset(ctx, org, id)
}

// CreateOrgRuleset calls MockCreateOrgRuleset.
func (m *MockOrgRulesetsAPI) CreateOrgRuleset(ctx context.Context, org string, r *github.RulesetRequest) (*github.Ruleset, error) {
	return m.MockCreateOrgRuleset(ctx, org, r)
}

// UpdateOrgRuleset calls MockUpdateOrgRuleset.
func (m *MockOrgRulesetsAPI) UpdateOrgRuleset(ctx context.Context, org string, id int64, r *github.RulesetRequest) (*github.Ruleset, error) {
	return m.MockUpdateOrgRuleset(ctx, org, id, r)
}

// DeleteOrgRuleset calls MockDeleteOrgRuleset.
func (m *MockOrgRulesetsAPI) DeleteOrgRuleset(ctx context.Context, org string, id int64) error {
	return m.MockDeleteOrgRuleset(ctx, org, id)
}
