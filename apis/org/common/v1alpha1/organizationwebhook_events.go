package v1alpha1

// OrganizationWebhookEvent is an event an organization webhook can be
// sent, or "*" for every event.
//
// The list is GitHub's: the webhooks of GitHub's OpenAPI description
// (npm @octokit/openapi 23.0.2, generated/api.github.com.json, under
// x-webhooks) whose x-github.supported-webhook-types include
// "organization", named as their X-GitHub-Event header names them — every
// repository webhook event (see repo's WebhookEvent) and the
// organization's own. "ping" is left out (GitHub sends it once, when a
// hook is created, and it cannot be subscribed to), and so is discussions
// (the header example of some discussion webhooks, whose event is
// discussion). The description's header examples name three events
// project-v2, project-v2-item and project-v2-status-update: GitHub sends
// them, and its REST documentation ("Webhook events and payloads") names
// them, projects_v2, projects_v2_item and projects_v2_status_update. To
// refresh the list from a copy of the description:
//
//	node -e 'const d=require("./api.github.com.json"),s=new Set();
//	  for (const w of Object.values(d["x-webhooks"])) { const o=w.post;
//	    if (o["x-github"]["supported-webhook-types"].includes("organization"))
//	      s.add(o.parameters.find(p=>p.name==="X-Github-Event").example) }
//	  console.log([...s].sort().join(";"))'
//
// The emulator keeps the same list (internal/emulator/repos_hooks_events.go,
// orgHookEvents); a test holds them equal.
// +kubebuilder:validation:Enum="*";branch_protection_configuration;branch_protection_rule;check_run;check_suite;code_scanning_alert;commit_comment;create;custom_property;custom_property_values;delete;dependabot_alert;deploy_key;deployment;deployment_status;discussion;discussion_comment;fork;gollum;issue_comment;issue_dependencies;issues;label;member;membership;meta;milestone;org_block;organization;package;page_build;personal_access_token_request;project;project_card;project_column;projects_v2;projects_v2_item;projects_v2_status_update;public;pull_request;pull_request_review;pull_request_review_comment;pull_request_review_thread;push;registry_package;release;repository;repository_advisory;repository_import;repository_ruleset;repository_vulnerability_alert;secret_scanning_alert;secret_scanning_alert_location;secret_scanning_scan;security_and_analysis;star;status;sub_issues;team;team_add;watch;workflow_job;workflow_run
type OrganizationWebhookEvent string
