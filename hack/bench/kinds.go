package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// A benchKind is one managed resource kind of the every-kind and chaos
// scenarios: the manifest of the resource that belongs to Repository
// %[1]s (a TeamRepository names Team %[2]s), and how to find the GitHub
// objects it makes.
type benchKind struct {
	kind     string
	group    string
	manifest string
	// objects lists the keys of the GitHub objects of the kind that
	// belong to repository repo; want is the key of the one the
	// resource makes. Two of want are a duplicate; none, a loss (or,
	// after deletion, nothing left behind).
	objects func(g github, repo string) ([]string, error)
	want    string
	// parent kinds are deleted after all the others.
	parent bool
	// cluster kinds are cluster-scoped (Crossplane v1 style, the legacy
	// ProviderConfig); the others live in a namespace.
	cluster bool
	// kept kinds leave their object on GitHub when the resource is
	// deleted, as their page says (an IssueLabels leaves the labels):
	// after deletion the one object must still be there.
	kept bool
}

// namespace is where the kind's resources live when the storm's
// namespace is ns: nowhere ("") for a cluster-scoped kind.
func (k benchKind) namespace(ns string) string {
	if k.cluster {
		return ""
	}
	return ns
}

// The scopes as make chaos prints them.
const (
	scopeNamespaced = "namespaced"
	scopeCluster    = "cluster-scoped"
)

// clusterScoped is the cluster-scoped twin of a namespaced kind, as
// examples/<kind>/cluster writes it: the group without ".m", the legacy
// ProviderConfig "default" (the default of providerConfigRef), and make
// chaos's namespace named by the references to Secrets, which a
// cluster-scoped resource must name.
func (k benchKind) clusterScoped() benchKind {
	const ns = chaosNamespace
	r := strings.NewReplacer(
		".github.m.crossplane.io/", ".github.crossplane.io/",
		"providerConfigRef: {kind: ProviderConfig, name: default}", "providerConfigRef: {name: default}",
		"valueSecretRef: {name: "+valuesSecret+", key: token}", "valueSecretRef: {name: "+valuesSecret+", namespace: "+ns+", key: token}",
		`writeConnectionSecretToRef: {name: "%[1]s-deploy-key"}`, `writeConnectionSecretToRef: {name: "%[1]s-deploy-key", namespace: `+ns+`}`,
	)
	c := k
	c.cluster = true
	c.group = strings.Replace(k.group, ".github.m.crossplane.io", ".github.crossplane.io", 1)
	c.manifest = r.Replace(k.manifest)
	if c.group == k.group || strings.Contains(c.manifest, ".m.crossplane.io") || strings.Contains(c.manifest, "kind: ProviderConfig") ||
		strings.Count(c.manifest, "SecretRef: {")+strings.Count(c.manifest, "SecretToRef: {") != strings.Count(c.manifest, "namespace: "+ns) {
		// A manifest written in a way this does not know: fail at once
		// rather than storm something else than the cluster-scoped kind.
		panic(fmt.Sprintf("bench: no cluster-scoped twin of the %s manifest:\n%s", k.kind, c.manifest))
	}
	return c
}

// clusterScopedKinds are the cluster-scoped twins of kinds.
func clusterScopedKinds(kinds []benchKind) []benchKind {
	out := make([]benchKind, len(kinds))
	for i, k := range kinds {
		out[i] = k.clusterScoped()
	}
	return out
}

func (k benchKind) gvk() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: k.group, Version: "v1alpha1", Kind: k.kind}
}

// render is the kind's manifest for repository repo and team team; %[3]s
// is repo as a secret or variable name (upper case, underscores), for the
// organization's secrets and variables made per repository.
func (k benchKind) render(repo, team string) string {
	return fmt.Sprintf(k.manifest, repo, team, orgName(repo))
}

// orgName is repo as the name of an organization secret or variable:
// CHAOS_0001 for chaos-0001.
func orgName(repo string) string { return strings.ToUpper(strings.ReplaceAll(repo, "-", "_")) }

const (
	repoGroup = "repo.github.m.crossplane.io"
	orgGroup  = "org.github.m.crossplane.io"
	// owner is the emulator's organisation the provider configuration uses.
	owner = "demo-org"
	// valuesSecret holds the values of the ActionsSecrets and DependabotSecrets.
	valuesSecret = "bench-values"
	// chaosMember is the member of the organisation a storm's
	// TeamMemberships put in its teams (see addChaosMember).
	chaosMember = "member-user"
)

