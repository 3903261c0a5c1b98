package emulator_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, orgSettingsContract) }

// orgSettingsContract drives an organization's settings: GitHub's
// defaults as its owners read them, PATCH of every field it takes, the
// summaries GitHub derives, and its refusals.
func orgSettingsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	const org = "/orgs/demo-org"
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	long := `"` + strings.Repeat("x", 161) + `"`
	steps := []step{
		{"GitHub's defaults (members may not create repositories, as seeded), as an owner reads them", call{method: "GET", path: org, token: "demo-token"}, 200,
			all(field("default_repository_permission", "read"), field("members_can_create_repositories", false), field("members_allowed_repository_creation_type", "none"),
				field("members_can_create_public_repositories", false), field("members_can_create_private_repositories", false), field("members_can_create_internal_repositories", false),
				field("members_can_create_pages", true), field("members_can_fork_private_repositories", false), field("web_commit_signoff_required", false),
				field("has_organization_projects", true), field("has_repository_projects", true), field("deploy_keys_enabled_for_repositories", true),
				field("dependency_graph_enabled_for_new_repositories", false), field("secret_scanning_push_protection_custom_link_enabled", false),
				bodyContains(`"billing_email":null`), bodyContains(`"secret_scanning_push_protection_custom_link":null`))},
		{"a member sees no owner's fields", call{method: "GET", path: org, token: "member-token"}, 200,
			all(field("default_repository_permission", "read"), notContains("billing_email"), notContains("members_can_create_public_repositories"))},
		{"an outsider sees the profile only", call{method: "GET", path: org, token: "other-token"}, 200,
			all(notContains("default_repository_permission"), notContains("billing_email"))},

		{"update the profile and every privilege", call{method: "PATCH", path: org, token: "demo-token", body: `{
			"billing_email": "billing@example.com", "company": "Demo Inc.", "email": "hello@example.com", "twitter_username": "demo_org",
			"location": "Lisbon", "name": "Demo Org", "description": "We demo things.", "blog": "https://blog.example.com",
			"has_organization_projects": false, "has_repository_projects": false, "default_repository_permission": "write",
			"members_can_create_public_repositories": false, "members_can_create_private_repositories": true,
			"members_can_create_public_pages": false, "members_can_fork_private_repositories": true, "web_commit_signoff_required": true,
			"advanced_security_enabled_for_new_repositories": true, "dependabot_alerts_enabled_for_new_repositories": true,
			"dependabot_security_updates_enabled_for_new_repositories": true, "dependency_graph_enabled_for_new_repositories": true,
			"secret_scanning_enabled_for_new_repositories": true, "secret_scanning_push_protection_enabled_for_new_repositories": true,
			"secret_scanning_push_protection_custom_link_enabled": true, "secret_scanning_push_protection_custom_link": "https://example.com/blocked",
			"deploy_keys_enabled_for_repositories": false}`}, 200,
			all(field("billing_email", "billing@example.com"), field("company", "Demo Inc."), field("email", "hello@example.com"), field("twitter_username", "demo_org"),
				field("location", "Lisbon"), field("name", "Demo Org"), field("description", "We demo things."), field("blog", "https://blog.example.com"),
				field("has_organization_projects", false), field("has_repository_projects", false), field("default_repository_permission", "write"),
				field("members_can_create_repositories", true), field("members_allowed_repository_creation_type", "private"),
				field("members_can_create_public_repositories", false), field("members_can_create_private_repositories", true),
				field("members_can_create_pages", true), field("members_can_create_public_pages", false), field("members_can_create_private_pages", true),
				field("members_can_fork_private_repositories", true), field("web_commit_signoff_required", true),
				field("advanced_security_enabled_for_new_repositories", true), field("dependabot_alerts_enabled_for_new_repositories", true),
				field("dependabot_security_updates_enabled_for_new_repositories", true), field("dependency_graph_enabled_for_new_repositories", true),
				field("secret_scanning_enabled_for_new_repositories", true), field("secret_scanning_push_protection_enabled_for_new_repositories", true),
				field("secret_scanning_push_protection_custom_link_enabled", true), field("secret_scanning_push_protection_custom_link", "https://example.com/blocked"),
				field("deploy_keys_enabled_for_repositories", false))},
		{"kept: a read shows the update", call{method: "GET", path: org, token: "demo-token"}, 200,
			all(field("company", "Demo Inc."), field("members_can_create_public_repositories", false), field("deploy_keys_enabled_for_repositories", false))},
		{"what a PATCH leaves out is kept", call{method: "PATCH", path: org, token: "demo-token", body: `{"location": "Porto"}`}, 200,
			all(field("location", "Porto"), field("company", "Demo Inc."), field("default_repository_permission", "write"))},
		{"no repository creation at all", call{method: "PATCH", path: org, token: "demo-token", body: `{"members_can_create_repositories": false, "members_can_create_pages": false}`}, 200,
			all(field("members_can_create_repositories", false), field("members_allowed_repository_creation_type", "none"),
				field("members_can_create_private_repositories", false), field("members_can_create_pages", false), field("members_can_create_private_pages", false))},
		{"the closing-down summary: all", call{method: "PATCH", path: org, token: "demo-token", body: `{"members_allowed_repository_creation_type": "all"}`}, 200,
			all(field("members_can_create_public_repositories", true), field("members_can_create_private_repositories", true))},
		{"members may create repositories now", call{method: "POST", path: "/orgs/demo-org/repos", token: "member-token", body: `{"name":"by-member"}`}, 201, nil},
		{"clear the public email and the link", call{method: "PATCH", path: org, token: "demo-token", body: `{"email": "", "secret_scanning_push_protection_custom_link": "", "twitter_username": ""}`}, 200,
			all(notContains(`"email":"`), bodyContains(`"secret_scanning_push_protection_custom_link":null`), bodyContains(`"twitter_username":null`))},

		{"internal repositories outside Enterprise Cloud", call{method: "PATCH", path: org, token: "demo-token", body: `{"members_can_create_internal_repositories": true}`}, 422,
			all(field("message", "Validation Failed"), bodyContains(`"field":"members_can_create_internal_repositories"`), bodyContains("Enterprise Cloud"))},
		{"private only outside Enterprise Cloud", call{method: "PATCH", path: org, token: "demo-token", body: `{"members_allowed_repository_creation_type": "private"}`}, 422,
			bodyContains(`"field":"members_allowed_repository_creation_type"`)},
		{"a permission that is not one", call{method: "PATCH", path: org, token: "demo-token", headers: skipReq, body: `{"default_repository_permission": "maintain"}`}, 422,
			bodyContains(`"field":"default_repository_permission"`)},
		{"a description too long", call{method: "PATCH", path: org, token: "demo-token", body: `{"description": ` + long + `}`}, 422,
			bodyContains(`"field":"description"`)},
		{"a billing email that is not one", call{method: "PATCH", path: org, token: "demo-token", body: `{"billing_email": "billing at example"}`}, 422,
			bodyContains(`"field":"billing_email"`)},
		{"a Twitter username that is not one", call{method: "PATCH", path: org, token: "demo-token", body: `{"twitter_username": "not a name"}`}, 422,
			bodyContains(`"field":"twitter_username"`)},
		{"a field of the wrong type", call{method: "PATCH", path: org, token: "demo-token", headers: skipReq, body: `{"web_commit_signoff_required": "yes"}`}, 422,
			bodyContains(`Invalid request.`)},
		{"a refused body changed nothing", call{method: "GET", path: org, token: "demo-token"}, 200,
			all(field("members_can_create_internal_repositories", false), field("description", "We demo things."), field("web_commit_signoff_required", true))},
		{"a member may not", call{method: "PATCH", path: org, token: "member-token", body: `{"company": "Mine"}`}, 403,
			field("message", "You must be an organization owner.")},
		{"an outsider finds none", call{method: "PATCH", path: org, token: "other-token", body: `{"company": "Mine"}`}, 404, nil},
		{"no such organization", call{method: "PATCH", path: "/orgs/no-such-org", token: "demo-token", body: `{"company": "Mine"}`}, 404, nil},
		{"members may not create repositories again, as seeded", call{method: "PATCH", path: org, token: "demo-token", body: `{"members_can_create_repositories": false}`}, 200,
			field("members_can_create_repositories", false)},
		{"so a member's create is refused", call{method: "POST", path: "/orgs/demo-org/repos", token: "member-token", body: `{"name":"by-member-2"}`}, 403, nil},
	}
	runSteps(t, srv, steps, nil)
}
