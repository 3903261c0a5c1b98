package emulator_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

// exchange is one request of a behaviour scenario: the status that must come
// back and substrings the body must (has) or must not (lacks) contain.
type exchange struct {
	name   string
	call   call
	status int
	has    string
	lacks  string
}

func runExchanges(t *testing.T, seed *emulator.Seed, steps []exchange) {
	t.Helper()
	srv, _ := newServer(t, emulator.Options{Seed: seed})
	runWith(t, srv, steps)
}

// runWith runs exchanges against a server the test already has.
func runWith(t *testing.T, srv *httptest.Server, steps []exchange) {
	t.Helper()
	for _, s := range steps {
		a := do(t, srv, s.call)
		switch {
		case a.status != s.status:
			t.Errorf("%s: %s %s = %d, want %d: %.300s", s.name, s.call.method, s.call.path, a.status, s.status, a.body)
		case s.has != "" && !strings.Contains(string(a.body), s.has):
			t.Errorf("%s: body lacks %s: %.400s", s.name, s.has, a.body)
		case s.lacks != "" && strings.Contains(string(a.body), s.lacks):
			t.Errorf("%s: body has %s: %.400s", s.name, s.lacks, a.body)
		}
	}
}

// collaboratorSeed is the default seed with an organization member and a
// third user.
func collaboratorSeed() *emulator.Seed {
	s := emulator.DefaultSeed()
	s.Users = append(s.Users,
		emulator.SeedUser{Login: "member-user", Tokens: []string{"member-token"}},
		emulator.SeedUser{Login: "third-user", Tokens: []string{"third-token"}})
	s.Orgs[0].Members = append(s.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	return s
}

// TestAddCollaboratorInvitesOrAdds: an organization member is added at once
// (204), anyone else is invited (201) and becomes a collaborator by
// accepting, with the permission the invitation had when accepted.
func TestAddCollaboratorInvitesOrAdds(t *testing.T) {
	const repo = "/repos/demo-org/inner"
	runExchanges(t, collaboratorSeed(), []exchange{
		{"create", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"inner","private":true}`}, 201, "", ""},
		{"member added directly", call{method: "PUT", path: repo + "/collaborators/member-user", token: "demo-token", body: `{"permission":"push"}`}, 204, "", ""},
		{"no invitation for the member", call{method: "GET", path: repo + "/invitations", token: "demo-token"}, 200, "[]", ""},
		{"member can push", call{method: "GET", path: repo, token: "member-token"}, 200, `"push":true`, ""},
		{"outsider invited", call{method: "PUT", path: repo + "/collaborators/other-user", token: "demo-token", body: `{"permission":"pull"}`}, 201, `"permissions":"read"`, ""},
		{"invitee not yet a collaborator", call{method: "GET", path: repo + "/collaborators/other-user", token: "demo-token"}, 404, "", ""},
		{"invitee cannot see the private repository", call{method: "GET", path: repo, token: "other-token"}, 404, "", ""},
		{"invitation raised to admin", call{method: "PATCH", path: repo + "/invitations/1", token: "demo-token", body: `{"permissions":"admin"}`}, 200, `"permissions":"admin"`, ""},
		{"invitee sees the raised invitation", call{method: "GET", path: "/user/repository_invitations", token: "other-token"}, 200, `"permissions":"admin"`, ""},
		{"other users do not see it", call{method: "GET", path: "/user/repository_invitations", token: "third-token"}, 200, "[]", ""},
		{"accept", call{method: "PATCH", path: "/user/repository_invitations/1", token: "other-token"}, 204, "", ""},
		{"accepted once only", call{method: "PATCH", path: "/user/repository_invitations/1", token: "other-token"}, 404, "", ""},
		{"collaborator is admin", call{method: "GET", path: repo + "/collaborators/other-user/permission", token: "demo-token"}, 200, `"permission":"admin","role_name":"admin"`, ""},
		{"collaborator administers", call{method: "PUT", path: repo + "/topics", token: "other-token", body: `{"names":["x"]}`}, 200, "", ""},
		{"existing collaborator updated", call{method: "PUT", path: repo + "/collaborators/other-user", token: "demo-token", body: `{"permission":"triage"}`}, 204, "", ""},
		{"updated permission", call{method: "GET", path: repo + "/collaborators/other-user/permission", token: "demo-token"}, 200, `"permission":"read","role_name":"triage"`, ""},
		{"triage cannot push", call{method: "PUT", path: repo + "/topics", token: "other-token", body: `{"names":["y"]}`}, 403, "", ""},
		{"listed outside", call{method: "GET", path: repo + "/collaborators?affiliation=outside", token: "demo-token"}, 200, `"login":"other-user"`, `"login":"member-user"`},
		{"collaborator leaves", call{method: "DELETE", path: repo + "/collaborators/other-user", token: "other-token"}, 204, "", ""},
		{"gone", call{method: "GET", path: repo + "/collaborators/other-user", token: "demo-token"}, 404, "", ""},
		{"a non-admin cannot remove others", call{method: "DELETE", path: repo + "/collaborators/other-user", token: "member-token"}, 403, "Must have admin rights to Repository.", ""},
		{"an outsider cannot see them", call{method: "DELETE", path: repo + "/collaborators/member-user", token: "third-token"}, 404, "", ""},
	})
}

// TestInvitationDeclineAndExpiry: a declined invitation is gone; an expired
// one stays listed as expired and cannot be accepted.
func TestInvitationDeclineAndExpiry(t *testing.T) {
	const repo = "/repos/demo-user/home"
	runExchanges(t, collaboratorSeed(), []exchange{
		{"create", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"home"}`}, 201, "", ""},
		{"invite", call{method: "PUT", path: repo + "/collaborators/other-user", token: "demo-token"}, 201, `"permissions":"write"`, ""},
		{"decline", call{method: "DELETE", path: "/user/repository_invitations/1", token: "other-token"}, 204, "", ""},
		{"declined invitation gone for the admin", call{method: "GET", path: repo + "/invitations", token: "demo-token"}, 200, "[]", ""},
		{"declined invitation gone for the invitee", call{method: "GET", path: "/user/repository_invitations", token: "other-token"}, 200, "[]", ""},
		{"not a collaborator", call{method: "GET", path: repo + "/collaborators/other-user", token: "demo-token"}, 404, "", ""},
		{"invite again", call{method: "PUT", path: repo + "/collaborators/other-user", token: "demo-token"}, 201, `"id":2,`, ""},
		{"expire", call{method: "POST", path: "/_emulator/invitations/2/expire"}, 204, "", ""},
		{"expired for the admin", call{method: "GET", path: repo + "/invitations", token: "demo-token"}, 200, `"expired":true`, ""},
		{"expired for the invitee", call{method: "GET", path: "/user/repository_invitations", token: "other-token"}, 200, `"expired":true`, ""},
		{"expired cannot be accepted", call{method: "PATCH", path: "/user/repository_invitations/2", token: "other-token"}, 404, "", ""},
		{"still not a collaborator", call{method: "GET", path: repo + "/collaborators/other-user", token: "demo-token"}, 404, "", ""},
		{"expired can be declined", call{method: "DELETE", path: "/user/repository_invitations/2", token: "other-token"}, 204, "", ""},
	})
}