func repoPath(repo, rest string) string { return "/repos/" + owner + "/" + repo + rest }

// chaosPerson is the user a storm repository's Membership makes a member
// of the organisation.
func chaosPerson(repo string) string { return repo + "-person" }

var (
	kindRepository = benchKind{kind: "Repository", group: repoGroup, parent: true, want: "repository", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Repository
metadata: {name: "%[1]s"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider: {description: "benchmark repository", autoInit: true}
`, objects: func(g github, repo string) ([]string, error) { return g.exists(repoPath(repo, ""), "repository") }}

	kindTeam = benchKind{kind: "Team", group: orgGroup, parent: true, want: "team", manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: Team
metadata: {name: "%[2]s"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider: {name: "%[2]s", privacy: closed}
`, objects: func(g github, repo string) ([]string, error) {
		return g.exists("/orgs/"+owner+"/teams/"+url.PathEscape(repo+"-devs"), "team")
	}}

	kindTeamRepository = benchKind{kind: "TeamRepository", group: repoGroup, want: "access", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: TeamRepository
metadata: {name: "%[1]s-team"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    teamRef: {name: "%[2]s"}
    repositoryRef: {name: "%[1]s"}
    permission: push
`, objects: func(g github, repo string) ([]string, error) {
		return g.exists("/orgs/"+owner+"/teams/"+repo+"-devs/repos/"+owner+"/"+repo, "access")
	}}

	// kindTeamMembership puts member-user (a member of the organisation,
	// see chaosMember) in the repository's team; GitHub lists them among
	// the team's members in the member role (demo-user, who made the
	// team, maintains it).
	kindTeamMembership = benchKind{kind: "TeamMembership", group: orgGroup, want: chaosMember, manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: TeamMembership
metadata: {name: "%[1]s-member"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    teamRef: {name: "%[2]s"}
    user: ` + chaosMember + `
`, objects: func(g github, repo string) ([]string, error) {
		return g.names("/orgs/"+owner+"/teams/"+url.PathEscape(repo+"-devs")+"/members?role=member&per_page=100", "", field("login"))
	}}

	// kindMembership makes the storm repository's own person (a user of
	// the emulator named for it, see chaosPerson) a member of the
	// organisation: invited, then accepted by the storm (see
	// acceptOrgInvitations). Its one object is the membership, pending or
	// active.
	kindMembership = benchKind{kind: "Membership", group: orgGroup, want: "member", manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: Membership
metadata: {name: "%[1]s-person"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    user: "%[1]s-person"
    role: member
`, objects: func(g github, repo string) ([]string, error) {
		var m struct {
			Role string `json:"role"`
		}
		status, err := g.get("/orgs/"+owner+"/memberships/"+chaosPerson(repo), &m)
		if err != nil || status == http.StatusNotFound {
			return nil, err
		}
		return []string{m.Role}, nil
	}}

	// kindOrganizationRoleAssignment gives the repository's team the
	// organisation's security manager role (GitHub's id 138); GitHub lists
	// the team among the role's holders, directly.
	kindOrganizationRoleAssignment = benchKind{kind: "OrganizationRoleAssignment", group: orgGroup, want: "security_manager", manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: OrganizationRoleAssignment
metadata: {name: "%[1]s-security"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    teamRef: {name: "%[2]s"}
    role: security_manager
`, objects: func(g github, repo string) ([]string, error) {
		return g.roleHeldBy("/orgs/"+owner+"/organization-roles/138/teams", "security_manager", repo+"-devs")
	}}

	kindRuleset = benchKind{kind: "Ruleset", group: repoGroup, want: "protect-default-branch", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Ruleset
metadata: {name: "%[1]s-protect"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: protect-default-branch
    target: branch
    enforcement: active
    conditions: {refName: {include: ["~DEFAULT_BRANCH"]}}
    rules: {deletion: true, nonFastForward: true}
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/rulesets?includes_parents=false&per_page=100"), "", field("name"))
	}}

	// kindOrganizationRuleset is an organization's ruleset of each storm
	// repository (by reference, so GitHub keeps its id), named for it. Its
	// objects are read where the repository lists the rulesets it
	// inherits: one page however many storm repositories the organization
	// has.
	kindOrganizationRuleset = benchKind{kind: "OrganizationRuleset", group: orgGroup, want: "org-ruleset", manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: OrganizationRuleset
metadata: {name: "%[1]s-org-ruleset"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    name: "%[1]s-org-ruleset"
    conditions:
      refName: {include: ["~DEFAULT_BRANCH"]}
      repositoryId: {repositoryRefs: [{name: "%[1]s"}]}
    rules: {deletion: true}
`, objects: func(g github, repo string) ([]string, error) {
		names, err := g.names(repoPath(repo, "/rulesets?per_page=100"), "", func(m map[string]any) string {
			if m["source_type"] != "Organization" || m["name"] != repo+"-org-ruleset" {
				return ""
			}
			return "org-ruleset"
		})
		var out []string
		for _, n := range names {
			if n != "" {
				out = append(out, n)
			}
		}
		return out, err
	}}

	// kindCodeSecurityConfiguration is a code security configuration of
	// the organization for each storm repository, named for it and attached
	// to it by reference (scope selected). Its objects are the
	// organization's configurations of that name, every page.
	kindCodeSecurityConfiguration = benchKind{kind: "CodeSecurityConfiguration", group: orgGroup, want: "csc", manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: CodeSecurityConfiguration
metadata: {name: "%[1]s-csc"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    name: "%[1]s-csc"
    description: "Secret scanning for %[1]s"
    secretScanning: enabled
    attachTo:
      scope: selected
      repositoryRefs: [{name: "%[1]s"}]
`, objects: func(g github, repo string) ([]string, error) {
		var out []string
		for page := 1; ; page++ {
			names, err := g.names(fmt.Sprintf("/orgs/%s/code-security/configurations?per_page=100&page=%d", owner, page), "", field("name"))
			if err != nil {
				return nil, err
			}
			for _, n := range names {
				if n == repo+"-csc" {
					out = append(out, "csc")
				}
			}
			if len(names) < 100 {
				return out, nil
			}
		}
	}}

	kindWebhook = benchKind{kind: "Webhook", group: repoGroup, want: "ci", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Webhook
metadata: {name: "%[1]s-ci"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    url: "https://ci.example.com/hooks/%[1]s"
    contentType: json
    events: [push]
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/hooks?per_page=100"), "", func(m map[string]any) string {
			if cfg, _ := m["config"].(map[string]any); cfg["url"] == "https://ci.example.com/hooks/"+repo {
				return "ci"
			}
			return "other"
		})
	}}

	kindActionsVariable = benchKind{kind: "ActionsVariable", group: repoGroup, want: "DEPLOY_REGION", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: ActionsVariable
metadata: {name: "%[1]s-region"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: DEPLOY_REGION
    value: eu-west-1
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/actions/variables?per_page=30"), "variables", field("name"))
	}}

	kindIssueLabel = benchKind{kind: "IssueLabel", group: repoGroup, want: "needs triage", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: IssueLabel
metadata: {name: "%[1]s-triage"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: needs triage
    color: fbca04
`, objects: func(g github, repo string) ([]string, error) {
		names, err := g.names(repoPath(repo, "/labels?per_page=100"), "", field("name"))
		return withoutDefaultLabels(names), err
	}}

	// The storm's IssueLabel holds "needs triage": an additive set beside
	// it declares another label (an authoritative one would be refused).
	kindIssueLabels = benchKind{kind: "IssueLabels", group: repoGroup, want: "released", kept: true, manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: IssueLabels
metadata: {name: "%[1]s-labels"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    mode: additive
    labels:
    - {name: released, color: "0e8a16", description: Shipped in a release}
`, objects: func(g github, repo string) ([]string, error) {
		names, err := g.names(repoPath(repo, "/labels?per_page=100"), "", field("name"))
		return withoutDefaultLabels(names), err
	}}

	kindAutolinkReference = benchKind{kind: "AutolinkReference", group: repoGroup, want: "TICKET-", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: AutolinkReference
metadata: {name: "%[1]s-ticket"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    keyPrefix: TICKET-
    urlTemplate: https://jira.example.com/browse/TICKET-<num>
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/autolinks"), "", field("key_prefix"))
	}}

	// kindActionsOIDCSubjectClaim customizes the repository's OIDC
	// subject: its one object is the template while it is not GitHub's
	// default (what a delete puts back).
	kindActionsOIDCSubjectClaim = benchKind{kind: "ActionsOIDCSubjectClaim", group: repoGroup, want: "repo,context", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: ActionsOIDCSubjectClaim
metadata: {name: "%[1]s-oidc"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    includeClaimKeys: [repo, context]
`, objects: func(g github, repo string) ([]string, error) {
		var t struct {
			UseDefault bool     `json:"use_default"`
			Keys       []string `json:"include_claim_keys"`
		}
		status, err := g.get(repoPath(repo, "/actions/oidc/customization/sub"), &t)
		if err != nil || status == http.StatusNotFound || t.UseDefault {
			return nil, err
		}
		return []string{strings.Join(t.Keys, ",")}, nil
	}}

	// kindRepositoryInteractionLimit limits who may interact with the
	// repository; its one object is the repository's own limit while one is
	// in effect (a delete removes it).
	kindRepositoryInteractionLimit = benchKind{kind: "RepositoryInteractionLimit", group: repoGroup, want: "collaborators_only", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: RepositoryInteractionLimit
metadata: {name: "%[1]s-limit"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    limit: collaborators_only
`, objects: func(g github, repo string) ([]string, error) {
		var l struct {
			Limit  string `json:"limit"`
			Origin string `json:"origin"`
		}
		status, err := g.get(repoPath(repo, "/interaction-limits"), &l)
		if err != nil || status == http.StatusNotFound || l.Limit == "" || l.Origin != "repository" {
			return nil, err
		}
		return []string{l.Limit}, nil
	}}

	// kindActionsPermissions sets the repository's Actions policy: only
	// its organization's own actions, a read-only GITHUB_TOKEN. Its one
	// object is that policy; a delete leaves it as it is (kept).
	kindActionsPermissions = benchKind{kind: "ActionsPermissions", group: repoGroup, want: "local_only", kept: true, manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: ActionsPermissions
metadata: {name: "%[1]s-actions"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    enabled: true
    allowedActions: local_only
    defaultWorkflowPermissions: read
`, objects: func(g github, repo string) ([]string, error) {
		var p struct {
			Enabled        bool   `json:"enabled"`
			AllowedActions string `json:"allowed_actions"`
		}
		status, err := g.get(repoPath(repo, "/actions/permissions"), &p)
		if err != nil || status == http.StatusNotFound || !p.Enabled || p.AllowedActions != "local_only" {
			return nil, err
		}
		return []string{p.AllowedActions}, nil
	}}

	// kindPagesSite publishes the repository's Pages site, deployed by a
	// workflow (no branch to wait for); GitHub answers its one site, or 404.
	kindPagesSite = benchKind{kind: "PagesSite", group: repoGroup, want: "site", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: PagesSite
metadata: {name: "%[1]s-pages"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    buildType: workflow
`, objects: func(g github, repo string) ([]string, error) { return g.exists(repoPath(repo, "/pages"), "site") }}

	// kindCodeScanningDefaultSetup configures the repository's code
	// scanning default setup (the storm's repositories have Go code:
	// chaosEmulatorConfig); its one object is the setup while GitHub
	// shows it configured (a delete turns it off).
	kindCodeScanningDefaultSetup = benchKind{kind: "CodeScanningDefaultSetup", group: repoGroup, want: "configured", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: CodeScanningDefaultSetup
metadata: {name: "%[1]s-codescanning"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    state: configured
    querySuite: extended
`, objects: func(g github, repo string) ([]string, error) {
		var s struct {
			State string `json:"state"`
		}
		status, err := g.get(repoPath(repo, "/code-scanning/default-setup"), &s)
		if err != nil || status == http.StatusNotFound || s.State != "configured" {
			return nil, err
		}
		return []string{s.State}, nil
	}}

	kindDeployKey = benchKind{kind: "DeployKey", group: repoGroup, want: "ci", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: DeployKey
metadata: {name: "%[1]s-deploy"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    title: ci
    readOnly: true
    generateKey: true
  writeConnectionSecretToRef: {name: "%[1]s-deploy-key"}
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/keys?per_page=100"), "", field("title"))
	}}

	kindBranch = benchKind{kind: "Branch", group: repoGroup, want: "release", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Branch
metadata: {name: "%[1]s-release"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: release
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/branches?per_page=100"), "", field("name"))
	}}

	kindBranchProtection = benchKind{kind: "BranchProtection", group: repoGroup, want: "protection", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: BranchProtection
metadata: {name: "%[1]s-release-protection"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    branchRef: {name: "%[1]s-release"}
    requiredLinearHistory: true
    requiredPullRequestReviews: {requiredApprovingReviewCount: 1}
`, objects: func(g github, repo string) ([]string, error) {
		return g.exists(repoPath(repo, "/branches/release/protection"), "protection")
	}}

	kindEnvironment = benchKind{kind: "Environment", group: repoGroup, want: "staging", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Environment
metadata: {name: "%[1]s-staging"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: staging
    waitTimer: 5
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/environments?per_page=100"), "environments", field("name"))
	}}

	kindActionsSecret = benchKind{kind: "ActionsSecret", group: repoGroup, want: "DEPLOY_TOKEN", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: ActionsSecret
metadata: {name: "%[1]s-token"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: DEPLOY_TOKEN
    valueSecretRef: {name: ` + valuesSecret + `, key: token}
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/actions/secrets?per_page=100"), "secrets", field("name"))
	}}

	kindDependabotSecret = benchKind{kind: "DependabotSecret", group: repoGroup, want: "NPM_TOKEN", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: DependabotSecret
metadata: {name: "%[1]s-npm-token"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    name: NPM_TOKEN
    valueSecretRef: {name: ` + valuesSecret + `, key: token}
`, objects: func(g github, repo string) ([]string, error) {
		return g.names(repoPath(repo, "/dependabot/secrets?per_page=100"), "secrets", field("name"))
	}}

	kindRepositoryFile = benchKind{kind: "RepositoryFile", group: repoGroup, want: "file", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: RepositoryFile
metadata: {name: "%[1]s-doc"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    path: docs/managed.md
    content: "Managed by Crossplane.\n"
    message: "docs: managed file"
`, objects: func(g github, repo string) ([]string, error) {
		return g.exists(repoPath(repo, "/contents/docs/managed.md"), "file")
	}}

	kindOrganizationActionsSecret = orgBenchKind("OrganizationActionsSecret", "org-token", "/actions/secrets/", `
    valueSecretRef: {name: `+valuesSecret+`, key: token}
    visibility: selected
    selectedRepositoryRefs: [{name: "%[1]s"}]`)
	kindOrganizationDependabotSecret = orgBenchKind("OrganizationDependabotSecret", "org-npm", "/dependabot/secrets/", `
    valueSecretRef: {name: `+valuesSecret+`, key: token}
    visibility: private`)
	kindOrganizationActionsVariable = orgBenchKind("OrganizationActionsVariable", "org-region", "/actions/variables/", `
    value: eu-west-1
    visibility: selected
    selectedRepositoryRefs: [{name: "%[1]s"}]`)

	// kindOrganizationWebhook is a webhook of the organisation made for
	// each storm repository, told apart by its URL (which names the
	// repository); the organisation's webhooks are listed page by page.
	kindOrganizationWebhook = benchKind{kind: "OrganizationWebhook", group: orgGroup, want: "audit", manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: OrganizationWebhook
metadata: {name: "%[1]s-audit"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    url: "https://audit.example.com/hooks/%[1]s"
    contentType: json
    events: [repository, team]
`, objects: func(g github, repo string) ([]string, error) {
		var out []string
		for page := 1; ; page++ {
			names, err := g.names(fmt.Sprintf("/orgs/%s/hooks?per_page=100&page=%d", owner, page), "", func(m map[string]any) string {
				if cfg, _ := m["config"].(map[string]any); cfg["url"] == "https://audit.example.com/hooks/"+repo {
					return "audit"
				}
				return ""
			})
			if err != nil {
				return nil, err
			}
			for _, n := range names {
				if n != "" {
					out = append(out, n)
				}
			}
			if len(names) < 100 {
				return out, nil
			}
		}
	}}
	// kindCustomProperty is a custom property of the organization per storm
	// repository: GitHub keeps at most 100 in an organization, which make
	// chaos's 50 repositories stay below.
	kindCustomProperty = orgBenchKind("CustomProperty", "org-tier", "/properties/schema/", `
    valueType: single_select
    allowedValues: [gold, silver]
    defaultValue: silver
    description: "%[1]s"`)

	kindCollaborator = benchKind{kind: "Collaborator", group: repoGroup, want: "other-user", manifest: `apiVersion: repo.github.m.crossplane.io/v1alpha1
kind: Collaborator
metadata: {name: "%[1]s-other-user"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    repositoryRef: {name: "%[1]s"}
    username: other-user
    permission: pull
`, objects: func(g github, repo string) ([]string, error) {
		login := func(m map[string]any) string { s, _ := m["login"].(string); return s }
		collaborators, err := g.names(repoPath(repo, "/collaborators?affiliation=direct&per_page=100"), "", login)
		if err != nil {
			return nil, err
		}
		invited, err := g.names(repoPath(repo, "/invitations?per_page=100"), "", func(m map[string]any) string {
			u, _ := m["invitee"].(map[string]any)
			return login(u)
		})
		return append(collaborators, invited...), err
	}}
)

// everyKindChildren are the kinds the every-kind scenario gives each
// Repository (with one Team for all).
var everyKindChildren = []benchKind{kindTeamRepository, kindRuleset, kindWebhook, kindActionsVariable}

// everyKindTenth are the kinds of a repository's second wave (issue 33)
// that the every-kind scenario gives every tenth Repository, as a
// repository's labels, Actions policy and Pages site are declared for
// some repositories, not all: the scenario stays near the 5,000
// resources its targets were set for (5,746 at N=1,000), and every kind
// of a repository is in it. CollaboratorSet
// is not: it refuses to share a repository with the TeamRepository
// beside it (docs/kinds/collaboratorset.md).
var everyKindTenth = []benchKind{kindAutolinkReference, kindActionsPermissions, kindActionsOIDCSubjectClaim, kindPagesSite, kindIssueLabels,
	kindCodeScanningDefaultSetup, kindRepositoryInteractionLimit}

// everyKindChildrenOf are the kinds the every-kind scenario gives its i-th
// Repository.
func everyKindChildrenOf(i int) []benchKind {
	if i%10 == 0 {
		return append(append([]benchKind{}, everyKindChildren...), everyKindTenth...)
	}
	return everyKindChildren
}

// chaosKinds are every kind of the provider, as make chaos storms them:
// each Repository gets a resource of every other kind, its own Team
// included. These are the namespaced kinds; clusterScopedKinds gives
// their cluster-scoped twins, which make chaos storms beside them.
// CollaboratorSet is not among them: a storm's repository holds a
// Collaborator and a TeamRepository, beside which a CollaboratorSet
// refuses to write (docs/kinds/collaboratorset.md), as it would beside
// IssueLabel were IssueLabels authoritative there.
var chaosKinds = []benchKind{kindRepository, kindTeam, kindTeamRepository, kindRuleset, kindWebhook, kindActionsVariable,
	kindDeployKey, kindBranch, kindBranchProtection, kindEnvironment, kindActionsSecret, kindDependabotSecret,
	kindRepositoryFile, kindCollaborator, kindIssueLabel, kindIssueLabels, kindTeamMembership,
	kindOrganizationActionsSecret, kindOrganizationDependabotSecret, kindOrganizationActionsVariable,
	kindOrganizationRoleAssignment, kindCustomProperty, kindOrganizationRuleset, kindAutolinkReference, kindOrganizationWebhook,
	kindActionsOIDCSubjectClaim, kindPagesSite, kindActionsPermissions, kindMembership, kindCodeScanningDefaultSetup,
	kindRepositoryInteractionLimit, kindCodeSecurityConfiguration}

// orgBenchKind is an organization's secret or variable kind made for each
// storm repository, named for it (%[3]s), at path under the organization,
// its resource called <repo>-<suffix> with the forProvider fields after
// its name.
func orgBenchKind(kind, suffix, path, fields string) benchKind {
	return benchKind{kind: kind, group: orgGroup, want: suffix, manifest: `apiVersion: org.github.m.crossplane.io/v1alpha1
kind: ` + kind + `
metadata: {name: "%[1]s-` + suffix + `"}
spec:
  providerConfigRef: {kind: ProviderConfig, name: default}
  forProvider:
    name: "%[3]s"` + fields + "\n", objects: func(g github, repo string) ([]string, error) {
		return g.exists("/orgs/"+owner+path+orgName(repo), suffix)
	}}
}

// withoutDefaultLabels leaves out of names the labels GitHub gives every
// new repository: they are GitHub's, not a storm's.
func withoutDefaultLabels(names []string) []string {
	defaults := map[string]bool{"bug": true, "documentation": true, "duplicate": true, "enhancement": true,
		"good first issue": true, "help wanted": true, "invalid": true, "question": true, "wontfix": true}
	var out []string
	for _, n := range names {
		if !defaults[n] {
			out = append(out, n)
		}
	}
	return out
}
