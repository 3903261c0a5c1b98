// Package team maps between the Team API types and GitHub's team objects:
// spec to requests, answers to observations, drift and late
// initialization. It compares the way GitHub does: slugs and the
// organization's login without regard to case, GitHub's enum words without
// regard to case, an unset description as an empty one. It is pure: no
// HTTP, no Kubernetes client.
package team

import (
	"strings"

	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

// Organization is the team's organization: spec.forProvider.organization,
// else the provider configuration's default owner.
func Organization(p *common.TeamParameters, defaultOwner string) string {
	if p.Organization != nil && *p.Organization != "" {
		return *p.Organization
	}
	return defaultOwner
}

// Name is the team's name as GitHub keeps it: without leading and trailing
// white space.
func Name(p *common.TeamParameters) string { return strings.TrimSpace(p.Name) }

// Slug derives a team's slug from its name as GitHub does: lower case, each
// run of characters other than ASCII letters and digits one '-', none at
// either end. "" means the name has no letter or digit.
func Slug(name string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(name) {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			gap = true
			continue
		}
		if gap && b.Len() > 0 {
			b.WriteByte('-')
		}
		gap = false
		b.WriteRune(r)
	}
	return b.String()
}

// Parent is the parent team the spec asks for.
type Parent struct {
	// ID of the parent team; nil for a top-level team.
	ID *int64
	// What names the parent for messages: the Team resource it was found
	// through, or its id.
	What string
}

// CreateRequest is the body that creates the team the spec describes under
// parent.
func CreateRequest(p *common.TeamParameters, parent Parent) *github.TeamRequest {
	return &github.TeamRequest{
		Name:                ptr.To(Name(p)),
		Description:         p.Description,
		Privacy:             p.Privacy,
		NotificationSetting: p.NotificationSetting,
		ParentTeamID:        parent.ID,
	}
}

// Observation is what the status reports of a GitHub team of org.
func Observation(t *github.Team, org string) common.TeamObservation {
	o := common.TeamObservation{
		ID:                  ptr.To(t.ID),
		NodeID:              nonEmpty(t.NodeID),
		Organization:        nonEmpty(org),
		Slug:                nonEmpty(t.Slug),
		Name:                nonEmpty(t.Name),
		Privacy:             nonEmpty(t.Privacy),
		NotificationSetting: nonEmpty(t.NotificationSetting),
		HTMLURL:             nonEmpty(t.HTMLURL),
	}
	if t.Organization != nil && t.Organization.Login != "" {
		o.Organization = ptr.To(t.Organization.Login)
	}
	if t.Parent != nil {
		o.ParentTeamID = ptr.To(t.Parent.ID)
		o.ParentTeamSlug = nonEmpty(t.Parent.Slug)
	}
	return o
}

// Drift lists, by spec field name, what differs between the desired team
// (p, under parent) and GitHub's t. Settings the spec leaves unset are not
// compared; an unset parent means the top level.
func Drift(p *common.TeamParameters, parent Parent, t *github.Team) []string {
	var d []string
	if Name(p) != t.Name {
		d = append(d, "name")
	}
	if p.Description != nil && *p.Description != ptr.Deref(t.Description, "") {
		d = append(d, "description")
	}
	if p.Privacy != nil && !strings.EqualFold(*p.Privacy, t.Privacy) {
		d = append(d, "privacy")
	}
	if p.NotificationSetting != nil && !strings.EqualFold(*p.NotificationSetting, t.NotificationSetting) {
		d = append(d, "notificationSetting")
	}
	if !sameParent(parent, t) {
		d = append(d, "parent")
	}
	return d
}

// UpdateRequest is the change that brings t to the spec, or nil when
// nothing differs. A team moves to the top level with parent_team_id null.
func UpdateRequest(p *common.TeamParameters, parent Parent, t *github.Team) *github.TeamRequest {
	q := &github.TeamRequest{}
	changed := false
	if Name(p) != t.Name {
		q.Name, changed = ptr.To(Name(p)), true
	}
	if p.Description != nil && *p.Description != ptr.Deref(t.Description, "") {
		q.Description, changed = ptr.To(*p.Description), true
	}
	if p.Privacy != nil && !strings.EqualFold(*p.Privacy, t.Privacy) {
		q.Privacy, changed = ptr.To(*p.Privacy), true
	}
	if p.NotificationSetting != nil && !strings.EqualFold(*p.NotificationSetting, t.NotificationSetting) {
		q.NotificationSetting, changed = ptr.To(*p.NotificationSetting), true
	}
	if !sameParent(parent, t) {
		q.ParentTeamID, q.TopLevel, changed = parent.ID, parent.ID == nil, true
	}
	if !changed {
		return nil
	}
	return q
}

func sameParent(parent Parent, t *github.Team) bool {
	if parent.ID == nil || t.Parent == nil {
		return parent.ID == nil && t.Parent == nil
	}
	return *parent.ID == t.Parent.ID
}

// LateInitialize fills what the spec leaves unset with GitHub's values (an
// unset description as ""), and pins the organization, so that later drift
// is noticed and corrected and a new default owner does not move the
// resource. The parent is never filled in: unset means the top level. It
// reports whether it changed p.
func LateInitialize(p *common.TeamParameters, org string, t *github.Team) bool {
	changed := false
	set := func(dst **string, v string) {
		if *dst == nil && v != "" {
			*dst = ptr.To(v)
			changed = true
		}
	}
	set(&p.Organization, org)
	set(&p.Privacy, t.Privacy)
	set(&p.NotificationSetting, t.NotificationSetting)
	if p.Description == nil {
		p.Description = ptr.To(ptr.Deref(t.Description, ""))
		changed = true
	}
	return changed
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return ptr.To(s)
}

// Imported is the spec of a Team resource for GitHub's team t of org, as
// it is (its parent is the importer's to name): its organization and name,
// its description when it has one, and its privacy and notification
// setting when they are not what GitHub gives a new team in its place
// (secret at the top level, closed under a parent; notifications on).
func Imported(t *github.Team, org string) common.TeamParameters {
	p := common.TeamParameters{Organization: ptr.To(org), Name: t.Name}
	if d := ptr.Deref(t.Description, ""); d != "" {
		p.Description = ptr.To(d)
	}
	privacy := "secret"
	if t.Parent != nil {
		privacy = "closed"
	}
	if t.Privacy != "" && !strings.EqualFold(t.Privacy, privacy) {
		p.Privacy = ptr.To(t.Privacy)
	}
	if t.NotificationSetting != "" && t.NotificationSetting != "notifications_enabled" {
		p.NotificationSetting = ptr.To(t.NotificationSetting)
	}
	return p
}
