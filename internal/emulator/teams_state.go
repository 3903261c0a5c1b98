package emulator

import (
	"sort"
	"strings"
	"time"
)

// Team privacies.
const (
	PrivacySecret = "secret"
	PrivacyClosed = "closed"
)

// Team notification settings.
const (
	notificationsEnabled  = "notifications_enabled"
	notificationsDisabled = "notifications_disabled"
)

// Team membership roles.
const (
	TeamRoleMember     = "member"
	TeamRoleMaintainer = "maintainer"
)

// Team is an organization team.
type Team struct {
	ID                  int64
	Org                 string // the organization's login
	Name                string
	Slug                string
	Description         string
	Privacy             string
	NotificationSetting string
	ParentID            int64 // 0 for a top-level team
	// Members maps lower-cased user logins to TeamRoleMember or
	// TeamRoleMaintainer.
	Members   map[string]string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// hasMember reports whether the user belongs to the team (in any role).
func (t *Team) hasMember(login string) bool {
	_, ok := t.Members[strings.ToLower(login)]
	return ok
}

// TeamSlug derives a team's slug from its name the way GitHub does: lower
// case, every run of characters other than ASCII letters and digits becomes
// one '-', and leading and trailing '-' are dropped. An empty result means
// the name cannot name a team.
func TeamSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// newTeamID hands out team ids; GitHub never reuses one.
func (w *world) newTeamID() int64 {
	if w.nextTeamID == 0 {
		w.nextTeamID = 9000001
	}
	for w.teams[w.nextTeamID] != nil {
		w.nextTeamID++
	}
	id := w.nextTeamID
	w.nextTeamID++
	return id
}

// teamBySlug finds an organization's team by slug, case-insensitively.
func (w *world) teamBySlug(org, slug string) *Team {
	for _, t := range w.teams {
		if strings.EqualFold(t.Org, org) && strings.EqualFold(t.Slug, slug) {
			return t
		}
	}
	return nil
}

// teamsOf lists an organization's teams ordered by name, as GitHub lists them.
func (w *world) teamsOf(org string) []*Team {
	var out []*Team
	for _, t := range w.teams {
		if strings.EqualFold(t.Org, org) {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := strings.ToLower(out[i].Name), strings.ToLower(out[j].Name); a != b {
			return a < b
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// isDescendant reports whether team id sits somewhere below ancestor.
func (w *world) isDescendant(id, ancestor int64) bool {
	for t := w.teams[id]; t != nil && t.ParentID != 0; t = w.teams[t.ParentID] {
		if t.ParentID == ancestor {
			return true
		}
	}
	return false
}

// hasChildren reports whether any team has t as its parent.
func (w *world) hasChildren(t *Team) bool {
	for _, o := range w.teams {
		if o.ParentID == t.ID {
			return true
		}
	}
	return false
}

// deleteTeam removes a team, every team below it, their repository
// grants and the organization roles they hold.
func (w *world) deleteTeam(t *Team) {
	doomed := map[int64]bool{t.ID: true}
	for id := range w.teams {
		if w.isDescendant(id, t.ID) {
			doomed[id] = true
		}
	}
	for id := range doomed {
		delete(w.teams, id)
	}
	if org := w.account(t.Org); org != nil {
		dropTeamRoles(org, doomed)
	}
	for _, r := range w.repos {
		if g := teamGrantsOf.peek(r); g != nil {
			for id := range doomed {
				delete(*g, id)
			}
		}
	}
}

// teamAccess is the access a user gets to a repository through the teams they
// belong to; a team also gets the grants of the teams above it.
func (w *world) teamAccess(login string, r *Repo) int {
	g := teamGrantsOf.peek(r)
	if g == nil || len(*g) == 0 {
		return accessNone
	}
	best := accessNone
	for _, t := range w.teams {
		if t.hasMember(login) {
			best = max(best, w.grantedToTeam(t, r))
		}
	}
	return best
}

// canSeeTeam reports whether the principal may see the team: organization
// owners and installations on the organization see every team, members see
// closed teams and the secret teams they belong to.
func (w *world) canSeeTeam(p *principal, org *Account, t *Team) bool {
	if !w.isMember(p, org) {
		return false
	}
	if p.installation != nil || org.Members[strings.ToLower(p.user.Login)] == RoleAdmin {
		return true
	}
	return t.Privacy == PrivacyClosed || t.hasMember(p.user.Login)
}

// canManageTeam reports whether the principal may change the team and its
// repository grants: organization owners, the team's maintainers and
// installations with members: write on the organization.
func (w *world) canManageTeam(p *principal, org *Account, t *Team) bool {
	if !w.isMember(p, org) {
		return false
	}
	if p.installation != nil {
		return p.installation.Permissions["members"] == "write"
	}
	login := strings.ToLower(p.user.Login)
	return org.Members[login] == RoleAdmin || (t != nil && t.Members[login] == TeamRoleMaintainer)
}
