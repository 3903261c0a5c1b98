package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, orgMembershipsContract) }

// orgMembershipsContract drives an organization's memberships, its
// invitations and its teams' memberships, the invitee answering on the
// emulator's control surface.
func orgMembershipsContract(t *testing.T, srv *httptest.Server, emu *emulator.Server) {
	if err := emu.State().Apply(&emulator.Seed{Users: []emulator.SeedUser{{Login: "Pat-Person", Tokens: []string{"pat-token"}}, {Login: "quinn"}, {Login: "robin"}}}); err != nil {
		t.Fatalf("seeding the invitees: %v", err)
	}
	answer := func(login, what string) func(*testing.T, answer) {
		return func(t *testing.T, _ answer) {
			t.Helper()
			if err := emu.State().AnswerOrgInvitation("demo-org", login, what); err != nil {
				t.Errorf("%s %s's invitation: %v", what, login, err)
			}
		}
	}
	const (
		org   = "/orgs/demo-org"
		ms    = org + "/memberships/"
		team  = org + "/teams/people"
		tms   = team + "/memberships/"
		owner = "demo-token"
	)
	steps := []step{
		{"an owner's membership", call{method: "GET", path: ms + "demo-user", token: owner}, 200,
			all(field("state", "active"), field("role", "admin"), bodyContains(`"organization":{"login":"demo-org"`), bodyContains(`"user":{"login":"demo-user"`))},
		{"a member reads a membership", call{method: "GET", path: ms + "DEMO-USER", token: "member-token"}, 200, field("role", "admin")},
		{"an outsider reads none", call{method: "GET", path: ms + "demo-user", token: "other-token"}, 404, nil},
		{"no membership of a stranger", call{method: "GET", path: ms + "quinn", token: owner}, 404, field("message", "Not Found")},
		{"no membership of an unknown user", call{method: "GET", path: ms + "nobody-here", token: owner}, 404, nil},
		{"unknown organization", call{method: "GET", path: "/orgs/nope/memberships/quinn", token: owner}, 404, nil},

		{"invite", call{method: "PUT", path: ms + "pat-person", token: owner, body: `{"role":"admin"}`}, 200,
			all(field("state", "pending"), field("role", "admin"), bodyContains(`"login":"Pat-Person"`))},
		{"invited again: the same invitation", call{method: "PUT", path: ms + "Pat-Person", token: owner, body: `{"role":"member"}`}, 200, all(field("state", "pending"), field("role", "member"))},
		{"pending membership", call{method: "GET", path: ms + "pat-person", token: owner}, 200, all(field("state", "pending"), field("role", "member"))},
		{"pending invitations", call{method: "GET", path: org + "/invitations", token: owner}, 200,
			all(count(1), bodyContains(`"login":"Pat-Person"`), bodyContains(`"role":"direct_member"`), bodyContains(`"inviter":{"login":"demo-user"`), bodyContains(`"team_count":0`))},
		{"invitations are the owners'", call{method: "GET", path: org + "/invitations", token: "member-token"}, 403, field("message", "You must be an admin to perform this action.")},
		{"invite: unknown role", call{method: "PUT", path: ms + "quinn", token: owner, body: `{"role":"owner"}`, headers: map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}}, 422, bodyContains(`"field":"role"`)},
		{"invite: unknown user", call{method: "PUT", path: ms + "nobody-here", token: owner, body: `{}`}, 404, nil},
		{"invite: an organization", call{method: "PUT", path: ms + "demo-org", token: owner, body: `{}`}, 422, bodyContains(`"field":"user"`)},
		{"invite as member", call{method: "PUT", path: ms + "quinn", token: "member-token", body: `{}`}, 403, nil},
		{"accepted", call{method: "GET", path: ms + "pat-person", token: owner}, 200, answer("pat-person", emulator.AnswerAccept)},
		{"active after accepting", call{method: "GET", path: ms + "pat-person", token: owner}, 200, all(field("state", "active"), field("role", "member"))},
		{"promote", call{method: "PUT", path: ms + "pat-person", token: owner, body: `{"role":"admin"}`}, 200, all(field("state", "active"), field("role", "admin"))},
		{"members", call{method: "GET", path: org + "/members", token: owner}, 200, all(bodyContains(`"login":"Pat-Person"`), bodyContains(`"login":"member-user"`))},
		{"admins", call{method: "GET", path: org + "/members?role=admin", token: "member-token"}, 200, all(count(2), notContains(`"login":"member-user"`))},
		{"plain members", call{method: "GET", path: org + "/members?role=member&per_page=1", token: owner}, 200, all(count(1), bodyContains(`"login":"member-user"`))},
		{"no one without two-factor authentication", call{method: "GET", path: org + "/members?filter=2fa_disabled", token: owner}, 200, count(0)},
		{"members: outsiders see none", call{method: "GET", path: org + "/members", token: "other-token"}, 200, count(0)},
		{"members: unknown role", call{method: "GET", path: org + "/members?role=owner", token: owner, headers: map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}}, 422, nil},
		{"members of an unknown organization", call{method: "GET", path: "/orgs/nope/members", token: owner}, 404, nil},
		{"demote", call{method: "PUT", path: ms + "demo-user", token: "pat-token", body: `{"role":"member"}`}, 200, field("role", "member")},
		{"the last owner is not demoted", call{method: "PUT", path: ms + "pat-person", token: "pat-token", body: `{"role":"member"}`}, 403, field("message", "You cannot demote the last owner of an organization.")},
		{"nor removed", call{method: "DELETE", path: ms + "pat-person", token: "pat-token"}, 403, field("message", "You cannot remove the last owner of an organization.")},
		{"promote back", call{method: "PUT", path: ms + "demo-user", token: "pat-token", body: `{"role":"admin"}`}, 200, field("role", "admin")},

		{"a team", call{method: "POST", path: org + "/teams", token: owner, body: `{"name":"People"}`}, 201, field("slug", "people")},
		{"a member joins the team", call{method: "PUT", path: tms + "PAT-PERSON", token: owner, body: `{"role":"maintainer"}`}, 200, all(field("state", "active"), field("role", "maintainer"))},
		{"team membership", call{method: "GET", path: tms + "pat-person", token: owner}, 200, all(field("state", "active"), field("role", "maintainer"))},
		{"team members", call{method: "GET", path: team + "/members", token: owner}, 200, all(count(2), bodyContains(`"login":"Pat-Person"`))},
		{"team maintainers", call{method: "GET", path: team + "/members?role=maintainer", token: owner}, 200, count(2)},
		{"team members in the member role", call{method: "GET", path: team + "/members?role=member", token: owner}, 200, count(0)},
		{"team members: unknown role", call{method: "GET", path: team + "/members?role=owner", token: owner, headers: map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}}, 422, nil},
		{"team members of an unknown team", call{method: "GET", path: org + "/teams/nope/members", token: owner}, 404, nil},
		{"an outsider is invited through the team", call{method: "PUT", path: tms + "quinn", token: owner, body: `{}`}, 200, all(field("state", "pending"), field("role", "member"))},
		{"pending team membership", call{method: "GET", path: tms + "quinn", token: owner}, 200, field("state", "pending")},
		{"the organization membership is pending too", call{method: "GET", path: ms + "quinn", token: owner}, 200, all(field("state", "pending"), field("role", "member"))},
		{"the invitation names the team", call{method: "GET", path: org + "/invitations", token: owner}, 200, all(count(1), bodyContains(`"team_count":1`))},
		{"another owner invites through the team", call{method: "PUT", path: tms + "robin", token: "pat-token", body: `{}`}, 200, field("state", "pending")},
		{"a member does not see the secret team", call{method: "PUT", path: tms + "robin", token: "member-token", body: `{}`}, 404, nil},
		{"team membership: unknown role", call{method: "PUT", path: tms + "quinn", token: owner, body: `{"role":"owner"}`, headers: map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}}, 422, bodyContains(`"field":"role"`)},
		{"team membership: unknown user", call{method: "PUT", path: tms + "nobody-here", token: owner, body: `{}`}, 404, nil},
		{"team membership: an organization", call{method: "PUT", path: tms + "demo-org", token: owner, body: `{}`}, 422, nil},
		{"team membership: unknown team", call{method: "PUT", path: org + "/teams/nope/memberships/quinn", token: owner, body: `{}`}, 404, nil},
		{"quinn accepts", call{method: "GET", path: tms + "quinn", token: owner}, 200, answer("quinn", emulator.AnswerAccept)},
		{"active in the team after accepting", call{method: "GET", path: tms + "quinn", token: owner}, 200, all(field("state", "active"), field("role", "member"))},
		{"robin declines", call{method: "GET", path: tms + "robin", token: owner}, 200, answer("robin", emulator.AnswerDecline)},
		{"declined: no team membership", call{method: "GET", path: tms + "robin", token: owner}, 404, nil},
		{"declined: no organization membership", call{method: "GET", path: ms + "robin", token: owner}, 404, nil},
		{"failed invitations", call{method: "GET", path: org + "/failed_invitations", token: owner}, 200,
			all(count(1), bodyContains(`"login":"robin"`), bodyContains(`"failed_reason":"Invitation declined by user"`), bodyContains(`"failed_at":"`))},
		{"failed invitations are the owners'", call{method: "GET", path: org + "/failed_invitations", token: "member-token"}, 403, nil},
		{"invited again", call{method: "PUT", path: ms + "robin", token: owner, body: `{}`}, 200, field("state", "pending")},
		{"and let expire", call{method: "GET", path: ms + "robin", token: owner}, 200, answer("robin", emulator.AnswerExpire)},
		{"expired", call{method: "GET", path: org + "/failed_invitations", token: owner}, 200, all(count(2), bodyContains(`"failed_reason":"Invitation expired. User did not accept this invite for 7 days"`))},

		{"leave the team", call{method: "DELETE", path: tms + "quinn", token: owner}, 204, nil},
		{"left: still in the organization", call{method: "GET", path: ms + "quinn", token: owner}, 200, field("state", "active")},
		{"leave the team again", call{method: "DELETE", path: tms + "quinn", token: owner}, 404, nil},
		{"remove as a member who does not see the team", call{method: "DELETE", path: tms + "pat-person", token: "member-token"}, 404, nil},
		{"a pending team membership is withdrawn", call{method: "PUT", path: tms + "robin", token: owner, body: `{}`}, 200, field("state", "pending")},
		{"withdraw it", call{method: "DELETE", path: tms + "robin", token: owner}, 204, nil},
		{"withdrawn", call{method: "GET", path: tms + "robin", token: owner}, 404, nil},
		{"the organization invitation stays", call{method: "GET", path: ms + "robin", token: owner}, 200, field("state", "pending")},
		{"cancel the invitation", call{method: "DELETE", path: ms + "robin", token: owner}, 204, nil},
		{"cancelled", call{method: "GET", path: ms + "robin", token: owner}, 404, nil},
		{"remove a member", call{method: "DELETE", path: ms + "pat-person", token: owner}, 204, nil},
		{"removed from the organization's teams too", call{method: "GET", path: tms + "pat-person", token: owner}, 404, nil},
		{"remove again", call{method: "DELETE", path: ms + "pat-person", token: owner}, 404, nil},
		{"remove as member", call{method: "DELETE", path: ms + "quinn", token: "member-token"}, 403, nil},
		{"remove an unknown user", call{method: "DELETE", path: ms + "nobody-here", token: owner}, 404, nil},
		{"clean up", call{method: "DELETE", path: ms + "quinn", token: owner}, 204, nil},
		{"clean up the team", call{method: "DELETE", path: team, token: owner}, 204, nil},
	}
	runSteps(t, srv, steps, nil)
}