// TestCollaboratorsFollowTheRepository: collaborators and invitations follow
// a rename and die with the repository.
func TestCollaboratorsFollowTheRepository(t *testing.T) {
	runExchanges(t, collaboratorSeed(), []exchange{
		{"create", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"life"}`}, 201, "", ""},
		{"invite other", call{method: "PUT", path: "/repos/demo-user/life/collaborators/other-user", token: "demo-token"}, 201, "", ""},
		{"other accepts", call{method: "PATCH", path: "/user/repository_invitations/1", token: "other-token"}, 204, "", ""},
		{"invite third", call{method: "PUT", path: "/repos/demo-user/life/collaborators/third-user", token: "demo-token"}, 201, `"id":2,`, ""},
		{"rename", call{method: "PATCH", path: "/repos/demo-user/life", token: "demo-token", body: `{"name":"life2"}`}, 200, "", ""},
		{"collaborator kept", call{method: "GET", path: "/repos/demo-user/life2/collaborators/other-user", token: "demo-token"}, 204, "", ""},
		{"invitation kept", call{method: "GET", path: "/user/repository_invitations", token: "third-token"}, 200, `"full_name":"demo-user/life2"`, ""},
		{"delete", call{method: "DELETE", path: "/repos/demo-user/life2", token: "demo-token"}, 204, "", ""},
		{"invitation gone", call{method: "GET", path: "/user/repository_invitations", token: "third-token"}, 200, "[]", ""},
		{"cannot accept it", call{method: "PATCH", path: "/user/repository_invitations/2", token: "third-token"}, 404, "", ""},
		{"create again", call{method: "POST", path: "/user/repos", token: "demo-token", body: `{"name":"life2"}`}, 201, "", ""},
		{"collaborator not resurrected", call{method: "GET", path: "/repos/demo-user/life2/collaborators/other-user", token: "demo-token"}, 404, "", ""},
		{"invitations not resurrected", call{method: "GET", path: "/repos/demo-user/life2/invitations", token: "demo-token"}, 200, "[]", ""},
		{"only the owner listed", call{method: "GET", path: "/repos/demo-user/life2/collaborators", token: "demo-token"}, 200, `"login":"demo-user"`, `"login":"other-user"`},
	})
}

// TestArchivedRepositoryReportsEveryCollaboratorAsRead: GitHub answers
// every collaborator of an archived repository as read, whatever was
// granted (integrations/terraform-provider-github #153); unarchived, the
// granted role shows again.
// TestArchivedRepositoryReportsEveryCollaboratorAsRead also shows that an
// archived repository's access cannot be changed.
func TestArchivedRepositoryReportsEveryCollaboratorAsRead(t *testing.T) {
	const repo = "/repos/demo-org/frozen"
	perm := call{method: "GET", path: repo + "/collaborators/member-user/permission", token: "demo-token"}
	runExchanges(t, collaboratorSeed(), []exchange{
		{"create", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"frozen","private":true}`}, 201, "", ""},
		{"grant maintain", call{method: "PUT", path: repo + "/collaborators/member-user", token: "demo-token", body: `{"permission":"maintain"}`}, 204, "", ""},
		{"a team", call{method: "POST", path: "/orgs/demo-org/teams", token: "demo-token", body: `{"name":"platform","privacy":"closed"}`}, 201, "", ""},
		{"maintain shows", perm, 200, `"role_name":"maintain"`, ""},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, `"archived":true`, ""},
		{"archived: read", perm, 200, `"permission":"read","role_name":"read"`, `"role_name":"maintain"`},
		{"archived: the admin too", call{method: "GET", path: repo + "/collaborators/demo-user/permission", token: "demo-token"}, 200, `"permission":"read"`, `"permission":"admin"`},
		{"archived: listed as read", call{method: "GET", path: repo + "/collaborators?affiliation=direct", token: "demo-token"}, 200, `"role_name":"read"`, `"role_name":"maintain"`},
		// "Once a repository is archived, you cannot add or remove
		// collaborators or teams": a client that writes what it reads as
		// read is refused for ever.
		{"archived: a change is refused", call{method: "PUT", path: repo + "/collaborators/member-user", token: "demo-token", body: `{"permission":"push"}`}, 403, `archived so is read-only`, ""},
		{"archived: a removal is refused", call{method: "DELETE", path: repo + "/collaborators/member-user", token: "demo-token"}, 403, `archived so is read-only`, ""},
		{"archived: a team's access is refused", call{method: "PUT", path: "/orgs/demo-org/teams/platform/repos/demo-org/frozen", token: "demo-token", body: `{"permission":"push"}`}, 403, `archived so is read-only`, ""},
		{"archived: still read", perm, 200, `"role_name":"read"`, ""},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, `"archived":false`, ""},
		{"the access kept shows", perm, 200, `"role_name":"maintain"`, ""},
	})
}
