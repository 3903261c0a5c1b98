package emulator_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crossplane-github/provider-github/internal/emulator"
)

func init() { contractScenarios = append(contractScenarios, actionsPermissionsContract) }

// actionsPermissionsContract drives the Actions permissions of a
// repository, every endpoint: GitHub's defaults for a new repository, PUTs
// read back, and GitHub's errors.
func actionsPermissionsContract(t *testing.T, srv *httptest.Server, _ *emulator.Server) {
	skipReq := map[string]string{"X-Emulatortest-Skip-Request-Validation": "1"}
	const repo = "/repos/demo-org/actionspermissions-contract"
	const private = "/repos/demo-org/actionspermissions-private"
	perms := repo + "/actions/permissions"
	selected := perms + "/selected-actions"
	access := private + "/actions/permissions/access"
	workflow := perms + "/workflow"
	retention := perms + "/artifact-and-log-retention"
	privateRetention := private + "/actions/permissions/artifact-and-log-retention"
	fork := perms + "/fork-pr-contributor-approval"
	forkWorkflows := private + "/actions/permissions/fork-pr-workflows-private-repos"
	get := func(path string) call { return call{method: "GET", path: path, token: "demo-token"} }
	put := func(path, body string) call { return call{method: "PUT", path: path, token: "demo-token", body: body} }
	bad := func(path, body string) call {
		return call{method: "PUT", path: path, token: "demo-token", body: body, headers: skipReq}
	}
	steps := []step{
		{"create a repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"actionspermissions-contract"}`}, 201, nil},
		{"create a private repository", call{method: "POST", path: "/orgs/demo-org/repos", token: "demo-token", body: `{"name":"actionspermissions-private","private":true}`}, 201, nil},

		// Whether Actions runs and which actions may.
		{"default: enabled", get(perms), 200, field("enabled", true)},
		{"default: all actions", get(perms), 200, field("allowed_actions", "all")},
		{"default: no SHA pinning", get(perms), 200, field("sha_pinning_required", false)},
		{"default: no selected actions URL", get(perms), 200, field("selected_actions_url", nil)},
		{"enabled is required", bad(perms, `{"allowed_actions":"local_only"}`), 422,
			field("message", "Invalid request.\n\n\"enabled\" wasn't supplied.")},
		{"an unknown policy", bad(perms, `{"enabled":true,"allowed_actions":"some"}`), 422,
			field("message", "Invalid request.\n\nFor 'properties/allowed_actions', \"some\" is not one of [\"all\", \"local_only\", \"selected\"].")},
		{"a field of the wrong type", bad(perms, `{"enabled":"yes"}`), 422,
			field("message", "Invalid request.\n\nFor 'properties/enabled', \"yes\" is not a boolean.")},
		{"selected actions before selected", get(selected), 409,
			field("message", "The allowed actions policy of this repository must be set to 'selected' to read or set its selected actions.")},
		{"set selected actions before selected", put(selected, `{"verified_allowed":true}`), 409, nil},
		{"select", put(perms, `{"enabled":true,"allowed_actions":"selected","sha_pinning_required":true}`), 204, nil},
		{"read back: selected", get(perms), 200, field("allowed_actions", "selected")},
		{"read back: pinned", get(perms), 200, field("sha_pinning_required", true)},
		{"read back: selected actions URL", get(perms), 200,
			field("selected_actions_url", srv.URL+perms+"/selected-actions")},
		{"enabled alone keeps the policy", put(perms, `{"enabled":true}`), 204, nil},
		{"still selected", get(perms), 200, field("allowed_actions", "selected")},

		// The selected actions.
		{"default: GitHub's own allowed", get(selected), 200, field("github_owned_allowed", true)},
		{"default: verified creators not", get(selected), 200, field("verified_allowed", false)},
		{"default: no patterns", get(selected), 200, field("patterns_allowed", []any{})},
		{"set the selected actions", put(selected, `{"verified_allowed":true,"patterns_allowed":["monalisa/octocat@*"]}`), 204, nil},
		{"read back: verified", get(selected), 200, field("verified_allowed", true)},
		{"read back: patterns", get(selected), 200, field("patterns_allowed", []any{"monalisa/octocat@*"})},
		{"read back: GitHub's own kept", get(selected), 200, field("github_owned_allowed", true)},
		{"patterns of the wrong type", bad(selected, `{"patterns_allowed":"monalisa/*"}`), 422,
			field("message", "Invalid request.\n\nFor 'properties/patterns_allowed', \"monalisa/*\" is not a array.")},

		// Access from other repositories: private and internal ones only.
		{"default: no access", get(access), 200, field("access_level", "none")},
		{"share with the organization", put(access, `{"access_level":"organization"}`), 204, nil},
		{"read back: organization", get(access), 200, field("access_level", "organization")},
		{"access_level is required", bad(access, `{}`), 422, field("message", "Invalid request.\n\n\"access_level\" wasn't supplied.")},
		{"an unknown level", bad(access, `{"access_level":"everyone"}`), 422,
			field("message", "Invalid request.\n\nFor 'properties/access_level', \"everyone\" is not one of [\"none\", \"user\", \"organization\"].")},
		{"a public repository's access reads", get(repo + "/actions/permissions/access"), 200, field("access_level", "none")},
		{"a public repository's access is not set", put(repo+"/actions/permissions/access", `{"access_level":"organization"}`), 422,
			field("message", "Validation Failed")},

		// The GITHUB_TOKEN's default permissions.
		{"default: read", get(workflow), 200, field("default_workflow_permissions", "read")},
		{"default: no approving", get(workflow), 200, field("can_approve_pull_request_reviews", false)},
		{"set the token's permissions", put(workflow, `{"default_workflow_permissions":"write","can_approve_pull_request_reviews":true}`), 204, nil},
		{"read back: write", get(workflow), 200, field("default_workflow_permissions", "write")},
		{"read back: approving", get(workflow), 200, field("can_approve_pull_request_reviews", true)},
		{"one field keeps the other", put(workflow, `{"can_approve_pull_request_reviews":false}`), 204, nil},
		{"still write", get(workflow), 200, field("default_workflow_permissions", "write")},
		{"an unknown permission", bad(workflow, `{"default_workflow_permissions":"admin"}`), 422,
			field("message", "Invalid request.\n\nFor 'properties/default_workflow_permissions', \"admin\" is not one of [\"read\", \"write\"].")},

		// Artifact and log retention: up to 90 days public, 400 private.
		{"default: 90 days", get(retention), 200, field("days", 90)},
		{"a public repository's longest", get(retention), 200, field("maximum_allowed_days", 90)},
		{"a private repository's longest", get(privateRetention), 200, field("maximum_allowed_days", 400)},
		{"set 30 days", put(retention, `{"days":30}`), 204, nil},
		{"read back: 30 days", get(retention), 200, field("days", 30)},
		{"longer than a public repository keeps", put(retention, `{"days":91}`), 422, field("message", "Validation Failed")},
		{"a private repository keeps longer", put(privateRetention, `{"days":400}`), 204, nil},
		{"no day", put(retention, `{"days":0}`), 422, field("message", "Validation Failed")},
		{"days is required", bad(retention, `{}`), 422, field("message", "Invalid request.\n\n\"days\" wasn't supplied.")},
		{"unchanged by what was refused", get(retention), 200, field("days", 30)},

		// Fork pull request approval.
		{"default: first-time contributors new to GitHub", get(fork), 200, field("approval_policy", "first_time_contributors_new_to_github")},
		{"set: every external contributor", put(fork, `{"approval_policy":"all_external_contributors"}`), 204, nil},
		{"read back: every external contributor", get(fork), 200, field("approval_policy", "all_external_contributors")},
		{"an unknown policy of approval", bad(fork, `{"approval_policy":"nobody"}`), 422,
			field("message", "Invalid request.\n\nFor 'properties/approval_policy', \"nobody\" is not one of [\"first_time_contributors_new_to_github\", \"first_time_contributors\", \"all_external_contributors\"].")},
		{"approval_policy is required", bad(fork, `{}`), 422, field("message", "Invalid request.\n\n\"approval_policy\" wasn't supplied.")},

		// How forks' pull requests' workflows run: private and internal
		// repositories only.
		{"default: forks' workflows do not run", get(forkWorkflows), 200, field("run_workflows_from_fork_pull_requests", false)},
		{"default: no write tokens", get(forkWorkflows), 200, field("send_write_tokens_to_workflows", false)},
		{"default: no secrets", get(forkWorkflows), 200, field("send_secrets_and_variables", false)},
		{"default: no approval", get(forkWorkflows), 200, field("require_approval_for_fork_pr_workflows", false)},
		{"run forks' workflows after approval", put(forkWorkflows, `{"run_workflows_from_fork_pull_requests":true,"require_approval_for_fork_pr_workflows":true}`), 204, nil},
		{"read back: they run", get(forkWorkflows), 200, field("run_workflows_from_fork_pull_requests", true)},
		{"read back: after approval", get(forkWorkflows), 200, field("require_approval_for_fork_pr_workflows", true)},
		{"run alone keeps the rest", put(forkWorkflows, `{"run_workflows_from_fork_pull_requests":true}`), 204, nil},
		{"still after approval", get(forkWorkflows), 200, field("require_approval_for_fork_pr_workflows", true)},
		{"run_workflows_from_fork_pull_requests is required", bad(forkWorkflows, `{"send_secrets_and_variables":true}`), 422,
			field("message", "Invalid request.\n\n\"run_workflows_from_fork_pull_requests\" wasn't supplied.")},
		{"a public repository's forks' workflows read", get(perms + "/fork-pr-workflows-private-repos"), 200,
			field("run_workflows_from_fork_pull_requests", false)},
		{"a public repository's forks' workflows are not set", put(perms+"/fork-pr-workflows-private-repos", `{"run_workflows_from_fork_pull_requests":true}`), 422,
			field("message", "Validation Failed")},

		// Who may, and where.
		{"set as a reader", call{method: "PUT", path: perms, token: "member-token", body: `{"enabled":false}`}, 403,
			field("message", "Must have admin rights to Repository.")},
		{"an unknown repository", get("/repos/demo-org/nothing/actions/permissions"), 404, field("message", "Not Found")},
		{"archive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":true}`}, 200, nil},
		{"archived: set", put(perms, `{"enabled":false}`), 403, field("message", "Repository was archived so is read-only.")},
		{"archived: set the token's permissions", put(workflow, `{"default_workflow_permissions":"read"}`), 403,
			field("message", "Repository was archived so is read-only.")},
		{"archived: still read", get(perms), 200, field("enabled", true)},
		{"unarchive", call{method: "PATCH", path: repo, token: "demo-token", body: `{"archived":false}`}, 200, nil},
		{"disable", put(perms, `{"enabled":false}`), 204, nil},
		{"read back: disabled", get(perms), 200, field("enabled", false)},
	}
	runSteps(t, srv, steps, nil)
}
