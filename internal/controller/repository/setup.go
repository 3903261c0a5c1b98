package repository

import (
	"context"

	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	gogithub "github.com/google/go-github/v37/github"

	repomv1alpha1 "github.com/crossplane-github/provider-github/apis/repo/m/v1alpha1"
	repov1alpha1 "github.com/crossplane-github/provider-github/apis/repo/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
)

// Setups add the Repository kind in both scopes.
var Setups = []kind.Setup{
	kind.Of(&repomv1alpha1.Repository{}, connect[*repomv1alpha1.Repository]),
	kind.Of(&repov1alpha1.Repository{}, connect[*repov1alpha1.Repository]),
}

// resolved keeps the ids of every Repository's bypass reviewers across
// reconciles (see resolveBypassReviewers).
var resolved = newBypassIDs()

//nolint:unparam // the signature of every kind's connect; other kinds' can fail.
func connect[T Object](_ context.Context, _ T, c kind.Connection) (managed.TypedExternalClient[T], error) {
	return &external[T]{api: newAPI(c.GitHub), defaultOwner: c.DefaultOwner, record: c.Record, resolved: resolved}, nil
}

// newAPI is githubAPI on gh: the clients of its areas.
func newAPI(gh *gogithub.Client) githubAPI {
	return struct {
		*github.ReposClient
		*github.CustomPropertiesClient
		*github.TopicsClient
		*github.VulnerabilityAlertsClient
		*github.ReleaseSecurityClient
		*github.UsersClient
		*github.TeamsClient
		*github.OrgRolesClient
		*github.RepoCodeSecurityClient
	}{github.NewReposClient(gh), github.NewCustomPropertiesClient(gh), github.NewTopicsClient(gh), github.NewVulnerabilityAlertsClient(gh),
		github.NewReleaseSecurityClient(gh), github.NewUsersClient(gh), github.NewTeamsClient(gh), github.NewOrgRolesClient(gh), github.NewRepoCodeSecurityClient(gh)}
}
