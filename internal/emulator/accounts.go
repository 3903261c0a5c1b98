package emulator

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

func init() { registerKind("accounts", (*Server).accountRoutes) }

// accountRoutes declares users and organizations.
func (s *Server) accountRoutes(t *routeTable) {
	t.add("GET", "/user", authRequired, "https://docs.github.com/rest/users/users#get-the-authenticated-user", s.getAuthenticatedUser)
	t.add("GET", "/users/{username}", authOptional, "https://docs.github.com/rest/users/users#get-a-user", s.getUser)
	t.add("GET", "/orgs/{org}", authOptional, "https://docs.github.com/rest/orgs/orgs#get-an-organization", s.getOrg)
}

// Account types as GitHub reports them.
const (
	accountUser = "User"
	accountOrg  = "Organization"
)

// Organization roles.
const (
	RoleAdmin  = "admin"
	RoleMember = "member"
)

// Account is a user or an organization.
type Account struct {
	ID          int64
	Login       string
	Type        string // "User" or "Organization"
	Name        string
	Email       string
	Description string
	CreatedAt   time.Time
	// Members maps lower-cased user logins to RoleAdmin or RoleMember
	// (organizations only).
	Members map[string]string
	// MembersCanCreateRepositories lets organization members (not only
	// admins) create repositories.
	MembersCanCreateRepositories bool

	// sub is the state of the kinds living inside the organization, by
	// kind name; see orgKind.
	sub map[string]any
}

// IsOrg reports whether the account is an organization.
func (a *Account) IsOrg() bool { return a.Type == accountOrg }

// simpleUser is GitHub's simple-user object.
type simpleUser struct {
	Login             string `json:"login"`
	ID                int64  `json:"id"`
	NodeID            string `json:"node_id"`
	AvatarURL         string `json:"avatar_url"`
	GravatarID        string `json:"gravatar_id"`
	URL               string `json:"url"`
	HTMLURL           string `json:"html_url"`
	FollowersURL      string `json:"followers_url"`
	FollowingURL      string `json:"following_url"`
	GistsURL          string `json:"gists_url"`
	StarredURL        string `json:"starred_url"`
	SubscriptionsURL  string `json:"subscriptions_url"`
	OrganizationsURL  string `json:"organizations_url"`
	ReposURL          string `json:"repos_url"`
	EventsURL         string `json:"events_url"`
	ReceivedEventsURL string `json:"received_events_url"`
	Type              string `json:"type"`
	UserViewType      string `json:"user_view_type"`
	SiteAdmin         bool   `json:"site_admin"`
}

func (c *reqCtx) simpleUser(a *Account) simpleUser {
	u := c.apiBase + "/users/" + a.Login
	prefix := "U"
	if a.IsOrg() {
		prefix = "O"
	}
	return simpleUser{
		Login:             a.Login,
		ID:                a.ID,
		NodeID:            nodeID(prefix, a.ID),
		AvatarURL:         fmt.Sprintf("%s/avatars/u/%d?v=4", c.webBase, a.ID),
		GravatarID:        "",
		URL:               u,
		HTMLURL:           c.webBase + "/" + a.Login,
		FollowersURL:      u + "/followers",
		FollowingURL:      u + "/following{/other_user}",
		GistsURL:          u + "/gists{/gist_id}",
		StarredURL:        u + "/starred{/owner}{/repo}",
		SubscriptionsURL:  u + "/subscriptions",
		OrganizationsURL:  u + "/orgs",
		ReposURL:          u + "/repos",
		EventsURL:         u + "/events{/privacy}",
		ReceivedEventsURL: u + "/received_events",
		Type:              a.Type,
		UserViewType:      "public",
		SiteAdmin:         false,
	}
}

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

	// Owners only (orgs_settings.go).
	*orgOwnerJSON
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
	c.json(http.StatusOK, c.renderOrg(w, a))
}

// renderOrg builds the organization object for the request's caller. The
// caller holds the state lock.
func (c *reqCtx) renderOrg(w *world, a *Account) *orgJSON {
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
	member := w.isMember(c.principal, a)
	if member {
		o.TotalPrivateRepos, o.OwnedPrivateRepos = ptr(priv), ptr(priv)
	}
	renderOrgSettings(a, o, member, member && isOrgOwner(c.principal, a))
	return o
}
