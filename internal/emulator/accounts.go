package emulator

import (
	"net/http"
	"strings"
)

// userJSON is GitHub's public-user / private-user object.
type userJSON struct {
	simpleUser
	Name              *string  `json:"name"`
	Company           *string  `json:"company"`
	Blog              string   `json:"blog"`
	Location          *string  `json:"location"`
	Email             *string  `json:"email"`
	Hireable          *bool    `json:"hireable"`
	Bio               *string  `json:"bio"`
	TwitterUsername   *string  `json:"twitter_username"`
	PublicRepos       int      `json:"public_repos"`
	PublicGists       int      `json:"public_gists"`
	Followers         int      `json:"followers"`
	Following         int      `json:"following"`
	CreatedAt         string   `json:"created_at"`
	UpdatedAt         string   `json:"updated_at"`
	PrivateGists      *int     `json:"private_gists,omitempty"`
	TotalPrivateRepos *int     `json:"total_private_repos,omitempty"`
	OwnedPrivateRepos *int     `json:"owned_private_repos,omitempty"`
	DiskUsage         *int     `json:"disk_usage,omitempty"`
	Collaborators     *int     `json:"collaborators,omitempty"`
	TwoFactorAuth     *bool    `json:"two_factor_authentication,omitempty"`
	Plan              *planObj `json:"plan,omitempty"`
}

