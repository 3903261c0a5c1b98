package emulator

import (
	"fmt"
	"strings"
)

// teamSimpleJSON is GitHub's team-simple object (a team's parent).
type teamSimpleJSON struct {
	ID                  int64   `json:"id"`
	NodeID              string  `json:"node_id"`
	URL                 string  `json:"url"`
	MembersURL          string  `json:"members_url"`
	Name                string  `json:"name"`
	Description         *string `json:"description"`
	Permission          string  `json:"permission"`
	Privacy             string  `json:"privacy"`
	NotificationSetting string  `json:"notification_setting"`
	HTMLURL             string  `json:"html_url"`
	RepositoriesURL     string  `json:"repositories_url"`
	Slug                string  `json:"slug"`
	Type                string  `json:"type"`
	OrganizationID      int64   `json:"organization_id"`
}

// teamJSON is GitHub's team object (list items).
type teamJSON struct {
	teamSimpleJSON
	Parent *teamSimpleJSON `json:"parent"`
}

// teamFullJSON is GitHub's team-full object.
type teamFullJSON struct {
	teamJSON
	MembersCount int      `json:"members_count"`
	ReposCount   int      `json:"repos_count"`
	CreatedAt    string   `json:"created_at"`
	UpdatedAt    string   `json:"updated_at"`
	Organization *orgJSON `json:"organization"`
}

func (c *reqCtx) renderTeamSimple(w *world, t *Team) teamSimpleJSON {
	org := w.account(t.Org)
	var orgID int64
	if org != nil {
		orgID = org.ID
	}
	u := fmt.Sprintf("%s/organizations/%d/team/%d", c.apiBase, orgID, t.ID)
	return teamSimpleJSON{
		ID: t.ID, NodeID: nodeID("T", t.ID), URL: u, MembersURL: u + "/members{/member}",
		Name: t.Name, Description: nonEmpty(t.Description), Permission: permPull,
		Privacy: t.Privacy, NotificationSetting: t.NotificationSetting,
		HTMLURL:         c.webBase + "/orgs/" + strings.ToLower(t.Org) + "/teams/" + t.Slug,
		RepositoriesURL: u + "/repos", Slug: t.Slug, Type: "organization", OrganizationID: orgID,
	}
}

func (c *reqCtx) renderTeam(w *world, t *Team) *teamJSON {
	j := &teamJSON{teamSimpleJSON: c.renderTeamSimple(w, t)}
	if p := w.teams[t.ParentID]; p != nil {
		ps := c.renderTeamSimple(w, p)
		j.Parent = &ps
	}
	return j
}

func (c *reqCtx) renderTeamFull(w *world, t *Team) *teamFullJSON {
	j := &teamFullJSON{teamJSON: *c.renderTeam(w, t), MembersCount: len(t.Members), CreatedAt: ts(t.CreatedAt), UpdatedAt: ts(t.UpdatedAt)}
	for _, r := range w.repos {
		if g := teamGrantsOf.peek(r); g != nil && (*g)[t.ID] != "" {
			j.ReposCount++
		}
	}
	if org := w.account(t.Org); org != nil {
		j.Organization = c.renderOrg(w, org)
	}
	return j
}
