package emulator

import (
	"fmt"
	"strings"
	"time"
)

// applyTeam adds a seeded team to the world.
func (w *world) applyTeam(st SeedTeam, created time.Time) error {
	label := st.Slug
	if label == "" {
		label = st.Name
	}
	org := w.account(st.Org)
	if org == nil || !org.IsOrg() {
		return fmt.Errorf("team %q: org %q is not seeded", label, st.Org)
	}
	name := st.Name
	if name == "" {
		name = st.Slug
	}
	slug := TeamSlug(name)
	if st.Slug != "" {
		slug = st.Slug
	}
	if slug == "" || slug != TeamSlug(slug) {
		return fmt.Errorf("team %q: %q is not a team slug", label, slug)
	}
	if w.teamBySlug(org.Login, slug) != nil {
		return fmt.Errorf("team %s/%s defined twice", org.Login, slug)
	}
	id := st.ID
	if id == 0 {
		id = w.newTeamID()
	} else if w.teams[id] != nil {
		return fmt.Errorf("team %s/%s: id %d is taken", org.Login, slug, id)
	}
	t := &Team{ID: id, Org: org.Login, Name: name, Slug: slug, Description: st.Description, Privacy: PrivacySecret,
		NotificationSetting: notificationsEnabled, Members: map[string]string{}, CreatedAt: created, UpdatedAt: created}
	if st.Parent != "" {
		p := w.teamBySlug(org.Login, st.Parent)
		if p == nil {
			return fmt.Errorf("team %s/%s: parent %q is not seeded before it", org.Login, slug, st.Parent)
		}
		if p.Privacy == PrivacySecret {
			return fmt.Errorf("team %s/%s: parent %q is secret; a parent team must be closed", org.Login, slug, st.Parent)
		}
		t.ParentID, t.Privacy = p.ID, PrivacyClosed
	}
	switch st.Privacy {
	case "":
	case PrivacyClosed, PrivacySecret:
		if st.Privacy == PrivacySecret && t.ParentID != 0 {
			return fmt.Errorf("team %s/%s: a nested team cannot be secret", org.Login, slug)
		}
		t.Privacy = st.Privacy
	default:
		return fmt.Errorf("team %s/%s: privacy %q, want secret or closed", org.Login, slug, st.Privacy)
	}
	for _, m := range st.Members {
		if _, member := org.Members[strings.ToLower(m.Login)]; !member {
			return fmt.Errorf("team %s/%s: %q is not a member of the organization", org.Login, slug, m.Login)
		}
		role := m.Role
		if role == "" {
			role = TeamRoleMember
		}
		if role != TeamRoleMember && role != TeamRoleMaintainer {
			return fmt.Errorf("team %s/%s: member %q has role %q, want member or maintainer", org.Login, slug, m.Login, role)
		}
		t.Members[strings.ToLower(m.Login)] = role
	}
	w.teams[id] = t
	return nil
}