// TestTeamMembershipNeedsAnOwnerToInvite: a team's maintainer who is no
// owner adds members of the organization, but GitHub leaves inviting
// anyone else to the owners.
func TestTeamMembershipNeedsAnOwnerToInvite(t *testing.T) {
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "maintainer", Tokens: []string{"maintainer-token"}}, emulator.SeedUser{Login: "member-user"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "maintainer", Role: emulator.RoleMember}, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Teams = []emulator.SeedTeam{{Org: "demo-org", Name: "crew", Members: []emulator.SeedTeamMember{{Login: "maintainer", Role: emulator.TeamRoleMaintainer}}}}
	srv, _ := newServer(t, emulator.Options{Seed: seed})
	tms := "/orgs/demo-org/teams/crew/memberships/"
	runSteps(t, srv, []step{
		{"a maintainer adds a member of the organization", call{method: "PUT", path: tms + "member-user", token: "maintainer-token", body: `{}`}, 200, field("state", "active")},
		{"but does not invite an outsider", call{method: "PUT", path: tms + "other-user", token: "maintainer-token", body: `{}`}, 403, field("message", "You must be an organization owner to invite a user to the organization.")},
		{"nor sees the invitations", call{method: "GET", path: "/orgs/demo-org/invitations", token: "maintainer-token"}, 403, nil},
	}, nil)
}

