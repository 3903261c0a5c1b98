package team

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
)

func ghTeam(m ...func(*github.Team)) *github.Team {
	t := &github.Team{ID: 7, NodeID: "T_7", Name: "Platform Team", Slug: "platform-team", Description: ptr.To("runs things"),
		Privacy: "closed", NotificationSetting: "notifications_enabled", HTMLURL: "https://github.com/orgs/org/teams/platform-team"}
	for _, f := range m {
		f(t)
	}
	return t
}

func withParent(id int64, slug string) func(*github.Team) {
	return func(t *github.Team) { t.Parent = &github.TeamParent{ID: id, Slug: slug} }
}

func TestSlug(t *testing.T) {
	cases := map[string]string{
		"Platform":            "platform",
		"Platform  Team!":     "platform-team",
		" --SRE & On-Call-- ": "sre-on-call",
		"a_b.c":               "a-b-c",
		"Équipe 2":            "quipe-2",
		"!!!":                 "",
		"MiXeD123case":        "mixed123case",
	}
	for name, want := range cases {
		if got := Slug(name); got != want {
			t.Errorf("Slug(%q): want %q, got %q", name, want, got)
		}
	}
}

func TestOrganization(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.TeamParameters
		def    string
		want   string
	}{
		"Spec":    {reason: "the spec's organization wins", p: common.TeamParameters{Organization: ptr.To("acme")}, def: "other", want: "acme"},
		"Default": {reason: "without one, the provider configuration's owner", def: "other", want: "other"},
		"Empty":   {reason: "an empty organization is none", p: common.TeamParameters{Organization: ptr.To("")}, def: "other", want: "other"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if got := Organization(&tc.p, tc.def); got != tc.want {
				t.Errorf("\n%s\nOrganization(...): want %q, got %q", tc.reason, tc.want, got)
			}
		})
	}
}

func TestDriftAndUpdateRequest(t *testing.T) {
	top := Parent{}
	under := func(id int64) Parent { return Parent{ID: ptr.To(id), What: "x"} }
	cases := map[string]struct {
		reason string
		p      common.TeamParameters
		parent Parent
		team   *github.Team
		drift  []string
		req    string // the JSON body of the update; "" for none
	}{
		"InSync": {
			reason: "a team as the spec says needs nothing",
			p: common.TeamParameters{Name: "Platform Team", Description: ptr.To("runs things"), Privacy: ptr.To("closed"),
				NotificationSetting: ptr.To("notifications_enabled")},
			parent: top, team: ghTeam(),
		},
		"UnsetIsNotCompared": {
			reason: "settings the spec leaves unset are GitHub's to choose",
			p:      common.TeamParameters{Name: "Platform Team"}, parent: top,
			team: ghTeam(func(t *github.Team) { t.Privacy, t.Description = "secret", nil }),
		},
		"GitHubsWords": {
			reason: "GitHub's enum words compare without regard to case; the name is kept without surrounding spaces",
			p:      common.TeamParameters{Name: "  Platform Team ", Privacy: ptr.To("CLOSED"), NotificationSetting: ptr.To("Notifications_Enabled")},
			parent: top, team: ghTeam(),
		},
		"NullDescriptionIsEmpty": {
			reason: "GitHub reports an empty description as null",
			p:      common.TeamParameters{Name: "Platform Team", Description: ptr.To("")}, parent: top,
			team: ghTeam(func(t *github.Team) { t.Description = nil }),
		},
		"RenamedOnGitHub": {
			reason: "a team renamed on GitHub is renamed back; the name's case counts, as GitHub keeps it",
			p:      common.TeamParameters{Name: "Platform Team"}, parent: top,
			team:  ghTeam(func(t *github.Team) { t.Name, t.Slug = "platform team", "platform-team" }),
			drift: []string{"name"}, req: `{"name":"Platform Team"}`,
		},
		"Settings": {
			reason: "description, privacy and notifications are set when they differ",
			p: common.TeamParameters{Name: "Platform Team", Description: ptr.To("new"), Privacy: ptr.To("secret"),
				NotificationSetting: ptr.To("notifications_disabled")},
			parent: top, team: ghTeam(),
			drift: []string{"description", "privacy", "notificationSetting"},
			req:   `{"description":"new","privacy":"secret","notification_setting":"notifications_disabled"}`,
		},
		"MoveUnderParent": {
			reason: "a top-level team the spec puts under a parent is moved there",
			p:      common.TeamParameters{Name: "Platform Team"}, parent: under(3), team: ghTeam(),
			drift: []string{"parent"}, req: `{"parent_team_id":3}`,
		},
		"MoveToOtherParent": {
			reason: "a team moved to another parent is moved back",
			p:      common.TeamParameters{Name: "Platform Team"}, parent: under(3), team: ghTeam(withParent(4, "other")),
			drift: []string{"parent"}, req: `{"parent_team_id":3}`,
		},
		"MoveToTopLevel": {
			reason: "an unset parent is the top level: a team moved under a parent is moved back with parent_team_id null",
			p:      common.TeamParameters{Name: "Platform Team"}, parent: top, team: ghTeam(withParent(4, "other")),
			drift: []string{"parent"}, req: `{"parent_team_id":null}`,
		},
		"SameParent": {
			reason: "the parent is compared by id",
			p:      common.TeamParameters{Name: "Platform Team"}, parent: under(4), team: ghTeam(withParent(4, "renamed-parent")),
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.drift, Drift(&tc.p, tc.parent, tc.team)); diff != "" {
				t.Errorf("\n%s\nDrift(...): -want, +got:\n%s", tc.reason, diff)
			}
			q := UpdateRequest(&tc.p, tc.parent, tc.team)
			got := ""
			if q != nil {
				raw, err := json.Marshal(q)
				if err != nil {
					t.Fatal(err)
				}
				got = string(raw)
			}
			if diff := cmp.Diff(tc.req, got); diff != "" {
				t.Errorf("\n%s\nUpdateRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
			if (len(tc.drift) == 0) != (q == nil) {
				t.Errorf("\n%s\nDrift and UpdateRequest disagree: drift %v, request %s", tc.reason, tc.drift, got)
			}
		})
	}
}

