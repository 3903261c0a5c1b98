package emulator

import (
	"fmt"
	"net/http"
	"strings"
)

// The Actions permissions of a repository
// (https://docs.github.com/rest/actions/permissions): seven settings GitHub
// keeps at their own endpoints under /repos/{owner}/{repo}/actions/permissions,
// each GitHub's default for a new repository until someone sets it, read
// with GET and written with PUT (answered 204). Only admins read or write
// them.
const docActionsPermissions = "https://docs.github.com/rest/actions/permissions"

// Values of the Actions permissions, as GitHub's description spells them.
var (
	allowedActionsValues   = []string{"all", "local_only", "selected"}
	accessLevelValues      = []string{"none", "user", "organization"}
	workflowTokenValues    = []string{"read", "write"}
	forkApprovalPolicies   = []string{"first_time_contributors_new_to_github", "first_time_contributors", "all_external_contributors"}
	publicRetentionMaxDays = int64(90)  // the longest artifact and log retention of a public repository
	privateRetentionMax    = int64(400) // and of a private or internal one
)

var (
	// actionsPermissions: whether Actions runs, which actions may, and
	// whether they must be pinned to a commit SHA.
	actionsPermissions = &setting[actionsPermissionsValue]{
		name: "actionspermissions", def: func() actionsPermissionsValue { return actionsPermissionsValue{Enabled: true, Allowed: "all"} },
		render: renderActionsPermissions, read: readActionsPermissions, reply: replyNone,
	}
	// actionsSelected: the actions allowed when allowed_actions is
	// selected; GitHub refuses it otherwise.
	actionsSelected = &setting[actionsSelectedValue]{
		name: "actionspermissions-selected", def: func() actionsSelectedValue { return actionsSelectedValue{GitHubOwned: true, Patterns: []string{}} },
		render: renderActionsSelected, read: readActionsSelected, reply: replyNone, inRepo: onlySelected,
	}
	// actionsAccess: which workflows outside the repository may use its
	// actions and reusable workflows; private and internal repositories
	// only.
	actionsAccess = &setting[actionsAccessValue]{
		name: "actionspermissions-access", def: func() actionsAccessValue { return actionsAccessValue{Level: "none"} },
		render: renderActionsAccess, read: readActionsAccess, reply: replyNone, inRepo: onlyPrivateWrites,
	}
	// actionsWorkflow: the GITHUB_TOKEN's default permissions, and
	// whether Actions may approve pull requests.
	actionsWorkflow = &setting[actionsWorkflowValue]{
		name: "actionspermissions-workflow", def: func() actionsWorkflowValue { return actionsWorkflowValue{Default: "read"} },
		render: renderActionsWorkflow, read: readActionsWorkflow, reply: replyNone,
	}
	// actionsRetention: how long artifacts and logs are kept; its longest
	// depends on the repository's visibility.
	actionsRetention = &setting[actionsRetentionValue]{
		name: "actionspermissions-retention", def: func() actionsRetentionValue { return actionsRetentionValue{Days: 90} },
		render: renderActionsRetention, read: readActionsRetention, reply: replyNone, inRepo: retentionLimit,
	}
	// actionsForkApproval: which pull requests from forks need a
	// maintainer's approval before their workflows run.
	actionsForkApproval = &setting[actionsForkApprovalValue]{
		name: "actionspermissions-fork-approval", def: func() actionsForkApprovalValue { return actionsForkApprovalValue{Policy: forkApprovalPolicies[0]} },
		render: renderActionsForkApproval, read: readActionsForkApproval, reply: replyNone,
	}
	// actionsPrivateForkWorkflows: whether, and with what, the workflows
	// of pull requests from forks run in a private repository; none run in
	// a new one. Private and internal repositories only.
	actionsPrivateForkWorkflows = &setting[actionsPrivateForkWorkflowsValue]{
		name: "actionspermissions-private-fork-workflows", def: func() actionsPrivateForkWorkflowsValue { return actionsPrivateForkWorkflowsValue{} },
		render: renderActionsPrivateForkWorkflows, read: readActionsPrivateForkWorkflows, reply: replyNone, inRepo: onlyPrivateForkWrites,
	}
)