// TestOrgInvitationControl: the control surface answers an organization
// invitation as its invitee would, and says when there is none.
func TestOrgInvitationControl(t *testing.T) {
	srv, _ := newServer(t, emulator.Options{})
	runSteps(t, srv, []step{
		{"invite", call{method: "PUT", path: "/orgs/demo-org/memberships/other-user", token: "demo-token", body: `{"role":"admin"}`}, 200, field("state", "pending")},
	}, nil)
	post := func(path string) int {
		t.Helper()
		resp, err := srv.Client().Post(srv.URL+"/_emulator"+path, "application/json", nil)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/orgs/demo-org/invitations/other-user/shrug", 404},
		{"/orgs/nope/invitations/other-user/accept", 404},
		{"/orgs/demo-org/invitations/other-user/accept", 204},
		{"/orgs/demo-org/invitations/other-user/accept", 404},
		{"/orgs/demo-org/invitations", 404},
	} {
		if got := post(tc.path); got != tc.want {
			t.Errorf("POST /_emulator%s = %d, want %d", tc.path, got, tc.want)
		}
	}
	runSteps(t, srv, []step{
		{"an owner now", call{method: "GET", path: "/orgs/demo-org/memberships/other-user", token: "demo-token"}, 200, all(field("state", "active"), field("role", "admin"))},
	}, nil)
}
