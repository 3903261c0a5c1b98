package importer

import (
	"context"

	"github.com/crossplane-github/provider-github/internal/clients/actionspermissions"
	gh "github.com/crossplane-github/provider-github/internal/clients/github"
)

// actionsPermissionsKind imports the Actions permissions of each repository
// whose permissions differ from a new repository's (four requests; six for
// a private or internal repository, whose access level and fork pull
// request workflows are read too; one more with selected actions). A repository with GitHub's defaults gets no
// resource: there is nothing to keep.
var actionsPermissionsKind = Kind{Name: "ActionsPermissions", Group: "repo", Level: PerRepository,
	Import: func(ctx context.Context, s *Session, repo *Repo) ([]Resource, error) {
		st, err := readActionsPermissions(ctx, gh.NewActionsPermissionsClient(s.GitHub), repo)
		if err != nil {
			return nil, err
		}
		p := actionspermissions.Imported(st)
		if actionspermissions.Empty(&p) {
			return nil, nil
		}
		p.RepositoryTarget = s.RepositoryTarget(repo)
		return []Resource{{Kind: "ActionsPermissions", Group: "repo", Repository: repo.Name, ExternalName: repo.FullName(), ForProvider: p}}, nil
	}}

// readActionsPermissions reads every endpoint of the repository's Actions
// permissions: the access level and how forks' pull requests' workflows
// run only of a private or internal repository (a public one has neither
// to set), the selected actions only while they
// apply.
func readActionsPermissions(ctx context.Context, api gh.ActionsPermissionsAPI, repo *Repo) (*actionspermissions.State, error) {
	perms, err := api.GetActionsPermissions(ctx, repo.Owner, repo.Name)
	if err != nil {
		return nil, err
	}
	s := &actionspermissions.State{Permissions: perms}
	if perms.Enabled && perms.AllowedActions == "selected" {
		if s.Selected, err = api.GetActionsSelectedActions(ctx, repo.Owner, repo.Name); err != nil {
			return nil, err
		}
	}
	if repo.GitHub != nil && repo.GitHub.Private {
		if s.Access, err = api.GetActionsAccess(ctx, repo.Owner, repo.Name); err != nil {
			return nil, err
		}
		if s.PrivateForkWorkflows, err = api.GetActionsPrivateForkWorkflows(ctx, repo.Owner, repo.Name); err != nil {
			return nil, err
		}
	}
	if s.Workflow, err = api.GetActionsWorkflowPermissions(ctx, repo.Owner, repo.Name); err != nil {
		return nil, err
	}
	if s.Retention, err = api.GetActionsRetention(ctx, repo.Owner, repo.Name); err != nil {
		return nil, err
	}
	if s.ForkApproval, err = api.GetActionsForkApproval(ctx, repo.Owner, repo.Name); err != nil {
		return nil, err
	}
	return s, nil
}
