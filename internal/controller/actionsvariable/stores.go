package actionsvariable

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// variables is one store of Actions variables: a repository's, one of its
// environments', or an organization's.
type variables interface {
	get(ctx context.Context, name string) (*github.ActionsVariable, error)
	create(ctx context.Context, r *github.ActionsVariableRequest) error
	update(ctx context.Context, name string, r *github.ActionsVariableRequest) error
	delete(ctx context.Context, name string) error
}

// repoVariables are the variables of owner/repo, or of its environment
// env ("" for the repository's own).
type repoVariables struct {
	api              github.ActionsVariablesAPI
	owner, repo, env string
}

func (v repoVariables) get(ctx context.Context, name string) (*github.ActionsVariable, error) {
	return v.api.GetVariable(ctx, v.owner, v.repo, v.env, name)
}

func (v repoVariables) create(ctx context.Context, r *github.ActionsVariableRequest) error {
	return v.api.CreateVariable(ctx, v.owner, v.repo, v.env, r)
}

func (v repoVariables) update(ctx context.Context, name string, r *github.ActionsVariableRequest) error {
	return v.api.UpdateVariable(ctx, v.owner, v.repo, v.env, name, r)
}

func (v repoVariables) delete(ctx context.Context, name string) error {
	return v.api.DeleteVariable(ctx, v.owner, v.repo, v.env, name)
}

// orgVariables are the variables of the organization org.
type orgVariables struct {
	api github.OrganizationActionsVariablesAPI
	org string
}

func (v orgVariables) get(ctx context.Context, name string) (*github.ActionsVariable, error) {
	return v.api.GetOrgVariable(ctx, v.org, name)
}

func (v orgVariables) create(ctx context.Context, r *github.ActionsVariableRequest) error {
	return v.api.CreateOrgVariable(ctx, v.org, r)
}

func (v orgVariables) update(ctx context.Context, name string, r *github.ActionsVariableRequest) error {
	return v.api.UpdateOrgVariable(ctx, v.org, name, r)
}

func (v orgVariables) delete(ctx context.Context, name string) error {
	return v.api.DeleteOrgVariable(ctx, v.org, name)
}