type planObj struct {
	Name          string `json:"name"`
	Space         int    `json:"space"`
	PrivateRepos  int    `json:"private_repos"`
	Collaborators int    `json:"collaborators"`
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (c *reqCtx) renderUser(w *world, a *Account, private bool) *userJSON {
	pub, priv := 0, 0
	for _, r := range w.reposOf(a.Login) {
		if r.Private() {
			priv++
		} else {
			pub++
		}
	}
	u := &userJSON{
		simpleUser:  c.simpleUser(a),
		Name:        nonEmpty(a.Name),
		Email:       nonEmpty(a.Email),
		PublicRepos: pub,
		CreatedAt:   ts(a.CreatedAt),
		UpdatedAt:   ts(a.CreatedAt),
	}
	if private {
		u.UserViewType = "private"
		u.PrivateGists, u.TotalPrivateRepos, u.OwnedPrivateRepos = ptr(0), ptr(priv), ptr(priv)
		u.DiskUsage, u.Collaborators, u.TwoFactorAuth = ptr(0), ptr(0), ptr(true)
		u.Plan = &planObj{Name: "pro", Space: 976562499, PrivateRepos: 9999, Collaborators: 0}
	}
	return u
}

func (s *Server) getAuthenticatedUser(c *reqCtx) {
	if c.principal.user == nil {
		c.fail(http.StatusForbidden, "Resource not accessible by integration", c.doc)
		return
	}
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	c.json(http.StatusOK, c.renderUser(s.state.w, c.principal.user, true))
}

func (s *Server) getUser(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	a := s.state.w.account(c.params["username"])
	if a == nil {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	self := c.principal != nil && c.principal.user != nil && strings.EqualFold(c.principal.user.Login, a.Login)
	c.json(http.StatusOK, c.renderUser(s.state.w, a, self))
}

// orgJSON is GitHub's organization-full object.
type orgJSON struct {
	Login                   string  `json:"login"`
	ID                      int64   `json:"id"`
	NodeID                  string  `json:"node_id"`
	URL                     string  `json:"url"`
	ReposURL                string  `json:"repos_url"`
	EventsURL               string  `json:"events_url"`
	HooksURL                string  `json:"hooks_url"`
	IssuesURL               string  `json:"issues_url"`
	MembersURL              string  `json:"members_url"`
	PublicMembersURL        string  `json:"public_members_url"`
	AvatarURL               string  `json:"avatar_url"`
	Description             *string `json:"description"`
	Name                    string  `json:"name,omitempty"`
	Company                 *string `json:"company,omitempty"`
	Blog                    string  `json:"blog,omitempty"`
	Location                *string `json:"location,omitempty"`
	Email                   *string `json:"email,omitempty"`
	TwitterUsername         *string `json:"twitter_username"`
	IsVerified              bool    `json:"is_verified"`
	HasOrganizationProjects bool    `json:"has_organization_projects"`
	HasRepositoryProjects   bool    `json:"has_repository_projects"`
	PublicRepos             int     `json:"public_repos"`
	PublicGists             int     `json:"public_gists"`
	Followers               int     `json:"followers"`
	Following               int     `json:"following"`
	HTMLURL                 string  `json:"html_url"`
	Type                    string  `json:"type"`
	CreatedAt               string  `json:"created_at"`
	UpdatedAt               string  `json:"updated_at"`
	ArchivedAt              *string `json:"archived_at"`

	// Members only.
	TotalPrivateRepos            *int    `json:"total_private_repos,omitempty"`
	OwnedPrivateRepos            *int    `json:"owned_private_repos,omitempty"`
	DefaultRepositoryPermission  *string `json:"default_repository_permission,omitempty"`
	MembersCanCreateRepositories *bool   `json:"members_can_create_repositories,omitempty"`
}

func (s *Server) getOrg(c *reqCtx) {
	s.state.mu.RLock()
	defer s.state.mu.RUnlock()
	w := s.state.w
	a := w.account(c.params["org"])
	if a == nil || !a.IsOrg() {
		c.fail(http.StatusNotFound, "Not Found", c.doc)
		return
	}
	u := c.apiBase + "/orgs/" + a.Login
	o := &orgJSON{
		Login: a.Login, ID: a.ID, NodeID: nodeID("O", a.ID), URL: u,
		ReposURL: u + "/repos", EventsURL: u + "/events", HooksURL: u + "/hooks", IssuesURL: u + "/issues",
		MembersURL: u + "/members{/member}", PublicMembersURL: u + "/public_members{/member}",
		AvatarURL:   c.simpleUser(a).AvatarURL,
		Description: nonEmpty(a.Description), Name: a.Name,
		HasOrganizationProjects: true, HasRepositoryProjects: true,
		HTMLURL: c.webBase + "/" + a.Login, Type: accountOrg,
		CreatedAt: ts(a.CreatedAt), UpdatedAt: ts(a.CreatedAt),
	}
	priv := 0
	for _, r := range w.reposOf(a.Login) {
		if r.Private() {
			priv++
		} else {
			o.PublicRepos++
		}
	}
	if w.isMember(c.principal, a) {
		o.TotalPrivateRepos, o.OwnedPrivateRepos = ptr(priv), ptr(priv)
		o.DefaultRepositoryPermission = ptr("read")
		o.MembersCanCreateRepositories = ptr(a.MembersCanCreateRepositories)
	}
	c.json(http.StatusOK, o)
}

// rateLimitJSON is GitHub's rate-limit object.
type rateLimitJSON struct {
	Limit     int    `json:"limit"`
	Remaining int    `json:"remaining"`
	Reset     int64  `json:"reset"`
	Used      int    `json:"used"`
	Resource  string `json:"resource,omitempty"`
}

func (s *Server) getRateLimit(c *reqCtx) {
	core := rateLimitJSON{Limit: c.rate.Limit, Remaining: c.rate.Remaining, Reset: c.rate.Reset.Unix(), Used: c.rate.Used, Resource: "core"}
	reset := c.rate.Reset.Unix()
	other := func(limit int, res string) rateLimitJSON {
		return rateLimitJSON{Limit: limit, Remaining: limit, Reset: reset, Resource: res}
	}
	c.json(http.StatusOK, map[string]any{
		"resources": map[string]rateLimitJSON{
			"core":                 core,
			"search":               other(30, "search"),
			"graphql":              other(5000, "graphql"),
			"integration_manifest": other(5000, "integration_manifest"),
			"code_search":          other(10, "code_search"),
		},
		"rate": core,
	})
}
