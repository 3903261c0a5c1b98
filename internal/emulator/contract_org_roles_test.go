package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, orgRolesContract) }

// holders checks a role's holders list: each holder (a team's slug or a
// user's login, the key) and how it holds the role, in the list's order.
func roleHoldersAre(key string, want ...string) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		var items []map[string]any
		if err := json.Unmarshal(a.body, &items); err != nil {
			t.Fatalf("holders: %v: %.300s", err, a.body)
		}
		got := make([]string, 0, len(items))
		for _, it := range items {
			got = append(got, fmt.Sprintf("%v=%v", it[key], it["assignment"]))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("holders = %v, want %v", got, want)
		}
	}
}

// roleNames checks the names of an organization's roles list.
func orgRoleNames(want ...string) func(*testing.T, answer) {
	return func(t *testing.T, a answer) {
		t.Helper()
		var list struct {
			TotalCount int `json:"total_count"`
			Roles      []struct {
				Name string `json:"name"`
			} `json:"roles"`
		}
		if err := json.Unmarshal(a.body, &list); err != nil {
			t.Fatalf("roles: %v", err)
		}
		var got []string
		for _, r := range list.Roles {
			got = append(got, r.Name)
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") || list.TotalCount != len(want) {
			t.Errorf("roles = %v (total_count %d), want %v", got, list.TotalCount, want)
		}
	}
}

