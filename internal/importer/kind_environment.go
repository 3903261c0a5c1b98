package importer

import (
	"context"
	"fmt"

	"github.com/crossplane-github/provider-github/internal/clients/environment"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// environmentKind imports a repository's deployment environments (a page
// of 100 a request, protection rules included), with the custom branch
// and tag policies of each environment that uses them (a request each),
// and the custom deployment protection rules of each (a request each),
// named by app slug; an environment without rules leaves them undeclared.
// A reviewer team is named by its Team resource when Teams are imported.
var environmentKind = Kind{Name: "Environment", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		api := gh.NewEnvironmentsClient(s.GitHub)
		envs, err := environmentsOf(ctx, s, repo)
		if err != nil {
			return nil, fmt.Errorf("cannot list the environments: %w", err)
		}
		rs := make([]Resource, 0, len(envs))
		for i := range envs {
			e := &envs[i]
			var policies []gh.BranchPolicy
			if environment.UsesCustomPolicies(e) {
				if policies, err = api.ListBranchPolicies(ctx, repo.Owner, repo.Name, e.Name); err != nil {
					return nil, fmt.Errorf("cannot list the deployment branch policies of environment %q: %w", e.Name, err)
				}
			}
			rules, err := api.ListProtectionRules(ctx, repo.Owner, repo.Name, e.Name)
			if err != nil && !gh.IsNotFound(err) {
				return nil, fmt.Errorf("cannot list the custom deployment protection rules of environment %q: %w", e.Name, err)
			}
			p := environment.Imported(e, policies)
			p.CustomProtectionRules = environment.ImportedRules(rules)
			p.RepositoryTarget = s.RepositoryTarget(repo)
			for j := range p.Reviewers {
				r := &p.Reviewers[j]
				if r.TeamSlug == nil {
					continue
				}
				if ref := s.TeamReference(*r.TeamSlug); ref != nil {
					r.TeamSlug, r.TeamRef = nil, ref
				}
			}
			r := Resource{Kind: "Environment", Group: "repo", Repository: repo.Name, Key: e.Name, ExternalName: e.Name, ForProvider: p}
			if environment.CustomWithoutPatterns(e, policies) {
				r.Notes = append(r.Notes, "On GitHub no branch may deploy: the environment is limited to custom branch and tag patterns, and has none.",
					"A spec cannot say so (customBranchPolicies needs a pattern), so deploymentBranchPolicy is left out, which lets every branch deploy:",
					"managed, the provider would open the environment to every branch. Declare the patterns (or protectedBranches) before managing it.")
			}
			rs = append(rs, r)
		}
		return rs, nil
	}}

// environmentsOf are repo's environments, listed once for the kinds that
// need them (Environment, ActionsVariable, ActionsSecret).
func environmentsOf(ctx context.Context, s *Session, repo *Repo) ([]gh.Environment, error) {
	return readOnce(ctx, repo, "environments", func(ctx context.Context) ([]gh.Environment, error) {
		return gh.NewEnvironmentsClient(s.GitHub).ListEnvironments(ctx, repo.Owner, repo.Name)
	})
}
