package importer

import (
	"context"
	"fmt"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// actionsSecretKind imports the names of a repository's Actions secrets
// and those of each of its environments (a page of 100 a request; one list
// of the environments); their values, which GitHub never reveals, come
// from Kubernetes Secrets the user creates. An environment's secret is
// keyed <environment>/<NAME>, so that names stay unique across the
// environments and the repository.
var actionsSecretKind = Kind{Name: "ActionsSecret", Group: "repo", Level: PerRepository, SecretValues: true,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		envs, err := environmentsOf(ctx, s, repo)
		if err != nil {
			return nil, fmt.Errorf("cannot list the environments: %w", err)
		}
		api := gh.NewSecretsClient(s.GitHub)
		var rs []Resource
		for _, env := range append([]string{""}, environmentNames(envs)...) {
			secrets, err := api.ListSecrets(ctx, repo.Owner, repo.Name, gh.SecretStore{Environment: env})
			if err != nil {
				return nil, fmt.Errorf("cannot list the secrets%s: %w", ofEnvironment(env), err)
			}
			for i := range secrets {
				got := &secrets[i]
				what := fmt.Sprintf("the value of the Actions secret %s%s of %s", got.Name, ofEnvironment(env), repo.FullName())
				r, sp := importedSecret(s, repo, "ActionsSecret", inEnvironment(env, got.Name), got, what)
				p := common.ActionsSecretParameters{RepositoryTarget: s.RepositoryTarget(repo), SecretValueParameters: sp}
				if env != "" {
					p.EnvironmentTarget = s.EnvironmentTarget(repo, env)
				}
				r.ForProvider = p
				rs = append(rs, r)
			}
		}
		return rs, nil
	}}