// orgRolesContract drives an organization's roles: the predefined ones and
// a custom one, given to teams (a child team holds its parent's roles
// indirectly) and to members (a team's members hold its roles indirectly),
// taken away, and dropped with a deleted team or a removed member.
func orgRolesContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	st := emu.State()
	if err := st.Apply(&emulator.Seed{
		Users: []emulator.SeedUser{{Login: "Role-Holder"}, {Login: "role-stranger"}},
		Teams: []emulator.SeedTeam{
			{Org: "demo-org", Name: "Role Sec", Privacy: emulator.PrivacyClosed},
			{Org: "demo-org", Name: "Role Sec Leads", Parent: "role-sec"},
		},
	}); err != nil {
		t.Fatalf("seeding the holders: %v", err)
	}
	auditor, err := st.AddOrganizationRole("demo-org", "Auditor", "Reads the audit log", "", []string{"read_audit_logs"})
	if err != nil {
		t.Fatalf("adding a custom role: %v", err)
	}
	accept := func(t *testing.T, _ answer) {
		t.Helper()
		if err := st.AnswerOrgInvitation("demo-org", "role-holder", emulator.AnswerAccept); err != nil {
			t.Errorf("accepting role-holder's invitation: %v", err)
		}
	}
	const (
		org     = "/orgs/demo-org"
		roles   = org + "/organization-roles"
		sec     = roles + "/138"
		teams   = roles + "/teams/"
		users   = roles + "/users/"
		owner   = "demo-token"
		member  = "member-token"
		another = "other-token"
	)
	custom := fmt.Sprintf("%s/%d", roles, auditor)
	steps := []step{
		{"role-holder is invited", call{method: "PUT", path: org + "/memberships/role-holder", token: owner, body: `{}`}, 200, accept},
		{"and joins the parent team", call{method: "PUT", path: org + "/teams/role-sec/memberships/role-holder", token: owner, body: `{}`}, 200, field("state", "active")},

		{"the roles", call{method: "GET", path: roles, token: owner}, 200,
			all(orgRoleNames("all_repo_read", "all_repo_triage", "all_repo_write", "all_repo_maintain", "all_repo_admin", "security_manager", "Auditor"),
				bodyContains(`"id":8132,"name":"all_repo_read"`), bodyContains(`"base_role":"admin","source":"Predefined"`),
				bodyContains(`"name":"Auditor","description":"Reads the audit log","base_role":null,"source":"Organization","permissions":["read_audit_logs"],"organization":{"login":"demo-org"`))},
		{"roles are the owners'", call{method: "GET", path: roles, token: member}, 403, field("message", "You must be an admin to perform this action.")},
		{"roles of an organization one is not in", call{method: "GET", path: roles, token: another}, 404, nil},
		{"roles of an unknown organization", call{method: "GET", path: "/orgs/nope/organization-roles", token: owner}, 404, nil},
		{"a role", call{method: "GET", path: sec, token: owner}, 200, all(field("name", "security_manager"), field("source", "Predefined"), field("organization", nil))},
		{"a custom role", call{method: "GET", path: custom, token: owner}, 200, all(field("name", "Auditor"), field("source", "Organization"))},
		{"an unknown role", call{method: "GET", path: roles + "/999", token: owner}, 404, field("message", "Not Found")},

		{"no team holds it yet", call{method: "GET", path: sec + "/teams", token: owner}, 200, count(0)},
		{"no user holds it yet", call{method: "GET", path: sec + "/users", token: owner}, 200, count(0)},
		{"give a team the role", call{method: "PUT", path: teams + "role-sec/138", token: owner}, 204, nil},
		{"again: no change", call{method: "PUT", path: teams + "ROLE-SEC/138", token: owner}, 204, nil},
		{"the team holds it, its child team through it", call{method: "GET", path: sec + "/teams", token: owner}, 200,
			all(roleHoldersAre("slug", "role-sec=direct", "role-sec-leads=indirect"), bodyContains(`"parent":{"id":`))},
		{"its member holds it through the team", call{method: "GET", path: sec + "/users", token: owner}, 200,
			all(roleHoldersAre("login", "Role-Holder=indirect"), bodyContains(`"inherited_from":[{"id":`), bodyContains(`"slug":"role-sec"`))},
		{"give the member the role too", call{method: "PUT", path: users + "role-holder/138", token: owner}, 204, nil},
		{"mixed", call{method: "GET", path: sec + "/users", token: owner}, 200, roleHoldersAre("login", "Role-Holder=mixed")},
		{"the child team directly too", call{method: "PUT", path: teams + "role-sec-leads/138", token: owner}, 204, nil},
		{"the child team: mixed", call{method: "GET", path: sec + "/teams", token: owner}, 200, roleHoldersAre("slug", "role-sec=direct", "role-sec-leads=mixed")},
		{"holders page by page", call{method: "GET", path: sec + "/teams?per_page=1&page=2", token: owner}, 200, roleHoldersAre("slug", "role-sec-leads=mixed")},

		{"a user who is not a member", call{method: "PUT", path: users + "role-stranger/138", token: owner}, 422,
			all(field("message", "Validation Failed"), bodyContains(`role-stranger is not a member of the organization`))},
		{"an unknown user", call{method: "PUT", path: users + "nobody-here/138", token: owner}, 404, nil},
		{"an unknown team", call{method: "PUT", path: teams + "nope/138", token: owner}, 404, nil},
		{"an unknown role for a team", call{method: "PUT", path: teams + "role-sec/999", token: owner}, 404, nil},
		{"an unknown role for a user", call{method: "PUT", path: users + "role-holder/999", token: owner}, 404, nil},
		{"a member cannot give roles", call{method: "PUT", path: teams + "role-sec/138", token: member}, 403, nil},
		{"nor list holders", call{method: "GET", path: sec + "/teams", token: member}, 403, nil},
		{"holders of an unknown role", call{method: "GET", path: roles + "/999/users", token: owner}, 404, nil},

		{"the custom role to the child team", call{method: "PUT", path: teams + "role-sec-leads/" + fmt.Sprint(auditor), token: owner}, 204, nil},
		{"the custom role's teams", call{method: "GET", path: custom + "/teams", token: owner}, 200, roleHoldersAre("slug", "role-sec-leads=direct")},
		{"the custom role to the owner", call{method: "PUT", path: users + "demo-user/" + fmt.Sprint(auditor), token: owner}, 204, nil},
		{"the custom role's users", call{method: "GET", path: custom + "/users", token: owner}, 200, roleHoldersAre("login", "demo-user=direct")},

		{"take the member's role away", call{method: "DELETE", path: users + "role-holder/138", token: owner}, 204, nil},
		{"still held through the team", call{method: "GET", path: sec + "/users", token: owner}, 200, roleHoldersAre("login", "Role-Holder=indirect")},
		{"take it away again: no change", call{method: "DELETE", path: users + "role-holder/138", token: owner}, 204, nil},
		{"take the team's role away", call{method: "DELETE", path: teams + "role-sec/138", token: owner}, 204, nil},
		{"the child team holds it directly only", call{method: "GET", path: sec + "/teams", token: owner}, 200, roleHoldersAre("slug", "role-sec-leads=direct")},
		{"no one holds it through a team any more", call{method: "GET", path: sec + "/users", token: owner}, 200, count(0)},
		{"take a role from an unknown team", call{method: "DELETE", path: teams + "nope/138", token: owner}, 404, nil},
		{"take a role from an unknown user", call{method: "DELETE", path: users + "nobody-here/138", token: owner}, 404, nil},
		{"take an unknown role", call{method: "DELETE", path: users + "role-holder/999", token: owner}, 404, nil},
		{"a member cannot take roles away", call{method: "DELETE", path: teams + "role-sec-leads/138", token: member}, 403, nil},

		{"the member holds a role again", call{method: "PUT", path: users + "role-holder/" + fmt.Sprint(auditor), token: owner}, 204, nil},
		{"the member leaves the organization", call{method: "DELETE", path: org + "/memberships/role-holder", token: owner}, 204, nil},
		{"and holds no role", call{method: "GET", path: custom + "/users", token: owner}, 200, roleHoldersAre("login", "demo-user=direct")},
		{"delete the teams", call{method: "DELETE", path: org + "/teams/role-sec", token: owner}, 204, nil},
		{"a deleted team holds no role", call{method: "GET", path: sec + "/teams", token: owner}, 200, count(0)},
		{"nor its child team", call{method: "GET", path: custom + "/teams", token: owner}, 200, count(0)},
		{"clean up", call{method: "DELETE", path: users + "demo-user/" + fmt.Sprint(auditor), token: owner}, 204, nil},
	}
	runSteps(t, srv, steps, nil)
	if err := st.DeleteOrganizationRole("demo-org", "auditor"); err != nil {
		t.Errorf("deleting the custom role: %v", err)
	}
}
