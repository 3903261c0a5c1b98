package github

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"github.com/google/go-github/v37/github"
)

// A repository's collaborators. Adding one, changing their permission and
// removing them need Administration: write; the reads need Metadata: read,
// and are read conditionally (a 304 is free) except the membership check,
// which answers 204 or 404 without a body.
var (
	routeGetCollaboratorPermission = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/collaborators/{username}/permission",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional})
	routeCheckCollaborator = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/collaborators/{username}",
		Permission: "Metadata: read", Scope: "repo"})
	routeListCollaborators = declare(Route{Method: http.MethodGet, Template: "/repos/{owner}/{repo}/collaborators",
		Permission: "Metadata: read", Scope: "repo", Cache: CacheConditional})
	routeAddCollaborator = declare(Route{Method: http.MethodPut, Template: "/repos/{owner}/{repo}/collaborators/{username}",
		Permission: "Administration: write", Scope: "repo"})
	routeRemoveCollaborator = declare(Route{Method: http.MethodDelete, Template: "/repos/{owner}/{repo}/collaborators/{username}",
		Permission: "Administration: write", Scope: "repo"})
)

// perPage is the page size of list reads: GitHub's largest.
const perPage = 100

// CollaboratorPermission is GitHub's answer to "what may this user do in
// this repository". RoleName is the precise role (read, triage, write,
// maintain, admin, a custom role's name, or none); Permission is the coarse
// level older servers answer alone (admin, write, read or none).
type CollaboratorPermission struct {
	Permission string       `json:"permission"`
	RoleName   string       `json:"role_name"`
	User       Collaborator `json:"user"`
}

// Collaborator is a user with access to a repository, as GitHub lists them.
type Collaborator struct {
	Login    string `json:"login"`
	ID       int64  `json:"id"`
	RoleName string `json:"role_name"`
}

// CollaboratorRequest is the body of a collaborator add or permission change.
type CollaboratorRequest struct {
	Permission string `json:"permission,omitempty"`
}

// CollaboratorsAPI reads and changes who collaborates on a repository.
type CollaboratorsAPI interface {
	GetPermission(ctx context.Context, owner, repo, user string) (*CollaboratorPermission, error)
	IsCollaborator(ctx context.Context, owner, repo, user string) (bool, error)
	ListDirectCollaborators(ctx context.Context, owner, repo string) ([]Collaborator, error)
	AddCollaborator(ctx context.Context, owner, repo, user, permission string) (*Invitation, error)
	RemoveCollaborator(ctx context.Context, owner, repo, user string) error
}

// CollaboratorsClient implements CollaboratorsAPI with a go-github client.
type CollaboratorsClient struct{ requester }

var _ CollaboratorsAPI = (*CollaboratorsClient)(nil)

// NewCollaboratorsClient returns the collaborators API of gh.
func NewCollaboratorsClient(gh *github.Client) *CollaboratorsClient {
	return &CollaboratorsClient{requester{gh: gh}}
}

// GetPermission reads the user's role on the repository: the highest the
// user holds, as a collaborator or through the organization. A user without
// access has role none; GitHub answers 404 for a user it does not know, as
// for a repository the credentials cannot see.
func (c *CollaboratorsClient) GetPermission(ctx context.Context, owner, repo, user string) (*CollaboratorPermission, error) {
	out := &CollaboratorPermission{}
	err := c.do(ctx, routeGetCollaboratorPermission, routeGetCollaboratorPermission.path(owner, repo, user), nil, out)
	return out, err
}

// IsCollaborator tells whether GitHub counts the user as a collaborator of
// the repository: a direct collaborator, or a member of its organization
// with access. Anyone can read a public repository without being one.
func (c *CollaboratorsClient) IsCollaborator(ctx context.Context, owner, repo, user string) (bool, error) {
	err := c.do(ctx, routeCheckCollaborator, routeCheckCollaborator.path(owner, repo, user), nil, nil)
	if IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// ListDirectCollaborators lists, every page of it, the repository's direct
// collaborators: those added to it, organization members among them, and
// not those who have access only through the organization.
func (c *CollaboratorsClient) ListDirectCollaborators(ctx context.Context, owner, repo string) ([]Collaborator, error) {
	q := url.Values{"affiliation": {"direct"}}
	return listAll[Collaborator](ctx, c.requester, routeListCollaborators, routeListCollaborators.path(owner, repo), q)
}

// AddCollaborator gives the user the permission on the repository. GitHub
// adds an existing collaborator or a member of the repository's
// organization at once (204, and the answer is nil); anyone else gets an
// invitation, which the answer is (201). A pending invitation gets the
// permission.
func (c *CollaboratorsClient) AddCollaborator(ctx context.Context, owner, repo, user, permission string) (*Invitation, error) {
	req, err := c.newRequest(routeAddCollaborator.Method, routeAddCollaborator.path(owner, repo, user), &CollaboratorRequest{Permission: permission})
	if err != nil {
		return nil, err
	}
	out := &Invitation{}
	resp, err := c.gh.Do(ctx, req, out)
	if err != nil {
		return nil, Explain(err)
	}
	if resp.StatusCode != http.StatusCreated {
		return nil, nil
	}
	return out, nil
}

// RemoveCollaborator removes the user as a direct collaborator of the
// repository. GitHub answers 204 also when the user was none.
func (c *CollaboratorsClient) RemoveCollaborator(ctx context.Context, owner, repo, user string) error {
	return c.do(ctx, routeRemoveCollaborator, routeRemoveCollaborator.path(owner, repo, user), nil, nil)
}

// listAll reads every page of a list route at path with the query q.
func listAll[T any](ctx context.Context, q requester, r Route, path string, query url.Values) ([]T, error) {
	var all []T
	query.Set("per_page", strconv.Itoa(perPage))
	for page := 1; page != 0; {
		query.Set("page", strconv.Itoa(page))
		req, err := q.newRequest(r.Method, path+"?"+query.Encode(), nil)
		if err != nil {
			return nil, err
		}
		var items []T
		resp, err := q.gh.Do(ctx, req, &items)
		if err != nil {
			return nil, Explain(err)
		}
		all = append(all, items...)
		page = resp.NextPage
	}
	return all, nil
}
