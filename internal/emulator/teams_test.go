package emulator_test

import (
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func TestTeamSlug(t *testing.T) {
	for name, want := range map[string]string{
		"Platform":             "platform",
		"Platform  Team!":      "platform-team",
		"  --SRE & On-Call-- ": "sre-on-call",
		"a_b.c":                "a-b-c",
		"Équipe 2":             "quipe-2",
		"!!!":                  "",
	} {
		if got := emulator.TeamSlug(name); got != want {
			t.Errorf("TeamSlug(%q) = %q, want %q", name, got, want)
		}
	}
}

// teamSeed has a closed parent team with a maintainer and a child team whose
// member is a plain organization member.
func teamSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users, emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "member-user"})
	s.Teams = []emulator.SeedTeam{
		{Org: "demo-org", Name: "Platform", Privacy: "closed", Members: []emulator.SeedTeamMember{{Login: "demo-user", Role: "maintainer"}}},
		{Org: "demo-org", Name: "SRE", Parent: "platform", Members: []emulator.SeedTeamMember{{Login: "member-user"}}},
	}
	s.Repos = []emulator.SeedRepo{{Owner: "demo-org", Name: "svc", Visibility: "private"}}
	return s
}

// TestTeamGrantsFollowTheRepository grants a parent team a repository and
// checks what the child team's member may do, through a repository rename and
// a delete and re-creation under the same name.
func TestTeamGrantsFollowTheRepository(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: teamSeed()})
	media := map[string]string{"Accept": "application/vnd.github.v3.repository+json"}
	steps := []struct {
		name   string
		call   call
		status int
		want   string
	}{
		{"seeded child team", call{method: "GET", path: "/orgs/demo-org/teams/sre", token: "demo-token"}, 200, `"privacy":"closed"`},
		{"member cannot push yet", call{method: "PUT", path: "/repos/demo-org/svc/topics", token: "member-token", body: `{"names":["x"]}`}, 403, ""},
		{"grant the parent team push", call{method: "PUT", path: "/orgs/demo-org/teams/platform/repos/demo-org/svc", token: "demo-token", body: `{"permission":"push"}`}, 204, ""},
		{"child team's member can push", call{method: "PUT", path: "/repos/demo-org/svc/topics", token: "member-token", body: `{"names":["x"]}`}, 200, ""},
		{"but is not admin", call{method: "PATCH", path: "/repos/demo-org/svc", token: "member-token", body: `{"description":"x"}`}, 403, ""},
		{"member sees the permission in the repository", call{method: "GET", path: "/repos/demo-org/svc", token: "member-token"}, 200, `"push":true`},
		{"rename the repository", call{method: "PATCH", path: "/repos/demo-org/svc", token: "demo-token", body: `{"name":"svc2"}`}, 200, ""},
		{"grant kept by the rename", call{method: "GET", path: "/orgs/demo-org/teams/platform/repos/demo-org/svc2", token: "demo-token", headers: media}, 200, `"full_name":"demo-org/svc2"`},
		{"listed under the new name", call{method: "GET", path: "/orgs/demo-org/teams/platform/repos", token: "demo-token"}, 200, `"full_name":"demo-org/svc2"`},
		{"delete the repository", call{method: "DELETE", path: "/repos/demo-org/svc2", token: "demo-token"}, 204, ""},
		{"create it again", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"svc2","private":true}`}, 201, ""},
		{"grant not resurrected", call{method: "GET", path: "/orgs/demo-org/teams/platform/repos/demo-org/svc2", token: "demo-token"}, 404, ""},
		{"team lists no repository", call{method: "GET", path: "/orgs/demo-org/teams/platform/repos", token: "demo-token"}, 200, "[]"},
		{"member cannot push again", call{method: "PUT", path: "/repos/demo-org/svc2/topics", token: "member-token", body: `{"names":["y"]}`}, 403, ""},
	}
	for _, s := range steps {
		a := do(t, srv, s.call)
		if a.status != s.status || !strings.Contains(string(a.body), s.want) {
			t.Errorf("%s: %s %s = %d %.300s, want %d with %s", s.name, s.call.method, s.call.path, a.status, a.body, s.status, s.want)
		}
	}
}

// TestDeletingATeamDropsItsGrants deletes a parent team: its child goes too,
// and so do both teams' repository grants.
func TestDeletingATeamDropsItsGrants(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{Seed: teamSeed()})
	for _, c := range []call{
		{method: "PUT", path: "/orgs/demo-org/teams/platform/repos/demo-org/svc", token: "demo-token", body: `{"permission":"admin"}`},
		{method: "PUT", path: "/orgs/demo-org/teams/sre/repos/demo-org/svc", token: "demo-token", body: `{"permission":"push"}`},
	} {
		if a := do(t, srv, c); a.status != 204 {
			t.Fatalf("%s %s = %d %s", c.method, c.path, a.status, a.body)
		}
	}
	if a := do(t, srv, call{method: "PATCH", path: "/repos/demo-org/svc", token: "member-token", body: `{"description":"via the parent's admin grant"}`}); a.status != 200 {
		t.Fatalf("member with an inherited admin grant: PATCH = %d %s", a.status, a.body)
	}
	if a := do(t, srv, call{method: "DELETE", path: "/orgs/demo-org/teams/platform", token: "demo-token"}); a.status != 204 {
		t.Fatalf("delete parent = %d %s", a.status, a.body)
	}
	if a := do(t, srv, call{method: "GET", path: "/orgs/demo-org/teams", token: "demo-token"}); string(a.body) != "[]" {
		t.Errorf("teams after deleting the parent = %s, want none", a.body)
	}
	// A team created again under the child's name starts without its grant.
	if a := do(t, srv, call{method: "POST", path: "/orgs/demo-org/teams", token: "demo-token", body: `{"name":"SRE"}`}); a.status != 201 {
		t.Fatalf("re-create = %d %s", a.status, a.body)
	}
	if a := do(t, srv, call{method: "GET", path: "/orgs/demo-org/teams/sre/repos/demo-org/svc", token: "demo-token"}); a.status != 404 {
		t.Errorf("re-created team's grant = %d, want 404", a.status)
	}
	if a := do(t, srv, call{method: "PUT", path: "/repos/demo-org/svc/topics", token: "member-token", body: `{"names":["z"]}`}); a.status != 403 {
		t.Errorf("member after the grants went = %d, want 403", a.status)
	}
}

// TestTeamCustomRoleGrant grants a team an organization's custom repository
// role: GitHub names the role in role_name, and the team's members get what
// its base role gives.
func TestTeamCustomRoleGrant(t *testing.T) {
	srv, emu := newServer(t, emulator.Options{Seed: teamSeed()})
	if err := emu.State().AddRepositoryRole("demo-org", "deployer", "write"); err != nil {
		t.Fatal(err)
	}
	media := map[string]string{"Accept": "application/vnd.github.v3.repository+json"}
	steps := []struct {
		name   string
		call   call
		status int
		want   string
	}{
		{"grant the child team the custom role", call{method: "PUT", path: "/orgs/demo-org/teams/sre/repos/demo-org/svc", token: "demo-token", body: `{"permission":"deployer"}`}, 204, ""},
		{"named by its role", call{method: "GET", path: "/orgs/demo-org/teams/sre/repos/demo-org/svc", token: "demo-token", headers: media}, 200, `"role_name":"deployer"`},
		{"member can push, as write allows", call{method: "PUT", path: "/repos/demo-org/svc/topics", token: "member-token", body: `{"names":["x"]}`}, 200, ""},
		{"but is not admin", call{method: "PATCH", path: "/repos/demo-org/svc", token: "member-token", body: `{"description":"x"}`}, 403, ""},
		{"back to a built-in permission", call{method: "PUT", path: "/orgs/demo-org/teams/sre/repos/demo-org/svc", token: "demo-token", body: `{"permission":"pull"}`}, 204, ""},
		{"named read", call{method: "GET", path: "/orgs/demo-org/teams/sre/repos/demo-org/svc", token: "demo-token", headers: media}, 200, `"role_name":"read"`},
		{"member cannot push any more", call{method: "PUT", path: "/repos/demo-org/svc/topics", token: "member-token", body: `{"names":["y"]}`}, 403, ""},
	}
	for _, s := range steps {
		a := do(t, srv, s.call)
		if a.status != s.status || !strings.Contains(string(a.body), s.want) {
			t.Errorf("%s: %s %s = %d %.300s, want %d with %s", s.name, s.call.method, s.call.path, a.status, a.body, s.status, s.want)
		}
	}
}

func TestSeedTeams(t *testing.T) {
	s, err := emulator.ParseSeed([]byte(`
users: [{login: alice}, {login: bob}]
orgs: [{login: acme, members: [{login: alice, role: admin}, {login: bob}]}]
teams:
  - {id: 7, org: acme, slug: devs, members: [bob]}
  - {org: acme, name: Core Platform, privacy: closed, members: [{login: alice, role: maintainer}]}
  - {org: acme, name: Child, parent: core-platform}
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.NewChecked(emulator.Options{Seed: s}); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]string{
		"unknown member field": `{org: acme, slug: x, members: [{login: bob, rank: 1}]}`,
		"not an org member":    `{org: acme, slug: x, members: [carol]}`,
		"bad role":             `{org: acme, slug: x, members: [{login: bob, role: owner}]}`,
		"secret parent":        `{org: acme, slug: x, parent: devs}`,
		"unknown parent":       `{org: acme, slug: x, parent: nope}`,
		"bad slug":             `{org: acme, slug: "Not A Slug"}`,
		"duplicate":            `{org: acme, name: DEVS}`,
	} {
		raw := "users: [{login: alice}, {login: bob}]\norgs: [{login: acme, members: [{login: alice, role: admin}, {login: bob}]}]\nteams:\n  - {org: acme, slug: devs}\n  - " + bad + "\n"
		if s, err := emulator.ParseSeed([]byte(raw)); err == nil {
			if _, err := emulator.NewChecked(emulator.Options{Seed: s}); err == nil {
				t.Errorf("%s: seed accepted", name)
			}
		}
	}
}
