package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var _ github.RulesetsAPI = (*MockRulesetsAPI)(nil)

// MockRulesetsAPI is a github.RulesetsAPI whose every method calls the
// function field of the same name; a nil field panics when called.
type MockRulesetsAPI struct {
	MockListRulesets  func(ctx context.Context, owner, repo string) ([]github.Ruleset, error)
	MockGetRuleset    func(ctx context.Context, owner, repo string, id int64) (*github.Ruleset, error)
	MockCreateRuleset func(ctx context.Context, owner, repo string, r *github.RulesetRequest) (*github.Ruleset, error)
	MockUpdateRuleset func(ctx context.Context, owner, repo string, id int64, r *github.RulesetRequest) (*github.Ruleset, error)
	MockDeleteRuleset func(ctx context.Context, owner, repo string, id int64) error
}

// ListRulesets calls MockListRulesets.
func (m *MockRulesetsAPI) ListRulesets(ctx context.Context, owner, repo string) ([]github.Ruleset, error) {
	return m.MockListRulesets(ctx, owner, repo)
}

// GetRuleset calls MockGetRuleset.
func (m *MockRulesetsAPI) GetRuleset(ctx context.Context, owner, repo string, id int64) (*github.Ruleset, error) {
	return m.MockGetRuleset(ctx, owner, repo, id)
}

// CreateRuleset calls MockCreateRuleset.
func (m *MockRulesetsAPI) CreateRuleset(ctx context.Context, owner, repo string, r *github.RulesetRequest) (*github.Ruleset, error) {
	return m.MockCreateRuleset(ctx, owner, repo, r)
}

// UpdateRuleset calls MockUpdateRuleset.
func (m *MockRulesetsAPI) UpdateRuleset(ctx context.Context, owner, repo string, id int64, r *github.RulesetRequest) (*github.Ruleset, error) {
	return m.MockUpdateRuleset(ctx, owner, repo, id, r)
}

// DeleteRuleset calls MockDeleteRuleset.
func (m *MockRulesetsAPI) DeleteRuleset(ctx context.Context, owner, repo string, id int64) error {
	return m.MockDeleteRuleset(ctx, owner, repo, id)
}
