// Package importtest fills an emulated organisation with objects of every
// kind provider-github manages, through GitHub's API, for the tests and
// the benchmark of github-import.
package importtest

import (
	"crypto/ed25519"
	"crypto/sha256"
	"strings"

	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"golang.org/x/crypto/ssh"

	"github.com/google/go-github/v37/github"

	gh "github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/secret"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// Org describes the organisation Fill makes.
type Org struct {
	// Owner is the organisation; Admin (its admin) fills it.
	Owner string
	// Repos is how many repositories it has; the first Rich of them get
	// objects of every kind, the others a description and a topic.
	Repos, Rich int
	// Member is a member of the organisation (a direct collaborator, an
	// environment's reviewer); Outsider a user outside it (invited).
	Member, Outsider string
	// DropDefaultLabels deletes the labels GitHub gives a new repository
	// from the repositories that are not rich, to keep the number of
	// objects down.
	DropDefaultLabels bool
}

// Users adds to seed the member and the outsider of o (tokens: their
// logins with -token).
func (o Org) Users(seed *emulator.Seed) {
	seed.Users = append(seed.Users, emulator.SeedUser{Login: o.Member, Tokens: []string{o.Member + "-token"}},
		emulator.SeedUser{Login: o.Outsider, Tokens: []string{o.Outsider + "-token"}})
	for i := range seed.Orgs {
		if seed.Orgs[i].Login == o.Owner {
			seed.Orgs[i].Members = append(seed.Orgs[i].Members, emulator.SeedMember{Login: o.Member, Role: "member"})
		}
	}
}

// RepoName is the name of the i-th repository (from 0).
func RepoName(i int) string { return fmt.Sprintf("svc-%03d", i) }

// A filler makes objects through one client.
type filler struct {
	ctx    context.Context
	client *github.Client
	o      Org
	made   map[string]int
}

// Fill makes o's repositories and objects through client, which acts as
// an admin of the organisation, and returns how many objects of each kind
// it made (GitHub's default labels of the rich repositories included).
func Fill(ctx context.Context, client *github.Client, o Org) (map[string]int, error) {
	f := &filler{ctx: ctx, client: client, o: o, made: map[string]int{}}
	if err := f.teams(); err != nil {
		return nil, err
	}
	if err := f.customProperties(); err != nil {
		return nil, fmt.Errorf("custom properties: %w", err)
	}
	for i := range o.Repos {
		if err := f.repository(i); err != nil {
			return nil, fmt.Errorf("repository %s: %w", RepoName(i), err)
		}
	}
	if err := f.organizationSecretsAndVariables(); err != nil {
		return nil, fmt.Errorf("organization secrets and variables: %w", err)
	}
	if err := f.organizationRoles(); err != nil {
		return nil, fmt.Errorf("organization roles: %w", err)
	}
	if err := f.organizationRuleset(); err != nil {
		return nil, fmt.Errorf("organization ruleset: %w", err)
	}
	if err := f.codeSecurityConfiguration(); err != nil {
		return nil, fmt.Errorf("code security configuration: %w", err)
	}
	return f.made, nil
}

// LimitOrganization sets an interaction limit on o's organisation through
// client, as an admin of it, and returns the objects it made by kind (one
// OrganizationInteractionLimit). GitHub then shows the organisation's limit
// in every repository in place of the repository's own, so Fill leaves it
// out: an import sees the repositories' limits before, the organisation's
// after.
func LimitOrganization(ctx context.Context, client *github.Client, o Org) (map[string]int, error) {
	f := &filler{ctx: ctx, client: client, o: o, made: map[string]int{}}
	if err := f.do(http.MethodPut, "orgs/"+o.Owner+"/interaction-limits", map[string]any{"limit": "collaborators_only", "expiry": "one_month"}, nil); err != nil {
		return nil, err
	}
	f.made["OrganizationInteractionLimit"]++
	return f.made, nil
}

// customProperties defines the organisation's custom properties: a
// required service-tier, whose default every repository made afterwards
// has, and a free-text owning-team (the rich repositories set both).
func (f *filler) customProperties() error {
	schema := "orgs/" + f.o.Owner + "/properties/schema"
	if err := f.do(http.MethodPut, schema+"/service-tier", map[string]any{"value_type": "single_select", "required": true, "default_value": "standard",
		"allowed_values": []string{"critical", "standard"}, "description": "How much an outage hurts"}, nil); err != nil {
		return err
	}
	if err := f.do(http.MethodPut, schema+"/owning-team", map[string]any{"value_type": "string", "values_editable_by": "org_and_repo_actors"}, nil); err != nil {
		return err
	}
	f.made["CustomProperty"] += 2
	return nil
}

// do sends one request with a JSON body (nil: none) and decodes the
// answer into out (nil: ignored).
func (f *filler) do(method, path string, body, out any) error {
	req, err := f.client.NewRequest(method, path, body)
	if err != nil {
		return err
	}
	if _, err := f.client.Do(f.ctx, req, out); err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	return nil
}

// teams makes platform (closed), sre under it, and security.
func (f *filler) teams() error {
	var platform struct {
		ID int64 `json:"id"`
	}
	if err := f.do(http.MethodPost, "orgs/"+f.o.Owner+"/teams", map[string]any{"name": "Platform", "privacy": "closed", "description": "Runs the platform"}, &platform); err != nil {
		return err
	}
	if err := f.do(http.MethodPost, "orgs/"+f.o.Owner+"/teams", map[string]any{"name": "SRE", "parent_team_id": platform.ID}, nil); err != nil {
		return err
	}
	if err := f.do(http.MethodPost, "orgs/"+f.o.Owner+"/teams", map[string]any{"name": "Security", "notification_setting": "notifications_disabled"}, nil); err != nil {
		return err
	}
	f.made["Team"] += 3
	return nil
}

// repository makes the i-th repository, and its objects when it is rich.
func (f *filler) repository(i int) error {
	name := RepoName(i)
	rich := i < f.o.Rich
	body := map[string]any{"name": name, "description": fmt.Sprintf("Service %d", i), "auto_init": rich}
	if i%3 == 0 {
		body["private"] = true
	}
	if err := f.do(http.MethodPost, "orgs/"+f.o.Owner+"/repos", body, nil); err != nil {
		return err
	}
	f.made["Repository"]++
	repo := "repos/" + f.o.Owner + "/" + name
	if err := f.do(http.MethodPut, repo+"/topics", map[string]any{"names": []string{"service", fmt.Sprintf("tier-%d", i%3)}}, nil); err != nil {
		return err
	}
	if !rich {
		if f.o.DropDefaultLabels {
			return f.dropLabels(repo)
		}
		f.made["IssueLabel"] += 9
		return nil
	}
	f.made["IssueLabel"] += 9
	if err := f.do(http.MethodPatch, repo, map[string]any{"delete_branch_on_merge": true, "allow_merge_commit": false, "has_wiki": false}, nil); err != nil {
		return err
	}
	// Immutable releases, and private vulnerability reports where GitHub
	// takes them (public repositories).
	if err := f.do(http.MethodPut, repo+"/immutable-releases", nil, nil); err != nil {
		return err
	}
	if _, private := body["private"]; !private {
		if err := f.do(http.MethodPut, repo+"/private-vulnerability-reporting", nil, nil); err != nil {
			return err
		}
		// An interaction limit, which GitHub applies to public
		// repositories.
		if err := f.do(http.MethodPut, repo+"/interaction-limits", map[string]any{"limit": "existing_users", "expiry": "one_week"}, nil); err != nil {
			return err
		}
		f.made["RepositoryInteractionLimit"]++
		if err := f.delegatedBypass(repo); err != nil {
			return err
		}
	}
	if err := f.do(http.MethodPatch, repo+"/properties/values", map[string]any{"properties": []map[string]any{
		{"property_name": "service-tier", "value": "critical"}, {"property_name": "owning-team", "value": "platform"}}}, nil); err != nil {
		return err
	}
	steps := []func(string, string) error{f.labels, f.branches, f.access, f.protection, f.ruleset, f.hooksAndKeys, f.files, f.environments, f.variablesAndSecrets, f.autolink,
		f.actionsPermissions, f.oidcSubjectClaim, f.pages, f.codeScanning}
	for _, step := range steps {
		if err := step(repo, name); err != nil {
			return err
		}
	}
	return nil
}

// dropLabels deletes GitHub's nine default labels of repo.
func (f *filler) dropLabels(repo string) error {
	for _, l := range []string{"bug", "documentation", "duplicate", "enhancement", "good first issue", "help wanted", "invalid", "question", "wontfix"} {
		if err := f.do(http.MethodDelete, repo+"/labels/"+url.PathEscape(l), nil, nil); err != nil {
			return err
		}
	}
	return nil
}

func (f *filler) labels(repo, _ string) error {
	f.made["IssueLabel"]++
	return f.do(http.MethodPost, repo+"/labels", map[string]any{"name": "needs triage", "color": "fbca04", "description": "Not looked at yet"}, nil)
}

// branches makes release from main's head.
func (f *filler) branches(repo, _ string) error {
	var ref struct {
		Object struct {
			SHA string `json:"sha"`
		} `json:"object"`
	}
	if err := f.do(http.MethodGet, repo+"/git/ref/heads/main", nil, &ref); err != nil {
		return err
	}
	f.made["Branch"]++
	return f.do(http.MethodPost, repo+"/git/refs", map[string]any{"ref": "refs/heads/release", "sha": ref.Object.SHA}, nil)
}

// access grants the teams, adds the member and invites the outsider.
func (f *filler) access(repo, name string) error {
	for slug, permission := range map[string]string{"platform": "maintain", "security": "pull"} {
		if err := f.do(http.MethodPut, "orgs/"+f.o.Owner+"/teams/"+slug+"/repos/"+f.o.Owner+"/"+name, map[string]any{"permission": permission}, nil); err != nil {
			return err
		}
		f.made["TeamRepository"]++
	}
	for user, permission := range map[string]string{f.o.Member: "push", f.o.Outsider: "triage"} {
		if err := f.do(http.MethodPut, repo+"/collaborators/"+user, map[string]any{"permission": permission}, nil); err != nil {
			return err
		}
		f.made["Collaborator"]++
	}
	return nil
}

// protection protects main and release.
func (f *filler) protection(repo, _ string) error {
	main := map[string]any{
		"required_status_checks":        map[string]any{"strict": true, "contexts": []string{"ci/build"}},
		"enforce_admins":                true,
		"required_pull_request_reviews": map[string]any{"required_approving_review_count": 2, "dismiss_stale_reviews": true},
		"restrictions":                  nil,
		"required_linear_history":       true,
	}
	release := map[string]any{"required_status_checks": nil, "enforce_admins": false, "required_pull_request_reviews": nil,
		"restrictions": map[string]any{"users": []string{}, "teams": []string{"platform"}}, "allow_deletions": false}
	for branch, body := range map[string]any{"main": main, "release": release} {
		if err := f.do(http.MethodPut, repo+"/branches/"+branch+"/protection", body, nil); err != nil {
			return err
		}
		f.made["BranchProtection"]++
	}
	return nil
}

// ruleset makes a branch ruleset the platform team bypasses.
func (f *filler) ruleset(repo, _ string) error {
	var team struct {
		ID int64 `json:"id"`
	}
	if err := f.do(http.MethodGet, "orgs/"+f.o.Owner+"/teams/platform", nil, &team); err != nil {
		return err
	}
	f.made["Ruleset"]++
	return f.do(http.MethodPost, repo+"/rulesets", map[string]any{
		"name": "protect releases", "target": "branch", "enforcement": "active",
		"bypass_actors": []any{map[string]any{"actor_id": team.ID, "actor_type": "Team", "bypass_mode": "always"}},
		"conditions":    map[string]any{"ref_name": map[string]any{"include": []string{"refs/heads/release/*"}, "exclude": []string{}}},
		"rules":         []any{map[string]any{"type": "deletion"}, map[string]any{"type": "non_fast_forward"}},
	}, nil)
}

// autolink links the repository's TICKET-<num> references to the issue
// tracker.
func (f *filler) autolink(repo, _ string) error {
	f.made["AutolinkReference"]++
	return f.do(http.MethodPost, repo+"/autolinks", map[string]any{
		"key_prefix": "TICKET-", "url_template": "https://tracker.example.com/TICKET-<num>", "is_alphanumeric": false}, nil)
}

// oidcSubjectClaim makes the subject of the repository's workflows' OIDC
// tokens the repository, the job's context and the reusable workflow
// that runs, rather than GitHub's default.
func (f *filler) oidcSubjectClaim(repo, _ string) error {
	f.made["ActionsOIDCSubjectClaim"]++
	return f.do(http.MethodPut, repo+"/actions/oidc/customization/sub", map[string]any{
		"use_default": false, "include_claim_keys": []string{"repo", "context", "job_workflow_ref"}}, nil)
}

// pages publishes the repository's Pages site from the docs folder of its
// default branch.
func (f *filler) pages(repo, _ string) error {
	f.made["PagesSite"]++
	return f.do(http.MethodPost, repo+"/pages", map[string]any{
		"build_type": "legacy", "source": map[string]any{"branch": "main", "path": "/docs"}}, nil)
}

// codeScanning configures the repository's code scanning default setup
// with the extended query suite. GitHub analyses the languages it detects
// in the code, which the emulator is told (its control surface), and
// applies the setup with a run (202) the control surface ends at once.
func (f *filler) codeScanning(repo, _ string) error {
	f.made["CodeScanningDefaultSetup"]++
	if err := f.do(http.MethodPut, "_emulator/"+repo+"/code-scanning/languages", map[string]any{"languages": []string{"go", "python"}}, nil); err != nil {
		return err
	}
	err := f.do(http.MethodPatch, repo+"/code-scanning/default-setup", map[string]any{"state": "configured", "query_suite": "extended"}, nil)
	var accepted *github.AcceptedError
	if err != nil && !errors.As(err, &accepted) {
		return err
	}
	return f.do(http.MethodPost, "_emulator/"+repo+"/code-scanning/default-setup/apply", nil, nil)
}

// actionsPermissions lets the repository's workflows write with their
// GITHUB_TOKEN and keeps their artifacts and logs 30 days: Actions
// permissions that differ from a new repository's.
func (f *filler) actionsPermissions(repo, _ string) error {
	f.made["ActionsPermissions"]++
	if err := f.do(http.MethodPut, repo+"/actions/permissions/workflow", map[string]any{"default_workflow_permissions": "write"}, nil); err != nil {
		return err
	}
	return f.do(http.MethodPut, repo+"/actions/permissions/artifact-and-log-retention", map[string]any{"days": 30}, nil)
}

// organizationRuleset makes an organisation ruleset that keeps the default
// branch of every repository of the critical service tier from being
// deleted or force-pushed.
func (f *filler) organizationRuleset() error {
	f.made["OrganizationRuleset"]++
	return f.do(http.MethodPost, "orgs/"+f.o.Owner+"/rulesets", map[string]any{
		"name": "critical default branches", "target": "branch", "enforcement": "active",
		"conditions": map[string]any{
			"ref_name": map[string]any{"include": []string{"~DEFAULT_BRANCH"}, "exclude": []string{}},
			"repository_property": map[string]any{
				"include": []any{map[string]any{"name": "service-tier", "property_values": []string{"critical"}}}, "exclude": []any{}},
		},
		"rules": []any{map[string]any{"type": "deletion"}, map[string]any{"type": "non_fast_forward"}},
	}, nil)
}

// bypassReviewers are push protection's delegated bypass reviewers as
// GitHub takes them: the security team, and the security_manager role
// (exempt).
func (f *filler) bypassReviewers() ([]map[string]any, error) {
	var team struct {
		ID int64 `json:"id"`
	}
	if err := f.do(http.MethodGet, "orgs/"+f.o.Owner+"/teams/security", nil, &team); err != nil {
		return nil, err
	}
	ids, err := f.roleIDs()
	if err != nil {
		return nil, err
	}
	if ids["security_manager"] == 0 {
		return nil, fmt.Errorf("the organisation has no role security_manager")
	}
	return []map[string]any{{"reviewer_id": team.ID, "reviewer_type": "TEAM"}, {"reviewer_id": ids["security_manager"], "reviewer_type": "ROLE", "mode": "EXEMPT"}}, nil
}

// roleIDs are the ids of the organisation's roles, by name.
func (f *filler) roleIDs() (map[string]int64, error) {
	var list struct {
		Roles []struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"roles"`
	}
	if err := f.do(http.MethodGet, "orgs/"+f.o.Owner+"/organization-roles", nil, &list); err != nil {
		return nil, err
	}
	ids := map[string]int64{}
	for _, r := range list.Roles {
		ids[r.Name] = r.ID
	}
	return ids, nil
}

// delegatedBypass turns on secret scanning, push protection and its
// delegated bypass, reviewed by bypassReviewers, for repo (a public
// repository of the organisation: GitHub offers them there).
func (f *filler) delegatedBypass(repo string) error {
	reviewers, err := f.bypassReviewers()
	if err != nil {
		return err
	}
	on := map[string]any{"status": "enabled"}
	return f.do(http.MethodPatch, repo, map[string]any{"security_and_analysis": map[string]any{
		"secret_scanning": on, "secret_scanning_push_protection": on, "secret_scanning_delegated_bypass": on,
		"secret_scanning_delegated_bypass_options": map[string]any{"reviewers": reviewers}}}, nil)
}

// codeSecurityConfiguration makes a code security configuration with secret
// scanning and push protection (its bypasses reviewed by bypassReviewers),
// the default for new public repositories,
// attached to the rich repositories (GitHub attaches them afterwards: the
// emulator is told to finish at once where it can be).
func (f *filler) codeSecurityConfiguration() error {
	var made struct {
		ID int64 `json:"id"`
	}
	path := "orgs/" + f.o.Owner + "/code-security/configurations"
	reviewers, err := f.bypassReviewers()
	if err != nil {
		return err
	}
	if err := f.do(http.MethodPost, path, map[string]any{"name": "secrets", "description": "Secret scanning with push protection",
		"secret_scanning": "enabled", "secret_scanning_push_protection": "enabled", "secret_scanning_delegated_bypass": "enabled",
		"secret_scanning_delegated_bypass_options": map[string]any{"reviewers": reviewers}}, &made); err != nil {
		return err
	}
	f.made["CodeSecurityConfiguration"]++
	one := fmt.Sprintf("%s/%d", path, made.ID)
	if err := f.do(http.MethodPut, one+"/defaults", map[string]any{"default_for_new_repos": "public"}, nil); err != nil {
		return err
	}
	var ids []int64
	for i := range f.o.Rich {
		var r struct {
			ID int64 `json:"id"`
		}
		if err := f.do(http.MethodGet, "repos/"+f.o.Owner+"/"+RepoName(i), nil, &r); err != nil {
			return err
		}
		ids = append(ids, r.ID)
	}
	err = f.do(http.MethodPost, one+"/attach", map[string]any{"scope": "selected", "selected_repository_ids": ids}, nil)
	if accepted := (*github.AcceptedError)(nil); errors.As(err, &accepted) {
		return nil // GitHub's 202: it attaches them afterwards
	}
	return err
}

// deployKey is a public key of its own for the repository name (GitHub
// takes a key once), made from the name.
func deployKey(name string) (string, error) {
	seed := sha256.Sum256([]byte(name))
	pub, err := ssh.NewPublicKey(ed25519.NewKeyFromSeed(seed[:]).Public())
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(pub))), nil
}

func (f *filler) hooksAndKeys(repo, name string) error {
	hooks := []map[string]any{
		{"config": map[string]any{"url": "https://ci.example.com/hook/" + name, "content_type": "json", "secret": "hook-secret"}, "events": []string{"push", "pull_request"}},
		{"config": map[string]any{"url": "https://chat.example.com/" + name, "content_type": "form"}, "events": []string{"issues"}, "active": false},
	}
	for _, h := range hooks {
		if err := f.do(http.MethodPost, repo+"/hooks", h, nil); err != nil {
			return err
		}
		f.made["Webhook"]++
	}
	key, err := deployKey(name)
	if err != nil {
		return err
	}
	f.made["DeployKey"]++
	return f.do(http.MethodPost, repo+"/keys", map[string]any{"title": "deploy", "key": key, "read_only": true}, nil)
}

func (f *filler) files(repo, _ string) error {
	f.made["RepositoryFile"]++
	return f.do(http.MethodPut, repo+"/contents/CODEOWNERS", map[string]any{"message": "Add CODEOWNERS",
		"content": base64.StdEncoding.EncodeToString([]byte("* @" + f.o.Owner + "/platform\n"))}, nil)
}

// environments makes staging (open) and production (reviewed by the
// member and the platform team, deployed from release branches only).
func (f *filler) environments(repo, _ string) error {
	var member, team struct {
		ID int64 `json:"id"`
	}
	if err := f.do(http.MethodGet, "users/"+f.o.Member, nil, &member); err != nil {
		return err
	}
	if err := f.do(http.MethodGet, "orgs/"+f.o.Owner+"/teams/platform", nil, &team); err != nil {
		return err
	}
	if err := f.do(http.MethodPut, repo+"/environments/staging", map[string]any{}, nil); err != nil {
		return err
	}
	prod := map[string]any{"wait_timer": 5, "prevent_self_review": true,
		"reviewers":                []any{map[string]any{"type": "User", "id": member.ID}, map[string]any{"type": "Team", "id": team.ID}},
		"deployment_branch_policy": map[string]any{"protected_branches": false, "custom_branch_policies": true}}
	if err := f.do(http.MethodPut, repo+"/environments/production", prod, nil); err != nil {
		return err
	}
	f.made["Environment"] += 2
	return f.do(http.MethodPost, repo+"/environments/production/deployment-branch-policies", map[string]any{"name": "release/*"}, nil)
}

// variablesAndSecrets makes a variable and a secret of the repository and
// of production, and a Dependabot secret.
func (f *filler) variablesAndSecrets(repo, name string) error {
	if err := f.do(http.MethodPost, repo+"/actions/variables", map[string]any{"name": "REGION", "value": "eu-west-1"}, nil); err != nil {
		return err
	}
	if err := f.do(http.MethodPost, repo+"/environments/production/variables", map[string]any{"name": "REPLICAS", "value": "3"}, nil); err != nil {
		return err
	}
	f.made["ActionsVariable"] += 2
	for _, s := range []struct {
		store gh.SecretStore
		kind  string
		name  string
	}{{gh.SecretStore{}, "ActionsSecret", "NPM_TOKEN"}, {gh.SecretStore{Environment: "production"}, "ActionsSecret", "DEPLOY_KEY"},
		{gh.SecretStore{Dependabot: true}, "DependabotSecret", "REGISTRY_TOKEN"}} {
		if err := f.putSecret(name, s.store, s.name, gh.Sharing{}); err != nil {
			return err
		}
		f.made[s.kind]++
	}
	return nil
}

// putSecret writes the secret name of the store of repo ("" for the
// organization's), sealed with the store's key, shared as share says (an
// organization's).
func (f *filler) putSecret(repo string, store gh.SecretStore, name string, share gh.Sharing) error {
	secrets := gh.NewSecretsClient(f.client)
	key, err := secrets.GetSecretsPublicKey(f.ctx, f.o.Owner, repo, store)
	if err != nil {
		return err
	}
	sealed, err := secret.Seal(key, []byte("value of "+name))
	if err != nil {
		return err
	}
	sealed.Sharing = share
	return secrets.PutSecret(f.ctx, f.o.Owner, repo, store, name, sealed)
}

// organizationSecretsAndVariables makes an organization's Actions secret
// and variable shared with the first two repositories, and a Dependabot
// secret for its private ones.
func (f *filler) organizationSecretsAndVariables() error {
	var ids []int64
	for i := range min(2, f.o.Repos) {
		var r struct {
			ID int64 `json:"id"`
		}
		if err := f.do(http.MethodGet, "repos/"+f.o.Owner+"/"+RepoName(i), nil, &r); err != nil {
			return err
		}
		ids = append(ids, r.ID)
	}
	selected := gh.Sharing{Visibility: gh.VisibilitySelected, SelectedRepositoryIDs: &ids}
	if err := f.putSecret("", gh.SecretStore{Org: true}, "ORG_NPM_TOKEN", selected); err != nil {
		return err
	}
	if err := f.putSecret("", gh.SecretStore{Org: true, Dependabot: true}, "ORG_REGISTRY_TOKEN", gh.Sharing{Visibility: gh.VisibilityPrivate}); err != nil {
		return err
	}
	if err := f.do(http.MethodPost, "orgs/"+f.o.Owner+"/actions/variables", map[string]any{"name": "ORG_REGION", "value": "eu-west-1",
		"visibility": "selected", "selected_repository_ids": ids}, nil); err != nil {
		return err
	}
	f.made["OrganizationActionsSecret"]++
	f.made["OrganizationDependabotSecret"]++
	f.made["OrganizationActionsVariable"]++
	return f.organizationWebhookAndSettings()
}

// organizationWebhookAndSettings makes an organization webhook with a
// secret and changes the organization's profile and base permission (its
// settings are always imported, as one OrganizationSettings).
func (f *filler) organizationWebhookAndSettings() error {
	if err := f.do(http.MethodPost, "orgs/"+f.o.Owner+"/hooks", map[string]any{"name": "web", "events": []string{"organization", "team"},
		"config": map[string]any{"url": "https://audit.example.com/" + f.o.Owner, "content_type": "json", "secret": "org-hook-secret"}}, nil); err != nil {
		return err
	}
	if err := f.do(http.MethodPatch, "orgs/"+f.o.Owner, map[string]any{"company": "Import Test Inc.", "default_repository_permission": "none"}, nil); err != nil {
		return err
	}
	// Immutable releases enforced on one repository.
	var enforced struct{ ID int64 }
	if err := f.do(http.MethodGet, "repos/"+f.o.Owner+"/"+RepoName(1), nil, &enforced); err != nil {
		return err
	}
	if err := f.do(http.MethodPut, "orgs/"+f.o.Owner+"/settings/immutable-releases",
		map[string]any{"enforced_repositories": "selected", "selected_repository_ids": []int64{enforced.ID}}, nil); err != nil {
		return err
	}
	f.made["OrganizationWebhook"]++
	f.made["OrganizationSettings"]++
	return nil
}

// organizationRoles gives team security the security manager role and the
// member all-repository read, each role found by its name in the
// organisation's roles.
func (f *filler) organizationRoles() error {
	ids, err := f.roleIDs()
	if err != nil {
		return err
	}
	for _, a := range []struct{ path, role string }{{"teams/security", "security_manager"}, {"users/" + f.o.Member, "all_repo_read"}} {
		if ids[a.role] == 0 {
			return fmt.Errorf("the organisation has no role %s", a.role)
		}
		if err := f.do(http.MethodPut, fmt.Sprintf("orgs/%s/organization-roles/%s/%d", f.o.Owner, a.path, ids[a.role]), nil, nil); err != nil {
			return err
		}
		f.made["OrganizationRoleAssignment"]++
	}
	return nil
}
