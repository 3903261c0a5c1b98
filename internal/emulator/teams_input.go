package emulator

import (
	"net/http"
	"strings"
)

// teamInput is the request body of creating or updating a team.
type teamInput struct {
	name, description, privacy, notification *string
	parentID                                 *int64
	parentSet                                bool // parent_team_id was sent, maybe as null
	maintainers, repoNames                   []string
}

// teamInput reads the body of POST and PATCH /orgs/{org}/teams...; a team
// being created needs a name.
func (c *reqCtx) teamInput(create bool) (*teamInput, bool) {
	m, ok := c.decode(create)
	if !ok {
		return nil, false
	}
	f := &fields{c: c, m: m}
	in := &teamInput{
		name: f.str("name"), description: f.str("description"),
		privacy: f.str("privacy"), notification: f.str("notification_setting"),
	}
	if raw, sent := f.raw("parent_team_id"); sent {
		in.parentSet = true
		in.parentID = f.integer("parent_team_id")
		if string(raw) == "null" {
			in.parentID = nil
		}
	}
	if create {
		in.maintainers, _ = f.strings("maintainers")
		in.repoNames, _ = f.strings("repo_names")
	}
	if f.failed {
		return nil, false
	}
	if create && in.name == nil {
		c.json(http.StatusUnprocessableEntity, basicError{Message: "Invalid request.\n\n\"name\" wasn't supplied.", DocumentationURL: c.doc, Status: "422"})
		return nil, false
	}
	return in, true
}

// applyTeamInput validates the input against the organization and writes it
// to t, answering 422 and reporting false when it is not valid. t is not
// changed on failure only when the caller passes a copy.
func (c *reqCtx) applyTeamInput(w *world, org *Account, t *Team, in *teamInput) bool {
	bad := func(field string) bool {
		c.invalid("Validation Failed", fieldError{Resource: "Team", Code: "invalid", Field: field})
		return false
	}
	if in.name != nil {
		name := strings.TrimSpace(*in.name)
		slug := TeamSlug(name)
		if slug == "" {
			return bad("name")
		}
		for _, o := range w.teamsOf(org.Login) {
			if o.ID != t.ID && (strings.EqualFold(o.Name, name) || o.Slug == slug) {
				c.invalid("Validation Failed", fieldError{Resource: "Team", Code: "unprocessable", Field: "data", Message: "Name must be unique for this org"})
				return false
			}
		}
		t.Name, t.Slug = name, slug
	}
	if in.description != nil {
		t.Description = *in.description
	}
	if in.notification != nil {
		if *in.notification != notificationsEnabled && *in.notification != notificationsDisabled {
			return bad("notification_setting")
		}
		t.NotificationSetting = *in.notification
	}
	if in.parentSet {
		t.ParentID = 0
		if in.parentID != nil {
			p := w.teams[*in.parentID]
			if p == nil || !strings.EqualFold(p.Org, org.Login) || p.ID == t.ID || (t.ID != 0 && w.isDescendant(p.ID, t.ID)) || p.Privacy == PrivacySecret {
				return bad("parent_team_id")
			}
			t.ParentID = p.ID
			if in.privacy == nil {
				t.Privacy = PrivacyClosed
			}
		}
	}
	if in.privacy != nil {
		switch *in.privacy {
		case PrivacyClosed:
		case PrivacySecret:
			if t.ParentID != 0 || (t.ID != 0 && w.hasChildren(t)) {
				return bad("privacy")
			}
		default:
			return bad("privacy")
		}
		t.Privacy = *in.privacy
	}
	return true
}
