package v1alpha1

// WebhookEvent is an event a repository webhook can be sent, or "*" for
// every event.
//
// The list is GitHub's: the webhooks of GitHub's OpenAPI description
// (npm @octokit/openapi 23.0.2, generated/api.github.com.json, under
// x-webhooks) whose x-github.supported-webhook-types include "repository",
// named as their X-GitHub-Event header names them; "ping" is left out (GitHub
// sends it once, when a hook is created, and it cannot be subscribed to).
// GitHub's REST documentation, "Webhook events and payloads", lists the same
// names. To refresh it from a copy of the description:
//
//	node -e 'const d=require("./api.github.com.json"),s=new Set();
//	  for (const w of Object.values(d["x-webhooks"])) { const o=w.post;
//	    if (o["x-github"]["supported-webhook-types"].includes("repository"))
//	      s.add(o.parameters.find(p=>p.name==="X-Github-Event").example) }
//	  console.log([...s].sort().join(";"))'
//
// then drop ping, and discussions (the header example of some discussion
// webhooks, whose event is discussion). The emulator keeps the same list
// (internal/emulator/repos_hooks_events.go); a test holds them equal.
// +kubebuilder:validation:Enum="*";branch_protection_configuration;branch_protection_rule;check_run;check_suite;code_scanning_alert;commit_comment;create;custom_property_values;delete;dependabot_alert;deploy_key;deployment;deployment_status;discussion;discussion_comment;fork;gollum;issue_comment;issue_dependencies;issues;label;member;meta;milestone;package;page_build;project;project_card;project_column;public;pull_request;pull_request_review;pull_request_review_comment;pull_request_review_thread;push;registry_package;release;repository;repository_advisory;repository_import;repository_ruleset;repository_vulnerability_alert;secret_scanning_alert;secret_scanning_alert_location;secret_scanning_scan;security_and_analysis;star;status;sub_issues;team_add;watch;workflow_job;workflow_run
type WebhookEvent string

// WebhookEventAll stands for every event.
const WebhookEventAll WebhookEvent = "*"
