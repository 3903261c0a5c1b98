package github

import (
	"context"
	"net/http"
	"net/url"

	"github.com/google/go-github/v37/github"
)

// mediaTypeTeamRepo asks the team permission check for the repository, with
// the team's permissions and role, instead of a bare 204.
const mediaTypeTeamRepo = "application/vnd.github.v3.repository+json"

// A team's permission on a repository of its organization: check, grant
// (or change) and remove. GitHub wants admin rights on the repository for
// the writes, and the team must be visible to the credentials. The check's
// answer is the repository, which GitHub may answer 304 for: it is read
// conditionally, and in full from time to time.
var (
	routeGetTeamRepo = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}",
		Permission: "Metadata: read on the repository and Members: read on the organization", Scope: "repo and read:org",
		Cache: CacheConditional, FullRead: true})
	routeAddTeamRepo = declare(Route{Method: http.MethodPut, Template: "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}",
		Permission: "Administration: write on the repository and Members: read on the organization", Scope: "repo and read:org"})
	routeRemoveTeamRepo = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/teams/{team_slug}/repos/{owner}/{repo}",
		Permission: "Administration: write on the repository and Members: read on the organization", Scope: "repo and read:org"})
	// routeListTeamRepos lists the repositories a team has a permission
	// on (those the credentials can see), with the team's role on each;
	// read conditionally.
	routeListTeamRepos = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/teams/{team_slug}/repos",
		Permission: "Metadata: read on the repositories and Members: read on the organization", Scope: "repo and read:org",
		Cache: CacheConditional})
	// routeListRepoTeams lists the teams with access to a repository
	// (those the credentials can see), each with its permission on it;
	// read conditionally.
	routeListRepoTeams = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/teams",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional})
)

// RepoTeam is a team with access to a repository, as the repository's
// list of teams shows it.
type RepoTeam struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
	// Permission is the team's permission on the repository, in the words
	// of the grant: pull, triage, push, maintain, admin, or the name of a
	// custom repository role.
	Permission string `json:"permission"`
}

// RepoTeamsAPI lists the teams with access to a repository.
type RepoTeamsAPI interface {
	ListRepoTeams(ctx context.Context, owner, repo string) ([]RepoTeam, error)
}

var _ RepoTeamsAPI = (*TeamReposClient)(nil)

// ListRepoTeams lists, every page of it, the teams with access to the
// repository that the credentials can see, each with its permission.
func (c *TeamReposClient) ListRepoTeams(ctx context.Context, owner, repo string) ([]RepoTeam, error) {
	return listAll[RepoTeam](ctx, c.requester, routeListRepoTeams, routeListRepoTeams.path(owner, repo), url.Values{})
}

// TeamRepo is a repository as a team sees it: which repository it is, and
// the team's permission on it.
type TeamRepo struct {
	ID       int64   `json:"id"`
	Name     string  `json:"name"`
	FullName string  `json:"full_name"`
	Owner    Account `json:"owner"`
	Archived bool    `json:"archived"`
	// Permissions are the team's, as flags: admin implies maintain,
	// maintain push, and so on.
	Permissions *RepositoryPermissions `json:"permissions,omitempty"`
	// RoleName is the team's role in GitHub's words: read (granted as
	// pull), triage, write (granted as push), maintain, admin, or the name
	// of a custom repository role. Older GitHub Enterprise Servers leave it
	// out.
	RoleName string `json:"role_name,omitempty"`
}

// RepositoryPermissions is GitHub's permissions object.
type RepositoryPermissions struct {
	Admin    bool `json:"admin"`
	Maintain bool `json:"maintain"`
	Push     bool `json:"push"`
	Triage   bool `json:"triage"`
	Pull     bool `json:"pull"`
}

// teamRepoRequest is the body of the grant.
type teamRepoRequest struct {
	Permission string `json:"permission"`
}

// TeamReposAPI reads and writes a team's permission on a repository, the
// team named by its organization and slug.
type TeamReposAPI interface {
	// GetTeamRepo returns the repository with the team's permission on it;
	// GitHub answers 404 when the team has none, and when the team or the
	// repository does not exist.
	GetTeamRepo(ctx context.Context, org, teamSlug, owner, repo string) (*TeamRepo, error)
	// AddTeamRepo grants the team permission on the repository, or changes
	// the permission it has.
	AddTeamRepo(ctx context.Context, org, teamSlug, owner, repo, permission string) error
	// RemoveTeamRepo takes the repository away from the team.
	RemoveTeamRepo(ctx context.Context, org, teamSlug, owner, repo string) error
}

// TeamReposClient implements TeamReposAPI with a go-github client.
type TeamReposClient struct{ requester }

var _ TeamReposAPI = (*TeamReposClient)(nil)

// NewTeamReposClient returns the team repository permission API of gh.
func NewTeamReposClient(gh *github.Client) *TeamReposClient {
	return &TeamReposClient{requester{gh: gh}}
}

// GetTeamRepo checks the team's permission on the repository, asking for
// the repository in the answer.
func (c *TeamReposClient) GetTeamRepo(ctx context.Context, org, teamSlug, owner, repo string) (*TeamRepo, error) {
	out := &TeamRepo{}
	req, err := c.newRequest(routeGetTeamRepo.Method, routeGetTeamRepo.path(org, teamSlug, owner, repo), nil)
	if err != nil {
		return out, err
	}
	req.Header.Set("Accept", mediaTypeTeamRepo)
	_, err = c.gh.Do(ctx, req, out)
	return out, Explain(err)
}

// AddTeamRepo grants the team the permission: pull, triage, push,
// maintain, admin or the name of a custom repository role of the
// organization.
func (c *TeamReposClient) AddTeamRepo(ctx context.Context, org, teamSlug, owner, repo, permission string) error {
	return c.do(ctx, routeAddTeamRepo, routeAddTeamRepo.path(org, teamSlug, owner, repo), &teamRepoRequest{Permission: permission}, nil)
}

// ListTeamRepos lists, every page of it, the repositories of the team's
// organization the team has a permission on and the credentials can see,
// each with the team's role. It is not part of TeamReposAPI: the importer
// reads it, the controller does not.
func (c *TeamReposClient) ListTeamRepos(ctx context.Context, org, teamSlug string) ([]TeamRepo, error) {
	return listAll[TeamRepo](ctx, c.requester, routeListTeamRepos, routeListTeamRepos.path(org, teamSlug), url.Values{})
}

// RemoveTeamRepo removes the team's permission on the repository.
func (c *TeamReposClient) RemoveTeamRepo(ctx context.Context, org, teamSlug, owner, repo string) error {
	return c.do(ctx, routeRemoveTeamRepo, routeRemoveTeamRepo.path(org, teamSlug, owner, repo), nil, nil)
}
