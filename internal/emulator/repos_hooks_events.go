package emulator

import "sort"

// hookEvents are the events a repository webhook can subscribe to, and "*"
// for all of them. They are the webhooks of GitHub's OpenAPI description
// (@octokit/openapi 23.0.2, generated/api.github.com.json, x-webhooks)
// whose x-github.supported-webhook-types include "repository", named as
// the X-GitHub-Event header names them; ping is left out (GitHub sends it
// once, when a hook is created: it cannot be subscribed to). GitHub's REST
// documentation ("Webhook events and payloads") lists the same names.
var hookEvents = map[string]bool{
	"*":                               true,
	"branch_protection_configuration": true,
	"branch_protection_rule":          true,
	"check_run":                       true,
	"check_suite":                     true,
	"code_scanning_alert":             true,
	"commit_comment":                  true,
	"create":                          true,
	"custom_property_values":          true,
	"delete":                          true,
	"dependabot_alert":                true,
	"deploy_key":                      true,
	"deployment":                      true,
	"deployment_status":               true,
	"discussion":                      true,
	"discussion_comment":              true,
	"fork":                            true,
	"gollum":                          true,
	"issue_comment":                   true,
	"issue_dependencies":              true,
	"issues":                          true,
	"label":                           true,
	"member":                          true,
	"meta":                            true,
	"milestone":                       true,
	"package":                         true,
	"page_build":                      true,
	"project":                         true,
	"project_card":                    true,
	"project_column":                  true,
	"public":                          true,
	"pull_request":                    true,
	"pull_request_review":             true,
	"pull_request_review_comment":     true,
	"pull_request_review_thread":      true,
	"push":                            true,
	"registry_package":                true,
	"release":                         true,
	"repository":                      true,
	"repository_advisory":             true,
	"repository_import":               true,
	"repository_ruleset":              true,
	"repository_vulnerability_alert":  true,
	"secret_scanning_alert":           true,
	"secret_scanning_alert_location":  true,
	"secret_scanning_scan":            true,
	"security_and_analysis":           true,
	"star":                            true,
	"status":                          true,
	"sub_issues":                      true,
	"team_add":                        true,
	"watch":                           true,
	"workflow_job":                    true,
	"workflow_run":                    true,
}

// HookEvents returns, sorted, the event names a repository webhook of the
// emulator accepts ("*" among them), so that tests can hold other lists
// of them to the emulator's.
func HookEvents() []string {
	out := make([]string, 0, len(hookEvents))
	for e := range hookEvents {
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}

// orgHookEvents are the events an organization webhook can subscribe to:
// a repository webhook's, for every repository of the organization, and
// those of the organization itself. They are the webhooks of GitHub's
// OpenAPI description whose x-github.supported-webhook-types include
// "organization". The description's X-GitHub-Event examples name three of
// them project-v2, project-v2-item and project-v2-status-update; GitHub
// sends (and its documentation names) them projects_v2, projects_v2_item
// and projects_v2_status_update.
var orgHookEvents = func() map[string]bool {
	m := map[string]bool{
		"custom_property":               true,
		"membership":                    true,
		"org_block":                     true,
		"organization":                  true,
		"personal_access_token_request": true,
		"projects_v2":                   true,
		"projects_v2_item":              true,
		"projects_v2_status_update":     true,
		"team":                          true,
	}
	for e := range hookEvents {
		m[e] = true
	}
	return m
}()

// OrgHookEvents returns, sorted, the event names an organization webhook
// of the emulator accepts ("*" among them).
func OrgHookEvents() []string {
	out := make([]string, 0, len(orgHookEvents))
	for e := range orgHookEvents {
		out = append(out, e)
	}
	sort.Strings(out)
	return out
}