func init() { registerKind(actionsPermissions.name, actionsPermissionsRoutes) }

// actionsPermissionsRoutes declares a repository's Actions permissions, for
// its admins.
func actionsPermissionsRoutes(_ *Server, t *routeTable) {
	op := func(anchor string) repoOp {
		return repoOp{auth: authRequired, need: accessAdmin, doc: docActionsPermissions + "#" + anchor}
	}
	actionsPermissions.onRepo(t, settingMount[repoOp]{path: "/actions/permissions",
		get: op("get-github-actions-permissions-for-a-repository"), put: op("set-github-actions-permissions-for-a-repository")})
	actionsSelected.onRepo(t, settingMount[repoOp]{path: "/actions/permissions/selected-actions",
		get: op("get-allowed-actions-and-reusable-workflows-for-a-repository"), put: op("set-allowed-actions-and-reusable-workflows-for-a-repository")})
	actionsAccess.onRepo(t, settingMount[repoOp]{path: "/actions/permissions/access",
		get: op("get-the-level-of-access-for-workflows-outside-of-the-repository"), put: op("set-the-level-of-access-for-workflows-outside-of-the-repository")})
	actionsWorkflow.onRepo(t, settingMount[repoOp]{path: "/actions/permissions/workflow",
		get: op("get-default-workflow-permissions-for-a-repository"), put: op("set-default-workflow-permissions-for-a-repository")})
	actionsRetention.onRepo(t, settingMount[repoOp]{path: "/actions/permissions/artifact-and-log-retention",
		get: op("get-artifact-and-log-retention-settings-for-a-repository"), put: op("set-artifact-and-log-retention-settings-for-a-repository")})
	actionsForkApproval.onRepo(t, settingMount[repoOp]{path: "/actions/permissions/fork-pr-contributor-approval",
		get: op("get-fork-pr-contributor-approval-permissions-for-a-repository"), put: op("set-fork-pr-contributor-approval-permissions-for-a-repository")})
	actionsPrivateForkWorkflows.onRepo(t, settingMount[repoOp]{path: "/actions/permissions/fork-pr-workflows-private-repos",
		get: op("get-private-repo-fork-pr-workflow-settings-for-a-repository"), put: op("set-private-repo-fork-pr-workflow-settings-for-a-repository")})
}

// notOneOf answers GitHub's 422 for a value its description's enum lacks,
// in the words of its other schema refusals.
func (c *reqCtx) notOneOf(field, value string, allowed []string) {
	quoted := make([]string, len(allowed))
	for i, a := range allowed {
		quoted[i] = fmt.Sprintf("%q", a)
	}
	c.json(http.StatusUnprocessableEntity, basicError{
		Message:          fmt.Sprintf("Invalid request.\n\nFor 'properties/%s', %q is not one of [%s].", field, value, strings.Join(quoted, ", ")),
		DocumentationURL: c.doc, Status: "422",
	})
}

// enumField reads an optional string field that must be one of allowed,
// answering the 422 otherwise.
func enumField(c *reqCtx, f *fields, name string, allowed []string) (*string, bool) {
	v := f.str(name)
	if f.failed {
		return nil, false
	}
	if !oneOf(v, allowed...) {
		c.notOneOf(name, *v, allowed)
		return nil, false
	}
	return v, true
}

// actionsPermissionsValue is whether Actions runs, which actions may, and
// whether they must be pinned.
type actionsPermissionsValue struct {
	Enabled    bool
	Allowed    string
	SHAPinning bool
}

type actionsPermissionsJSON struct {
	Enabled            bool   `json:"enabled"`
	AllowedActions     string `json:"allowed_actions,omitempty"`
	SelectedActionsURL string `json:"selected_actions_url,omitempty"`
	SHAPinningRequired *bool  `json:"sha_pinning_required,omitempty"`
}

