package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.OrganizationRulesetsAPI = (*MockOrganizationRulesetsAPI)(nil)

// MockOrganizationRulesetsAPI is a github.OrganizationRulesetsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockOrganizationRulesetsAPI struct {
	MockListOrganizationRulesets  func(ctx context.Context, org string) ([]github.OrganizationRuleset, error)
	MockGetOrganizationRuleset    func(ctx context.Context, org string, id int64) (*github.OrganizationRuleset, error)
	MockCreateOrganizationRuleset func(ctx context.Context, org string, r *github.OrganizationRulesetRequest) (*github.OrganizationRuleset, error)
	MockUpdateOrganizationRuleset func(ctx context.Context, org string, id int64, r *github.OrganizationRulesetRequest) (*github.OrganizationRuleset, error)
	MockDeleteOrganizationRuleset func(ctx context.Context, org string, id int64) error
}

// ListOrganizationRulesets calls MockListOrganizationRulesets.
func (m *MockOrganizationRulesetsAPI) ListOrganizationRulesets(ctx context.Context, org string) ([]github.OrganizationRuleset, error) {
	return m.MockListOrganizationRulesets(ctx, org)
}

// GetOrganizationRuleset calls MockGetOrganizationRuleset.
func (m *MockOrganizationRulesetsAPI) GetOrganizationRuleset(ctx context.Context, org string, id int64) (*github.OrganizationRuleset, error) {
	return m.MockGetOrganizationRuleset(ctx, org, id)
}

// CreateOrganizationRuleset calls MockCreateOrganizationRuleset.
func (m *MockOrganizationRulesetsAPI) CreateOrganizationRuleset(ctx context.Context, org string, r *github.OrganizationRulesetRequest) (*github.OrganizationRuleset, error) {
	return m.MockCreateOrganizationRuleset(ctx, org, r)
}

// UpdateOrganizationRuleset calls MockUpdateOrganizationRuleset.
func (m *MockOrganizationRulesetsAPI) UpdateOrganizationRuleset(ctx context.Context, org string, id int64, r *github.OrganizationRulesetRequest) (*github.OrganizationRuleset, error) {
	return m.MockUpdateOrganizationRuleset(ctx, org, id, r)
}

// DeleteOrganizationRuleset calls MockDeleteOrganizationRuleset.
func (m *MockOrganizationRulesetsAPI) DeleteOrganizationRuleset(ctx context.Context, org string, id int64) error {
	return m.MockDeleteOrganizationRuleset(ctx, org, id)
}