func TestCreateRequest(t *testing.T) {
	cases := map[string]struct {
		reason string
		p      common.TeamParameters
		parent Parent
		want   string
	}{
		"Minimal": {
			reason: "only the name is needed; GitHub chooses the rest",
			p:      common.TeamParameters{Name: " Platform "},
			want:   `{"name":"Platform"}`,
		},
		"Full": {
			reason: "every setting and the parent travel",
			p: common.TeamParameters{Name: "SRE", Description: ptr.To("on call"), Privacy: ptr.To("closed"),
				NotificationSetting: ptr.To("notifications_disabled")},
			parent: Parent{ID: ptr.To(int64(9))},
			want:   `{"name":"SRE","description":"on call","privacy":"closed","notification_setting":"notifications_disabled","parent_team_id":9}`,
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			raw, err := json.Marshal(CreateRequest(&tc.p, tc.parent))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(raw)); diff != "" {
				t.Errorf("\n%s\nCreateRequest(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestObservation(t *testing.T) {
	cases := map[string]struct {
		reason string
		team   *github.Team
		org    string
		want   common.TeamObservation
	}{
		"TopLevel": {
			reason: "a listed team has no organization: the one it was listed in is reported",
			team:   ghTeam(), org: "org",
			want: common.TeamObservation{ID: ptr.To(int64(7)), NodeID: ptr.To("T_7"), Organization: ptr.To("org"), Slug: ptr.To("platform-team"),
				Name: ptr.To("Platform Team"), Privacy: ptr.To("closed"), NotificationSetting: ptr.To("notifications_enabled"),
				HTMLURL: ptr.To("https://github.com/orgs/org/teams/platform-team")},
		},
		"Nested": {
			reason: "the parent and GitHub's spelling of the organization are reported",
			team:   ghTeam(withParent(3, "parent"), func(t *github.Team) { t.Organization = &github.Account{Login: "Org"} }), org: "org",
			want: common.TeamObservation{ID: ptr.To(int64(7)), NodeID: ptr.To("T_7"), Organization: ptr.To("Org"), Slug: ptr.To("platform-team"),
				Name: ptr.To("Platform Team"), Privacy: ptr.To("closed"), NotificationSetting: ptr.To("notifications_enabled"),
				HTMLURL: ptr.To("https://github.com/orgs/org/teams/platform-team"), ParentTeamID: ptr.To(int64(3)), ParentTeamSlug: ptr.To("parent")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Observation(tc.team, tc.org)); diff != "" {
				t.Errorf("\n%s\nObservation(...): -want, +got:\n%s", tc.reason, diff)
			}
		})
	}
}

func TestLateInitialize(t *testing.T) {
	cases := map[string]struct {
		reason  string
		p       common.TeamParameters
		team    *github.Team
		want    common.TeamParameters
		changed bool
	}{
		"FillsUnset": {
			reason: "the organization is pinned and GitHub's settings fill what the spec leaves out",
			p:      common.TeamParameters{Name: "Platform Team"}, team: ghTeam(withParent(3, "p")),
			want: common.TeamParameters{Name: "Platform Team", Organization: ptr.To("org"), Description: ptr.To("runs things"),
				Privacy: ptr.To("closed"), NotificationSetting: ptr.To("notifications_enabled")},
			changed: true,
		},
		"NullDescription": {
			reason: "a team without a description pins an empty one",
			p:      common.TeamParameters{Name: "x", Organization: ptr.To("org"), Privacy: ptr.To("secret"), NotificationSetting: ptr.To("notifications_enabled")},
			team:   ghTeam(func(t *github.Team) { t.Description = nil }),
			want: common.TeamParameters{Name: "x", Organization: ptr.To("org"), Description: ptr.To(""), Privacy: ptr.To("secret"),
				NotificationSetting: ptr.To("notifications_enabled")},
			changed: true,
		},
		"KeepsSpec": {
			reason: "what the spec says is never overwritten",
			p: common.TeamParameters{Name: "x", Organization: ptr.To("acme"), Description: ptr.To("mine"), Privacy: ptr.To("secret"),
				NotificationSetting: ptr.To("notifications_disabled")},
			team: ghTeam(),
			want: common.TeamParameters{Name: "x", Organization: ptr.To("acme"), Description: ptr.To("mine"), Privacy: ptr.To("secret"),
				NotificationSetting: ptr.To("notifications_disabled")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			changed := LateInitialize(&tc.p, "org", tc.team)
			if diff := cmp.Diff(tc.want, tc.p); diff != "" {
				t.Errorf("\n%s\nLateInitialize(...): -want, +got:\n%s", tc.reason, diff)
			}
			if changed != tc.changed {
				t.Errorf("\n%s\nLateInitialize(...): want changed %t, got %t", tc.reason, tc.changed, changed)
			}
		})
	}
}
