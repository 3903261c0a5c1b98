package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() {
	contractScenarios = append(contractScenarios, func(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
		runSteps(t, srv, collaboratorSteps(), nil)
	})
}

// collaboratorSteps drive collaborators and invitations. Invitation ids are
// deterministic: every server counts them from 1.
func collaboratorSteps() []step {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const secret = "/repos/demo-org/secret"
	return []step{
		{"invite outside collaborator", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token", body: `{"permission":"triage"}`}, 201,
			all(field("id", 1), field("permissions", "triage"), field("expired", false), bodyContains(`"invitee":{"login":"other-user"`),
				bodyContains(`"inviter":{"login":"demo-user"`), bodyContains(`"full_name":"demo-org/secret"`), bodyContains(`/user/repository_invitations/1"`))},
		{"invite again updates the pending invitation", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token", body: `{"permission":"maintain"}`}, 201,
			all(field("id", 1), field("permissions", "maintain"))},
		{"add org member directly", call{method: "PUT", path: secret + "/collaborators/member-user", token: "demo-token", body: `{"permission":"push"}`}, 204, nil},
		{"update collaborator permission", call{method: "PUT", path: secret + "/collaborators/member-user", token: "demo-token", body: `{"permission":"maintain"}`}, 204, nil},
		{"add unknown user", call{method: "PUT", path: secret + "/collaborators/nobody", token: "demo-token"}, 404, field("message", "Not Found")},
		{"add with invalid permission", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token", body: `{"permission":"owner"}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"field":"permission"`))},
		{"add as outsider", call{method: "PUT", path: secret + "/collaborators/other-user", token: "other-token"}, 404, nil},
		{"add as reader", call{method: "PUT", path: "/repos/demo-org/template/collaborators/other-user", token: "member-token"}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"add the owner of a personal repository", call{method: "PUT", path: "/repos/demo-user/gen2/collaborators/demo-user", token: "demo-token"}, 422,
			bodyContains(`"message":"Repository owner cannot be a collaborator"`)},
		{"permission on a personal repository", call{method: "PUT", path: "/repos/demo-user/gen2/collaborators/other-user", token: "demo-token", body: `{"permission":"admin"}`}, 422,
			bodyContains(`You can only update permissions on organization-owned repositories`)},

		{"define a custom role", call{method: "POST", path: "/_emulator/orgs/demo-org/repository-roles", body: `{"name":"deployer","baseRole":"write"}`}, 204, nil},
		{"custom role with an unknown base", call{method: "POST", path: "/_emulator/orgs/demo-org/repository-roles", body: `{"name":"boss","baseRole":"owner"}`}, 400, nil},
		{"add with a custom role", call{method: "PUT", path: "/repos/demo-org/template/collaborators/member-user", token: "demo-token", body: `{"permission":"deployer"}`}, 204, nil},
		{"permission of a custom role", call{method: "GET", path: "/repos/demo-org/template/collaborators/member-user/permission", token: "demo-token"}, 200,
			all(field("permission", "write"), field("role_name", "deployer"))},
		{"custom role lists as its base", call{method: "GET", path: "/repos/demo-org/template/collaborators?permission=push", token: "demo-token"}, 200,
			all(bodyContains(`"role_name":"deployer"`), bodyContains(`"push":true,"triage":true,"pull":true`))},
		{"custom role of another organization", call{method: "PUT", path: "/repos/demo-user/gen2/collaborators/other-user", token: "demo-token", body: `{"permission":"deployer"}`}, 422, nil},
		{"list collaborators", call{method: "GET", path: secret + "/collaborators", token: "demo-token"}, 200,
			all(bodyContains(`"login":"member-user"`), bodyContains(`"role_name":"maintain"`), notContains(`"login":"other-user"`))},
		{"list direct collaborators", call{method: "GET", path: secret + "/collaborators?affiliation=direct&per_page=1", token: "demo-token"}, 200,
			all(bodyContains(`"login":"member-user"`), notContains(`"login":"demo-user"`))},
		{"list collaborators by permission", call{method: "GET", path: secret + "/collaborators?permission=admin", token: "demo-token"}, 200,
			all(bodyContains(`"login":"demo-user"`), notContains(`"login":"member-user"`))},
		{"list collaborators without push access", call{method: "GET", path: "/repos/demo-org/template/collaborators", token: "other-token"}, 403,
			field("message", "Must have push access to view repository collaborators.")},
		{"check collaborator", call{method: "GET", path: secret + "/collaborators/member-user", token: "demo-token"}, 204, nil},
		{"check invitee before accepting", call{method: "GET", path: secret + "/collaborators/other-user", token: "demo-token"}, 404, nil},
		{"permission of a collaborator", call{method: "GET", path: secret + "/collaborators/member-user/permission", token: "demo-token"}, 200,
			all(field("permission", "write"), field("role_name", "maintain"), bodyContains(`"user":{"login":"member-user"`))},
		{"permission of a user without access", call{method: "GET", path: secret + "/collaborators/other-user/permission", token: "demo-token"}, 200,
			all(field("permission", "none"), field("role_name", "none"))},
		{"permission of an unknown user", call{method: "GET", path: secret + "/collaborators/nobody/permission", token: "demo-token"}, 404, nil},

		{"list repository invitations", call{method: "GET", path: secret + "/invitations", token: "demo-token"}, 200, bodyContains(`"id":1,`)},
		{"update invitation", call{method: "PATCH", path: secret + "/invitations/1", token: "demo-token", body: `{"permissions":"write"}`}, 200, field("permissions", "write")},
		{"update invitation with invalid permission", call{method: "PATCH", path: secret + "/invitations/1", token: "demo-token", body: `{"permissions":"owner"}`, headers: skipReq}, 422, nil},
		{"update unknown invitation", call{method: "PATCH", path: secret + "/invitations/999", token: "demo-token", body: `{"permissions":"read"}`}, 404, nil},
		{"invitee lists invitations", call{method: "GET", path: "/user/repository_invitations", token: "other-token"}, 200,
			all(bodyContains(`"id":1,`), bodyContains(`"permissions":"write"`))},
		{"someone else's invitation", call{method: "PATCH", path: "/user/repository_invitations/1", token: "demo-token"}, 404, nil},
		{"accept invitation", call{method: "PATCH", path: "/user/repository_invitations/1", token: "other-token"}, 204, nil},
		{"collaborator reads the private repository", call{method: "GET", path: secret, token: "other-token"}, 200,
			field("permissions", "map[admin:false maintain:false pull:true push:true triage:true]")},
		{"accepted invitation is gone", call{method: "GET", path: secret + "/invitations", token: "demo-token"}, 200, notContains(`"id":1,`)},
		{"check accepted collaborator", call{method: "GET", path: secret + "/collaborators/other-user", token: "demo-token"}, 204, nil},
		{"remove collaborator", call{method: "DELETE", path: secret + "/collaborators/other-user", token: "demo-token"}, 204, nil},
		{"removed collaborator loses access", call{method: "GET", path: secret, token: "other-token"}, 404, nil},

		{"invite to decline", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token"}, 201, all(field("id", 2), field("permissions", "write"))},
		{"decline invitation", call{method: "DELETE", path: "/user/repository_invitations/2", token: "other-token"}, 204, nil},
		{"decline again", call{method: "DELETE", path: "/user/repository_invitations/2", token: "other-token"}, 404, nil},
		{"invite to revoke", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token"}, 201, field("id", 3)},
		{"revoke invitation", call{method: "DELETE", path: secret + "/invitations/3", token: "demo-token"}, 204, nil},
		{"revoke again", call{method: "DELETE", path: secret + "/invitations/3", token: "demo-token"}, 404, nil},
		{"invite to expire", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token"}, 201, field("id", 4)},
		{"expire invitation", call{method: "POST", path: "/_emulator/invitations/4/expire"}, 204, nil},
		{"expire unknown invitation", call{method: "POST", path: "/_emulator/invitations/99/expire"}, 404, nil},
		{"expired invitation is listed", call{method: "GET", path: "/user/repository_invitations", token: "other-token"}, 200, bodyContains(`"expired":true`)},
		{"accept expired invitation", call{method: "PATCH", path: "/user/repository_invitations/4", token: "other-token"}, 404, nil},
		{"invite again replaces the expired invitation", call{method: "PUT", path: secret + "/collaborators/other-user", token: "demo-token"}, 201,
			all(field("id", 5), field("expired", false))},
	}
}