// renderActionsPermissions shows the policy only while Actions is enabled:
// a repository with Actions disabled answers {"enabled": false}, and keeps
// its policy for when it is enabled again.
func renderActionsPermissions(c *reqCtx, v *actionsPermissionsValue) any {
	if !v.Enabled {
		return actionsPermissionsJSON{}
	}
	out := actionsPermissionsJSON{Enabled: true, AllowedActions: v.Allowed, SHAPinningRequired: &v.SHAPinning}
	if v.Allowed == "selected" {
		out.SelectedActionsURL = c.apiBase + strings.TrimSuffix(c.path, "/") + "/selected-actions"
	}
	return out
}

// readActionsPermissions reads a PUT body: enabled, which GitHub requires,
// and allowed_actions and sha_pinning_required, kept as they were when left
// out.
func readActionsPermissions(c *reqCtx, _ *world, f *fields, v *actionsPermissionsValue) bool {
	if missing := required(f.m, "enabled"); len(missing) > 0 {
		c.notSupplied(missing...)
		return false
	}
	enabled, pinning := f.boolean("enabled"), f.boolean("sha_pinning_required")
	if f.failed {
		return false
	}
	allowed, ok := enumField(c, f, "allowed_actions", allowedActionsValues)
	if !ok {
		return false
	}
	if enabled == nil {
		c.typeError("enabled", []byte("nil"), "boolean")
		return false
	}
	v.Enabled = *enabled
	if allowed != nil {
		v.Allowed = *allowed
	}
	if pinning != nil {
		v.SHAPinning = *pinning
	}
	return true
}

// actionsSelectedValue is the actions allowed when allowed_actions is
// selected.
type actionsSelectedValue struct {
	GitHubOwned bool
	Verified    bool
	Patterns    []string
}

type actionsSelectedJSON struct {
	GitHubOwnedAllowed bool     `json:"github_owned_allowed"`
	VerifiedAllowed    bool     `json:"verified_allowed"`
	PatternsAllowed    []string `json:"patterns_allowed"`
}

func renderActionsSelected(_ *reqCtx, v *actionsSelectedValue) any {
	return actionsSelectedJSON{GitHubOwnedAllowed: v.GitHubOwned, VerifiedAllowed: v.Verified, PatternsAllowed: append([]string{}, v.Patterns...)}
}

// readActionsSelected reads a PUT body: each field kept as it was when
// left out; patterns_allowed replaces the list.
func readActionsSelected(_ *reqCtx, _ *world, f *fields, v *actionsSelectedValue) bool {
	owned, verified := f.boolean("github_owned_allowed"), f.boolean("verified_allowed")
	patterns, sent := f.strings("patterns_allowed")
	if f.failed {
		return false
	}
	if owned != nil {
		v.GitHubOwned = *owned
	}
	if verified != nil {
		v.Verified = *verified
	}
	if sent {
		v.Patterns = append([]string{}, patterns...)
	}
	return true
}

// onlySelected refuses the selected actions of a repository whose
// allowed_actions is not selected, as GitHub's docs say it must be, with a
// 409.
func onlySelected(c *reqCtx, r *Repo, _ *actionsSelectedValue, _ bool) bool {
	allowed := actionsPermissions.def().Allowed
	if p := (subKind[actionsPermissionsValue]{name: actionsPermissions.name}).peek(r); p != nil {
		allowed = p.Allowed
	}
	if allowed == "selected" {
		return true
	}
	c.fail(http.StatusConflict, "The allowed actions policy of this repository must be set to 'selected' to read or set its selected actions.", c.doc)
	return false
}

// actionsAccessValue is which workflows outside the repository may use it.
type actionsAccessValue struct{ Level string }

type actionsAccessJSON struct {
	AccessLevel string `json:"access_level"`
}

func renderActionsAccess(_ *reqCtx, v *actionsAccessValue) any {
	return actionsAccessJSON{AccessLevel: v.Level}
}

