package github

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/google/go-github/v37/github"
)

// Team is GitHub's team object (team-full when read alone, team when
// listed), as far as the provider reads it. Listed teams carry neither
// organization nor created_at.
type Team struct {
	ID                  int64       `json:"id"`
	NodeID              string      `json:"node_id"`
	Name                string      `json:"name"`
	Slug                string      `json:"slug"`
	Description         *string     `json:"description"`
	Privacy             string      `json:"privacy"`
	NotificationSetting string      `json:"notification_setting"`
	HTMLURL             string      `json:"html_url"`
	Parent              *TeamParent `json:"parent"`
	Organization        *Account    `json:"organization,omitempty"`
	CreatedAt           *time.Time  `json:"created_at,omitempty"`
}

// TeamParent is the part of a team's parent (GitHub's team-simple) the
// provider reads.
type TeamParent struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// TeamRequest is the body of a team create or update. Only set fields are
// sent; the parent travels as parent_team_id when ParentTeamID is set, and
// as null (the top level) when TopLevel is.
type TeamRequest struct {
	Name                *string `json:"name,omitempty"`
	Description         *string `json:"description,omitempty"`
	Privacy             *string `json:"privacy,omitempty"`
	NotificationSetting *string `json:"notification_setting,omitempty"`
	ParentTeamID        *int64  `json:"-"`
	TopLevel            bool    `json:"-"`
}

// MarshalJSON writes the request with parent_team_id as an id, as null, or
// not at all.
func (r TeamRequest) MarshalJSON() ([]byte, error) {
	type fields TeamRequest // without this method
	body := struct {
		fields
		Parent any `json:"parent_team_id,omitempty"`
	}{fields: fields(r)}
	switch {
	case r.ParentTeamID != nil:
		body.Parent = *r.ParentTeamID
	case r.TopLevel:
		body.Parent = json.RawMessage("null")
	}
	return json.Marshal(body)
}

// An organization's teams. Reading them needs Members: read on the
// organization (classic tokens: read:org); changing them Members: write
// (admin:org). Team answers keep their ETag until the team changes, so
// reads are conditional.
var (
	routeListTeams = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/teams",
		Permission: "Members: read", Scope: "read:org", Cache: CacheConditional})
	routeCreateTeam = declare(Route{Method: http.MethodPost, Template: "/orgs/{org}/teams",
		Permission: "Members: write", Scope: "admin:org"})
	routeGetTeam = declare(Route{Method: http.MethodGet, Template: "/orgs/{org}/teams/{team_slug}",
		Permission: "Members: read", Scope: "read:org", Cache: CacheConditional})
	routeEditTeam = declare(Route{Method: http.MethodPatch, Template: "/orgs/{org}/teams/{team_slug}",
		Permission: "Members: write", Scope: "admin:org"})
	routeDeleteTeam = declare(Route{Method: http.MethodDelete, Template: "/orgs/{org}/teams/{team_slug}",
		Permission: "Members: write", Scope: "admin:org"})
)

// teamsPerPage is the largest page GitHub serves.
const teamsPerPage = 100

// TeamsAPI reads and writes an organization's teams, by slug.
type TeamsAPI interface {
	GetTeam(ctx context.Context, org, slug string) (*Team, error)
	ListTeams(ctx context.Context, org string) ([]Team, error)
	CreateTeam(ctx context.Context, org string, req *TeamRequest) (*Team, error)
	EditTeam(ctx context.Context, org, slug string, req *TeamRequest) (*Team, error)
	DeleteTeam(ctx context.Context, org, slug string) error
}

// TeamsClient implements TeamsAPI with a go-github client.
type TeamsClient struct{ requester }

var _ TeamsAPI = (*TeamsClient)(nil)

// NewTeamsClient returns the teams API of gh.
func NewTeamsClient(gh *github.Client) *TeamsClient { return &TeamsClient{requester{gh: gh}} }

// GetTeam reads the team org/slug. GitHub matches the slug without regard
// to case.
func (t *TeamsClient) GetTeam(ctx context.Context, org, slug string) (*Team, error) {
	out := &Team{}
	err := t.do(ctx, routeGetTeam, routeGetTeam.path(org, slug), nil, out)
	return out, err
}

// ListTeams lists every team of org the credentials can see, page after
// page.
func (t *TeamsClient) ListTeams(ctx context.Context, org string) ([]Team, error) {
	var all []Team
	for page := 1; page != 0; {
		var items []Team
		next, err := t.page(ctx, routeListTeams, routeListTeams.path(org), page, teamsPerPage, &items)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		page = next
	}
	return all, nil
}

// CreateTeam creates a team in org.
func (t *TeamsClient) CreateTeam(ctx context.Context, org string, req *TeamRequest) (*Team, error) {
	out := &Team{}
	err := t.do(ctx, routeCreateTeam, routeCreateTeam.path(org), req, out)
	return out, err
}

// EditTeam changes the team org/slug; a new name gives it a new slug.
func (t *TeamsClient) EditTeam(ctx context.Context, org, slug string, req *TeamRequest) (*Team, error) {
	out := &Team{}
	err := t.do(ctx, routeEditTeam, routeEditTeam.path(org, slug), req, out)
	return out, err
}

// DeleteTeam deletes the team org/slug and, as GitHub does, every team
// below it.
func (t *TeamsClient) DeleteTeam(ctx context.Context, org, slug string) error {
	return t.do(ctx, routeDeleteTeam, routeDeleteTeam.path(org, slug), nil, nil)
}
