package importer

import (
	"context"
	"fmt"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// dependabotSecretKind imports the names of a repository's Dependabot
// secrets (a page of 100 a request); their values, which GitHub never
// reveals, come from Kubernetes Secrets the user creates.
var dependabotSecretKind = Kind{Name: "DependabotSecret", Group: "repo", Level: PerRepository, SecretValues: true,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		secrets, err := gh.NewSecretsClient(s.GitHub).ListSecrets(ctx, repo.Owner, repo.Name, gh.SecretStore{Dependabot: true})
		if err != nil {
			return nil, fmt.Errorf("cannot list the secrets: %w", err)
		}
		rs := make([]Resource, 0, len(secrets))
		for i := range secrets {
			got := &secrets[i]
			what := fmt.Sprintf("the value of the Dependabot secret %s of %s", got.Name, repo.FullName())
			r, sp := importedSecret(s, repo, "DependabotSecret", got.Name, got, what)
			r.ForProvider = common.DependabotSecretParameters{RepositoryTarget: s.RepositoryTarget(repo), SecretValueParameters: sp}
			rs = append(rs, r)
		}
		return rs, nil
	}}
