package fake

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

var (
	_ github.EnvironmentsAPI    = (*MockEnvironmentsAPI)(nil)
	_ github.ProtectionRulesAPI = (*MockEnvironmentsAPI)(nil)
)

// MockEnvironmentsAPI is a github.EnvironmentsAPI whose every method calls
// the function field of the same name; a nil field panics when called.
type MockEnvironmentsAPI struct {
	MockGetEnvironment     func(ctx context.Context, owner, repo, name string) (*github.Environment, error)
	MockPutEnvironment     func(ctx context.Context, owner, repo, name string, r *github.EnvironmentRequest) (*github.Environment, error)
	MockDeleteEnvironment  func(ctx context.Context, owner, repo, name string) error
	MockListBranchPolicies func(ctx context.Context, owner, repo, env string) ([]github.BranchPolicy, error)
	MockCreateBranchPolicy func(ctx context.Context, owner, repo, env string, p github.BranchPolicy) (*github.BranchPolicy, error)
	MockDeleteBranchPolicy func(ctx context.Context, owner, repo, env string, id int64) error

	MockListProtectionRules    func(ctx context.Context, owner, repo, env string) ([]github.ProtectionRule, error)
	MockCreateProtectionRule   func(ctx context.Context, owner, repo, env string, integrationID int64) (*github.ProtectionRule, error)
	MockDeleteProtectionRule   func(ctx context.Context, owner, repo, env string, id int64) error
	MockListProtectionRuleApps func(ctx context.Context, owner, repo, env string) ([]github.ProtectionRuleApp, error)
}

// GetEnvironment calls MockGetEnvironment.
func (m *MockEnvironmentsAPI) GetEnvironment(ctx context.Context, owner, repo, name string) (*github.Environment, error) {
	return m.MockGetEnvironment(ctx, owner, repo, name)
}

// PutEnvironment calls MockPutEnvironment.
func (m *MockEnvironmentsAPI) PutEnvironment(ctx context.Context, owner, repo, name string, r *github.EnvironmentRequest) (*github.Environment, error) {
	return m.MockPutEnvironment(ctx, owner, repo, name, r)
}

// DeleteEnvironment calls MockDeleteEnvironment.
func (m *MockEnvironmentsAPI) DeleteEnvironment(ctx context.Context, owner, repo, name string) error {
	return m.MockDeleteEnvironment(ctx, owner, repo, name)
}

// ListBranchPolicies calls MockListBranchPolicies.
func (m *MockEnvironmentsAPI) ListBranchPolicies(ctx context.Context, owner, repo, env string) ([]github.BranchPolicy, error) {
	return m.MockListBranchPolicies(ctx, owner, repo, env)
}

// CreateBranchPolicy calls MockCreateBranchPolicy.
func (m *MockEnvironmentsAPI) CreateBranchPolicy(ctx context.Context, owner, repo, env string, p github.BranchPolicy) (*github.BranchPolicy, error) {
	return m.MockCreateBranchPolicy(ctx, owner, repo, env, p)
}

// DeleteBranchPolicy calls MockDeleteBranchPolicy.
func (m *MockEnvironmentsAPI) DeleteBranchPolicy(ctx context.Context, owner, repo, env string, id int64) error {
	return m.MockDeleteBranchPolicy(ctx, owner, repo, env, id)
}

// ListProtectionRules calls MockListProtectionRules.
func (m *MockEnvironmentsAPI) ListProtectionRules(ctx context.Context, owner, repo, env string) ([]github.ProtectionRule, error) {
	return m.MockListProtectionRules(ctx, owner, repo, env)
}

// CreateProtectionRule calls MockCreateProtectionRule.
func (m *MockEnvironmentsAPI) CreateProtectionRule(ctx context.Context, owner, repo, env string, integrationID int64) (*github.ProtectionRule, error) {
	return m.MockCreateProtectionRule(ctx, owner, repo, env, integrationID)
}

// DeleteProtectionRule calls MockDeleteProtectionRule.
func (m *MockEnvironmentsAPI) DeleteProtectionRule(ctx context.Context, owner, repo, env string, id int64) error {
	return m.MockDeleteProtectionRule(ctx, owner, repo, env, id)
}

// ListProtectionRuleApps calls MockListProtectionRuleApps.
func (m *MockEnvironmentsAPI) ListProtectionRuleApps(ctx context.Context, owner, repo, env string) ([]github.ProtectionRuleApp, error) {
	return m.MockListProtectionRuleApps(ctx, owner, repo, env)
}
