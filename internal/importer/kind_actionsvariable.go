package importer

import (
	"context"
	"fmt"
	"strings"

	"github.com/crossplane-github/provider-github/internal/clients/actionsvariable"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// actionsVariableKind imports a repository's Actions variables and those
// of each of its environments, values included (a page of 30, GitHub's
// most, a request; one list of the environments). An environment's
// variable is keyed <environment>/<NAME>, so that names stay unique across
// the environments and the repository.
var actionsVariableKind = Kind{Name: "ActionsVariable", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		envs, err := environmentsOf(ctx, s, repo)
		if err != nil {
			return nil, fmt.Errorf("cannot list the environments: %w", err)
		}
		api := gh.NewActionsVariablesClient(s.GitHub)
		var rs []Resource
		for _, env := range append([]string{""}, environmentNames(envs)...) {
			vars, err := api.ListVariables(ctx, repo.Owner, repo.Name, env)
			if err != nil {
				return nil, fmt.Errorf("cannot list the variables%s: %w", ofEnvironment(env), err)
			}
			for i := range vars {
				v := &vars[i]
				p := actionsvariable.Imported(v)
				p.RepositoryTarget = s.RepositoryTarget(repo)
				if env != "" {
					p.EnvironmentTarget = s.EnvironmentTarget(repo, env)
				}
				rs = append(rs, Resource{Kind: "ActionsVariable", Group: "repo", Repository: repo.Name, Key: inEnvironment(env, v.Name),
					ExternalName: strings.ToUpper(v.Name), ForProvider: p})
			}
		}
		return rs, nil
	}}

// environmentNames are the names of envs.
func environmentNames(envs []gh.Environment) []string {
	names := make([]string, len(envs))
	for i := range envs {
		names[i] = envs[i].Name
	}
	return names
}

// inEnvironment is the key of the variable or secret name of environment
// env: <env>/<name>, or name for the repository's own (env "").
func inEnvironment(env, name string) string {
	if env == "" {
		return name
	}
	return env + "/" + name
}

// ofEnvironment names environment env in a message: "" for the
// repository's own.
func ofEnvironment(env string) string {
	if env == "" {
		return ""
	}
	return fmt.Sprintf(" of environment %q", env)
}