// readActionsAccess reads a PUT body: access_level, which GitHub requires.
func readActionsAccess(c *reqCtx, _ *world, f *fields, v *actionsAccessValue) bool {
	if missing := required(f.m, "access_level"); len(missing) > 0 {
		c.notSupplied(missing...)
		return false
	}
	level, ok := enumField(c, f, "access_level", accessLevelValues)
	if !ok {
		return false
	}
	if level == nil {
		c.typeError("access_level", []byte("nil"), "string")
		return false
	}
	v.Level = *level
	return true
}

// onlyPrivateWrites refuses to set the access of a public repository: the
// setting applies to private and internal ones only (anyone may use a
// public repository's actions). Its value still reads.
func onlyPrivateWrites(c *reqCtx, r *Repo, _ *actionsAccessValue, write bool) bool {
	return privateOnly(c, r, write, "access_level", "The access level can only be set for private and internal repositories.")
}

// privateOnly answers GitHub's 422 for a write of a setting that private
// and internal repositories alone have, to a public one, and reports
// false; a read, or a private repository's write, passes.
func privateOnly(c *reqCtx, r *Repo, write bool, field, msg string) bool {
	if !write || r.Private() {
		return true
	}
	c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: field, Message: msg})
	return false
}

// actionsWorkflowValue is the GITHUB_TOKEN's default permissions and
// whether Actions may approve pull requests.
type actionsWorkflowValue struct {
	Default       string
	CanApprovePRs bool
}

type actionsWorkflowJSON struct {
	DefaultWorkflowPermissions   string `json:"default_workflow_permissions"`
	CanApprovePullRequestReviews bool   `json:"can_approve_pull_request_reviews"`
}

func renderActionsWorkflow(_ *reqCtx, v *actionsWorkflowValue) any {
	return actionsWorkflowJSON{DefaultWorkflowPermissions: v.Default, CanApprovePullRequestReviews: v.CanApprovePRs}
}

// readActionsWorkflow reads a PUT body: both fields optional, kept as they
// were when left out.
func readActionsWorkflow(c *reqCtx, _ *world, f *fields, v *actionsWorkflowValue) bool {
	approve := f.boolean("can_approve_pull_request_reviews")
	if f.failed {
		return false
	}
	def, ok := enumField(c, f, "default_workflow_permissions", workflowTokenValues)
	if !ok {
		return false
	}
	if def != nil {
		v.Default = *def
	}
	if approve != nil {
		v.CanApprovePRs = *approve
	}
	return true
}

// actionsRetentionValue is how long artifacts and logs are kept; MaxDays
// is the repository's longest, filled in from its visibility on each
// request.
type actionsRetentionValue struct {
	Days    int64
	MaxDays int64
}

type actionsRetentionJSON struct {
	Days               int64 `json:"days"`
	MaximumAllowedDays int64 `json:"maximum_allowed_days"`
}

func renderActionsRetention(_ *reqCtx, v *actionsRetentionValue) any {
	return actionsRetentionJSON{Days: v.Days, MaximumAllowedDays: v.MaxDays}
}

// retentionLimit fills in the longest retention the repository's
// visibility allows. A repository made public keeps a longer retention it
// had, and reads it as set.
func retentionLimit(_ *reqCtx, r *Repo, v *actionsRetentionValue, _ bool) bool {
	v.MaxDays = publicRetentionMaxDays
	if r.Private() {
		v.MaxDays = privateRetentionMax
	}
	return true
}

// readActionsRetention reads a PUT body: days, which GitHub requires,
// from 1 to the repository's longest.
func readActionsRetention(c *reqCtx, _ *world, f *fields, v *actionsRetentionValue) bool {
	if missing := required(f.m, "days"); len(missing) > 0 {
		c.notSupplied(missing...)
		return false
	}
	days := f.integer("days")
	if f.failed {
		return false
	}
	if days == nil || *days < 1 || *days > v.MaxDays {
		got := "null"
		if days != nil {
			got = fmt.Sprint(*days)
		}
		c.invalid("Validation Failed", fieldError{Resource: "Repository", Code: "custom", Field: "days",
			Message: fmt.Sprintf("days must be between 1 and %d for this repository, not %s", v.MaxDays, got)})
		return false
	}
	v.Days = *days
	return true
}

// actionsForkApprovalValue is which pull requests from forks need approval.
type actionsForkApprovalValue struct{ Policy string }

type actionsForkApprovalJSON struct {
	ApprovalPolicy string `json:"approval_policy"`
}

func renderActionsForkApproval(_ *reqCtx, v *actionsForkApprovalValue) any {
	return actionsForkApprovalJSON{ApprovalPolicy: v.Policy}
}

// readActionsForkApproval reads a PUT body: approval_policy, which GitHub
// requires.
func readActionsForkApproval(c *reqCtx, _ *world, f *fields, v *actionsForkApprovalValue) bool {
	if missing := required(f.m, "approval_policy"); len(missing) > 0 {
		c.notSupplied(missing...)
		return false
	}
	policy, ok := enumField(c, f, "approval_policy", forkApprovalPolicies)
	if !ok {
		return false
	}
	if policy == nil {
		c.typeError("approval_policy", []byte("nil"), "string")
		return false
	}
	v.Policy = *policy
	return true
}

// actionsPrivateForkWorkflowsValue is whether the workflows of pull
// requests from forks run in a private repository, and with what.
type actionsPrivateForkWorkflowsValue struct {
	Run, WriteTokens, SecretsAndVariables, RequireApproval bool
}

type actionsPrivateForkWorkflowsJSON struct {
	RunWorkflowsFromForkPullRequests  bool `json:"run_workflows_from_fork_pull_requests"`
	SendWriteTokensToWorkflows        bool `json:"send_write_tokens_to_workflows"`
	SendSecretsAndVariables           bool `json:"send_secrets_and_variables"`
	RequireApprovalForForkPRWorkflows bool `json:"require_approval_for_fork_pr_workflows"`
}

func renderActionsPrivateForkWorkflows(_ *reqCtx, v *actionsPrivateForkWorkflowsValue) any {
	return actionsPrivateForkWorkflowsJSON{RunWorkflowsFromForkPullRequests: v.Run, SendWriteTokensToWorkflows: v.WriteTokens,
		SendSecretsAndVariables: v.SecretsAndVariables, RequireApprovalForForkPRWorkflows: v.RequireApproval}
}

// readActionsPrivateForkWorkflows reads a PUT body:
// run_workflows_from_fork_pull_requests, which GitHub requires, and the
// other three, kept as they were when left out.
func readActionsPrivateForkWorkflows(c *reqCtx, _ *world, f *fields, v *actionsPrivateForkWorkflowsValue) bool {
	if missing := required(f.m, "run_workflows_from_fork_pull_requests"); len(missing) > 0 {
		c.notSupplied(missing...)
		return false
	}
	run := f.boolean("run_workflows_from_fork_pull_requests")
	tokens, secrets, approval := f.boolean("send_write_tokens_to_workflows"), f.boolean("send_secrets_and_variables"),
		f.boolean("require_approval_for_fork_pr_workflows")
	if f.failed {
		return false
	}
	if run == nil {
		c.typeError("run_workflows_from_fork_pull_requests", []byte("nil"), "boolean")
		return false
	}
	v.Run = *run
	for _, b := range []struct {
		got *bool
		dst *bool
	}{{tokens, &v.WriteTokens}, {secrets, &v.SecretsAndVariables}, {approval, &v.RequireApproval}} {
		if b.got != nil {
			*b.dst = *b.got
		}
	}
	return true
}

// onlyPrivateForkWrites refuses to set how the workflows of forks' pull
// requests run in a public repository: the setting is a private or internal
// repository's. Its value still reads.
func onlyPrivateForkWrites(c *reqCtx, r *Repo, _ *actionsPrivateForkWorkflowsValue, write bool) bool {
	return privateOnly(c, r, write, "run_workflows_from_fork_pull_requests",
		"Fork pull request workflow settings can only be set for private and internal repositories.")
}
