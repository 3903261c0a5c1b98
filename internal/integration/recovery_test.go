package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// A recoverable kind is one whose resources recover a create whose outcome
// was never recorded (kind.Recovers): each is tested for the two sides of
// the rule. An object someone made on GitHub a second before the resource
// was applied, differing in one field from what the resource declares, is
// refused with the annotation advice and left as it is; an object GitHub
// made for a create whose answer was lost is the resource's own, found
// with no second one made.
type recoverable struct {
	fixture func(t *testing.T) *fixture
	// build is the resource in scope s, not created.
	build func(f *fixture, s scope) resource.Managed
	// lookAlike makes, as someone else, the object build's resource makes,
	// but for one field.
	lookAlike func(f *fixture)
	// state is the object as GitHub shows it, to tell that it was left
	// untouched.
	state func(f *fixture) string
	// count counts the objects on GitHub the resource could take for its
	// own.
	count func(f *fixture) int
	// write is the path of the API write that creates the object.
	write string
	// repo is the repository of demo-org the object belongs to; "" for
	// kinds that are not repository-scoped.
	repo string
}

// ghState is the body GitHub answers a GET of path with, or the status when
// it answers no object.
func (f *fixture) ghState(path string) string {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, path, "")
	if status != http.StatusOK {
		return fmt.Sprintf("status %d", status)
	}
	return string(b)
}

// ghCount counts the entries of the list GitHub answers at path (an array,
// or the array under key) that match.
func (f *fixture) ghCount(path, key string, match func(map[string]any) bool) int {
	f.t.Helper()
	b := f.ghMust(http.StatusOK, goodToken, http.MethodGet, path, "")
	var list []map[string]any
	if key == "" {
		f.must(json.Unmarshal(b, &list))
	} else {
		var wrapped map[string]json.RawMessage
		f.must(json.Unmarshal(b, &wrapped))
		f.must(json.Unmarshal(wrapped[key], &list))
	}
	n := 0
	for _, e := range list {
		if match(e) {
			n++
		}
	}
	return n
}

// nameIs matches a list entry by its name.
func nameIs(name string) func(map[string]any) bool {
	return func(e map[string]any) bool { return e["name"] == name }
}

// orgSecretRecoverable is an organization's Actions (or Dependabot)
// secret TOKEN, shared with a repository, whose look-alike is shared with
// all.
func orgSecretRecoverable(withValue func(func(*testing.T) *fixture) func(*testing.T) *fixture, dependabot bool) recoverable {
	store := "actions"
	if dependabot {
		store = "dependabot"
	}
	path := "/orgs/" + owner + "/" + store + "/secrets"
	return recoverable{
		fixture: withValue(newOrgSharingFixture),
		build: func(f *fixture, s scope) resource.Managed {
			return f.orgSecret(s, dependabot, "token", "TOKEN", sharedWith(sharedA))
		},
		lookAlike: func(f *fixture) { f.ghPutSealed(path, "TOKEN", "not yours", `"visibility":"all"`) },
		state: func(f *fixture) string {
			v, ids, _ := f.emu.State().OrgSecretValue(owner, store, "TOKEN")
			return fmt.Sprintf("%s value %s shared with %v", f.ghState(path+"/TOKEN"), v, ids)
		},
		count: func(f *fixture) int { return f.ghExists(path + "/TOKEN") },
		write: path + "/TOKEN",
	}
}

// ghExists counts 1 when GitHub answers a GET of path with an object.
func (f *fixture) ghExists(path string) int {
	f.t.Helper()
	if status, _ := f.gh(goodToken, http.MethodGet, path, ""); status == http.StatusOK {
		return 1
	}
	return 0
}

func recoverableKinds() map[string]recoverable {
	teamPath := "/orgs/" + owner + "/teams"
	hooks := "/repos/" + hookFullName + "/hooks"
	rulesetsPath := "/repos/" + owner + "/" + rulesetRepo + "/rulesets"
	keys := "/repos/" + owner + "/" + keyRepo + "/keys"
	envPath := "/repos/" + owner + "/" + envRepo + "/environments/staging"
	filePath := "/repos/" + owner + "/" + filesRepo + "/contents/ci.yaml"
	protection := "/repos/demo-org/" + protRepo + "/branches/main/protection"
	branchPath := "/repos/" + owner + "/" + branchRepo + "/branches/feature"
	orgSecrets := "/orgs/" + owner + "/"
	withValue := func(newFixture func(*testing.T) *fixture) func(*testing.T) *fixture {
		return func(t *testing.T) *fixture {
			f := newFixture(t)
			f.setSecretValue("mine")
			return f
		}
	}
	return map[string]recoverable{
		"PagesSite": {
			fixture: func(t *testing.T) *fixture {
				f := newFixture(t)
				f.pagesRepository()
				return f
			},
			build: func(f *fixture, s scope) resource.Managed { return f.newPagesSite(s, "site", "/docs") },
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, pagesPath, `{"source":{"branch":"main","path":"/"}}`)
			},
			state: func(f *fixture) string { return f.ghState(pagesPath) },
			count: func(f *fixture) int { return f.ghExists(pagesPath) },
			write: pagesPath,
			repo:  pagesRepo,
		},
		"Team": {
			fixture: newFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.newTeam(s, "fresh", "github", orgcommon.TeamParameters{Name: "KS Fresh", Description: ptr.To("mine")})
			},
			lookAlike: func(f *fixture) { f.createTeamOnGitHub(`{"name": "KS Fresh", "description": "not yours"}`) },
			state:     func(f *fixture) string { return f.ghState(teamPath + "/ks-fresh") },
			count:     func(f *fixture) int { return f.ghCount(teamPath, "", nameIs("KS Fresh")) },
			write:     teamPath,
		},
		"Repository": {
			fixture: newFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return place(f, s, newRepository(s, "fresh", common.RepositoryParameters{Name: ptr.To("fresh"), Description: ptr.To("mine")}), "fresh", "github")
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/orgs/"+owner+"/repos", `{"name": "fresh", "description": "not yours"}`)
			},
			state: func(f *fixture) string { return f.ghState("/repos/" + owner + "/fresh") },
			count: func(f *fixture) int { return f.ghExists("/repos/" + owner + "/fresh") },
			write: "/orgs/" + owner + "/repos",
		},
		"Webhook": {
			fixture: newWebhookFixture,
			build: func(f *fixture, s scope) resource.Managed {
				p := ciHook()
				p.SecretRef = nil
				return f.webhook(s, "ci", p)
			},
			lookAlike: func(f *fixture) {
				f.ghCreateHook(fmt.Sprintf(`{"config": {"url": %q, "content_type": "json"}, "events": ["push"]}`, hookURL))
			},
			state: func(f *fixture) string { return f.ghState(hooks) },
			count: func(f *fixture) int {
				return f.ghCount(hooks, "", func(e map[string]any) bool { c, _ := e["config"].(map[string]any); return c["url"] == hookURL })
			},
			write: hooks,
			repo:  hookRepo,
		},
		"OrganizationWebhook": {
			fixture: newFixture,
			build: func(f *fixture, s scope) resource.Managed {
				p := auditHook()
				p.SecretRef = nil
				return f.orgWebhook(s, "audit", p)
			},
			lookAlike: func(f *fixture) {
				f.ghCreateOrgHook(fmt.Sprintf(`{"name": "web", "config": {"url": %q, "content_type": "json"}, "events": ["membership"]}`, orgHookURL))
			},
			state: func(f *fixture) string { return f.ghState(orgHooksPath) },
			count: func(f *fixture) int {
				return f.ghCount(orgHooksPath, "", func(e map[string]any) bool { c, _ := e["config"].(map[string]any); return c["url"] == orgHookURL })
			},
			write: orgHooksPath,
		},
		"Ruleset": {
			fixture: newRulesetFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.ruleset(s, "protect", common.RulesetParameters{
					RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(rulesetRepo)},
					Name:             "protect", Enforcement: "active",
					Conditions: &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}}},
					Rules:      &common.RulesetRules{Deletion: true},
				})
			},
			lookAlike: func(f *fixture) {
				f.ghCreateRuleset(`{"name": "protect", "enforcement": "disabled", "conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH"], "exclude": []}}, "rules": [{"type": "deletion"}]}`)
			},
			state: func(f *fixture) string { return f.ghState(rulesetsPath) },
			count: func(f *fixture) int { return f.ghCount(rulesetsPath, "", nameIs("protect")) },
			write: rulesetsPath,
			repo:  rulesetRepo,
		},
		"DeployKey": {
			fixture: newDeployKeyFixture,
			build: func(f *fixture, s scope) resource.Managed {
				p := keyParams("ci")
				p.PublicKey = ptr.To(testPublicKey)
				return f.deployKey(s, "ci", p)
			},
			lookAlike: func(f *fixture) { f.ghAddDeployKey(keyRepo, "someone else's", testPublicKey) },
			state:     func(f *fixture) string { return f.ghState(keys) },
			count: func(f *fixture) int {
				return f.ghCount(keys, "", func(e map[string]any) bool { return e["key"] == testPublicKey })
			},
			write: keys,
			repo:  keyRepo,
		},
		"Environment": {
			fixture: newEnvironmentFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.environment(s, "staging", common.EnvironmentParameters{
					RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(envRepo)}, Name: "staging", WaitTimer: ptr.To[int64](5)})
			},
			lookAlike: func(f *fixture) { f.ghMust(http.StatusOK, goodToken, http.MethodPut, envPath, `{"wait_timer": 30}`) },
			state:     func(f *fixture) string { return f.ghState(envPath) },
			count:     func(f *fixture) int { return f.ghExists(envPath) },
			write:     envPath,
			repo:      envRepo,
		},
		"Branch": {
			fixture: newBranchFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.branch(s, "feature", common.BranchParameters{Name: "feature", SourceBranch: ptr.To[common.BranchName]("main")})
			},
			// A branch of its own history, not main's head.
			lookAlike: func(f *fixture) { f.must(f.emu.State().AddBranch(owner, branchRepo, "feature")) },
			state:     func(f *fixture) string { return f.ghState(branchPath) },
			count:     func(f *fixture) int { return f.ghExists(branchPath) },
			write:     "/repos/" + owner + "/" + branchRepo + "/git/refs",
			repo:      branchRepo,
		},
		"RepositoryFile": {
			fixture: newFilesFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.repositoryFile(s, "ci", inlineFile("ci.yaml", "mine\n"))
			},
			lookAlike: func(f *fixture) { f.ghPutFile(filesRepo, "main", "ci.yaml", "", []byte("not yours\n")) },
			state:     func(f *fixture) string { return f.ghState(filePath) },
			count:     func(f *fixture) int { return f.ghExists(filePath) },
			write:     filePath,
			repo:      filesRepo,
		},
		"BranchProtection": {
			fixture: newProtectionFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.protection(s, "main", "main", common.BranchProtectionParameters{EnforceAdmins: ptr.To(true)})
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusOK, goodToken, http.MethodPut, protection,
					`{"required_status_checks": null, "enforce_admins": false, "required_pull_request_reviews": null, "restrictions": null}`)
			},
			state: func(f *fixture) string { return f.ghState(protection) },
			count: func(f *fixture) int { return f.ghExists(protection) },
			write: protection,
			repo:  protRepo,
		},
		"ActionsSecret": {
			fixture:   withValue(newSecretFixture),
			build:     func(f *fixture, s scope) resource.Managed { return f.actionsSecret(s, "token", "TOKEN", "") },
			lookAlike: func(f *fixture) { f.ghPutSecret("actions/secrets", "TOKEN", "not yours") },
			state: func(f *fixture) string {
				v, _ := f.plaintext("actions/secrets", "TOKEN")
				return f.ghState(storePath("actions/secrets")+"/TOKEN") + " value " + v
			},
			count: func(f *fixture) int { return f.ghExists(storePath("actions/secrets") + "/TOKEN") },
			write: storePath("actions/secrets") + "/TOKEN",
			repo:  vaultRepo,
		},
		"DependabotSecret": {
			fixture:   withValue(newSecretFixture),
			build:     func(f *fixture, s scope) resource.Managed { return f.dependabotSecret(s, "token", "TOKEN") },
			lookAlike: func(f *fixture) { f.ghPutSecret("dependabot/secrets", "TOKEN", "not yours") },
			state: func(f *fixture) string {
				v, _ := f.plaintext("dependabot/secrets", "TOKEN")
				return f.ghState(storePath("dependabot/secrets")+"/TOKEN") + " value " + v
			},
			count: func(f *fixture) int { return f.ghExists(storePath("dependabot/secrets") + "/TOKEN") },
			write: storePath("dependabot/secrets") + "/TOKEN",
			repo:  vaultRepo,
		},
		"ActionsVariable": {
			fixture: newSecretFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.actionsVariable(s, "region", "REGION", "eu-west-1", "")
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, storePath("actions/variables"), `{"name": "REGION", "value": "us-east-1"}`)
			},
			state: func(f *fixture) string { return f.ghState(storePath("actions/variables") + "/REGION") },
			count: func(f *fixture) int { return f.ghCount(storePath("actions/variables"), "variables", nameIs("REGION")) },
			write: storePath("actions/variables"),
			repo:  vaultRepo,
		},
		"OrganizationActionsSecret":    orgSecretRecoverable(withValue, false),
		"OrganizationDependabotSecret": orgSecretRecoverable(withValue, true),
		"OrganizationActionsVariable": {
			fixture: newOrgSharingFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.newOrgVariable(s, "region", "REGION", "eu-west-1", sharedWith(sharedA))
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, orgSecrets+"actions/variables", `{"name": "REGION", "value": "eu-west-1", "visibility": "all"}`)
			},
			state: func(f *fixture) string { return f.ghState(orgSecrets + "actions/variables/REGION") },
			count: func(f *fixture) int { return f.ghExists(orgSecrets + "actions/variables/REGION") },
			write: orgSecrets + "actions/variables",
		},
		"CustomProperty": {
			fixture: newFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.newCustomProperty(s, "fresh", environmentProperty("fresh"))
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusOK, goodToken, http.MethodPut, propertySchema+"/fresh", `{"value_type": "string", "description": "not yours"}`)
			},
			state: func(f *fixture) string { return f.ghState(propertySchema + "/fresh") },
			count: func(f *fixture) int { return f.ghExists(propertySchema + "/fresh") },
			write: propertySchema + "/fresh",
		},
		"OrganizationRuleset": {
			fixture: newRulesetFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.orgRuleset(s, "protect", orgcommon.OrganizationRulesetParameters{
					Name: "protect", Enforcement: "active",
					Conditions: orgcommon.OrganizationRulesetConditions{RefName: &common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}},
						RepositoryName: &orgcommon.RulesetRepositoryName{Include: []string{"~ALL"}}},
					Rules: &common.RulesetRules{Deletion: true},
				})
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, orgRulesets, `{"name": "protect", "enforcement": "disabled", "conditions": {"ref_name": {"include": ["~DEFAULT_BRANCH"], "exclude": []}, "repository_name": {"include": ["~ALL"], "exclude": []}}, "rules": [{"type": "deletion"}]}`)
			},
			state: func(f *fixture) string { return f.ghState(orgRulesets) },
			count: func(f *fixture) int { return f.ghCount(orgRulesets, "", nameIs("protect")) },
			write: orgRulesets,
		},
		"CodeSecurityConfiguration": {
			fixture: newFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.newCodeSecurityConfiguration(s, "strict", "strict")
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, codeSecurityConfigurations, `{"name": "strict", "description": "Secrets found early", "secret_scanning": "disabled"}`)
			},
			state: func(f *fixture) string { return f.ghState(codeSecurityConfigurations) },
			count: func(f *fixture) int { return f.ghCount(codeSecurityConfigurations, "", nameIs("strict")) },
			write: codeSecurityConfigurations,
		},
		"AutolinkReference": {
			fixture: newAutolinkFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.newAutolink(s, "ticket", autolinkPrefix, autolinkTemplate)
			},
			lookAlike: func(f *fixture) { f.ghAddAutolink(autolinkPrefix, "https://someone-else.example/<num>") },
			state:     func(f *fixture) string { return f.ghState(autolinkHome + "/autolinks") },
			count: func(f *fixture) int {
				return f.ghCount(autolinkHome+"/autolinks", "", func(e map[string]any) bool { return e["key_prefix"] == autolinkPrefix })
			},
			write: autolinkHome + "/autolinks",
			repo:  autolinkRepo,
		},
		"IssueLabel": {
			fixture: newLabelFixture,
			build: func(f *fixture, s scope) resource.Managed {
				return f.issueLabel(s, "triage", "triage", "fbca04", "Not looked at yet")
			},
			lookAlike: func(f *fixture) {
				f.ghMust(http.StatusCreated, goodToken, http.MethodPost, "/repos/"+owner+"/"+labelRepo+"/labels", `{"name":"triage","color":"000000"}`)
			},
			state: func(f *fixture) string { return f.ghState(f.labelPath("triage")) },
			count: func(f *fixture) int {
				return f.ghCount("/repos/"+owner+"/"+labelRepo+"/labels?per_page=100", "", nameIs("triage"))
			},
			write: "/repos/" + owner + "/" + labelRepo + "/labels",
			repo:  labelRepo,
		},
	}
}

// A look-alike someone made on GitHub a second before the resource was
// applied is never taken over, whatever GitHub answers the resource's
// create: the resource says how to adopt it, tries again on its backoff
// and still leaves it alone, and makes no second one.
func TestLookAlikeMadeJustBeforeIsNeverTakenOver(t *testing.T) {
	t.Parallel()
	for name, k := range recoverableKinds() {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := k.fixture(t)
				k.lookAlike(f)
				before := k.state(f)
				time.Sleep(time.Second)
				mg := k.build(f, s)
				f.must(kube.Create(f.ctx, mg))
				// Said twice: the reconcile after the refusal (where a lost
				// create would be recovered) refused too.
				f.waitEventThat(mg, "the refusal, with the annotation advice, said twice", func(e corev1.Event) bool {
					return e.Type == corev1.EventTypeWarning && strings.Contains(e.Message, "crossplane.io/external-name") && e.Count >= 2
				})
				if after := k.state(f); after != before {
					t.Errorf("the look-alike on GitHub changed:\nbefore: %s\nafter:  %s", before, after)
				}
				if n := k.count(f); n != 1 {
					t.Errorf("%d objects on GitHub, want the look-alike only", n)
				}
				got := get(f, mg)
				if ext := meta.GetExternalName(got); ext != "" {
					t.Errorf("external name %q: the look-alike was taken over", ext)
				}
				for _, e := range f.events(got) {
					if e.Reason == "RecoveredInterruptedCreate" {
						t.Errorf("event %s: %s", e.Reason, e.Message)
					}
				}
			})
		})
	}
}

// A create whose answer is lost after GitHub made the object (its gateway
// answers 502) is recovered: the resource takes the object GitHub made for
// it as its own, says so, and makes no second one.
func TestLostCreateAnswerIsRecoveredOnce(t *testing.T) {
	t.Parallel()
	for name, k := range recoverableKinds() {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := k.fixture(t)
				f.must(f.emu.SetFaults(emulator.Faults{PathPrefix: k.write, LostAnswers: emulator.LostAnswersFault{Fraction: 1}}))
				mg := k.build(f, s)
				f.must(kube.Create(f.ctx, mg))
				f.eventually("the create's answer lost", func() string {
					for _, r := range f.emu.Requests() {
						if r.Method != http.MethodGet && strings.HasSuffix(r.Path, k.write) && r.Status == http.StatusBadGateway {
							return ""
						}
					}
					return "no write to " + k.write + " answered 502 yet"
				})
				f.emu.ClearFaults()
				got := waitReady(f, mg)
				f.waitEvent(got, "RecoveredInterruptedCreate", "before its record of the create was lost")
				if n := k.count(f); n != 1 {
					t.Errorf("%d objects on GitHub, want the one the lost create made", n)
				}
				if meta.GetExternalName(got) == "" {
					t.Error("no external name after the recovery")
				}
			})
		})
	}
}

// The team the issue of this rule was found with: someone makes a team
// a second before a Team of the same name and settings is applied.
// GitHub refuses the Team's create (the name is taken), so the team is
// someone else's, however alike: it is not taken over.
func TestIdenticalTeamAfterARefusedCreateIsNotTakenOver(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		made := f.createTeamOnGitHub(`{"name": "KS Fresh", "description": "same"}`)
		time.Sleep(time.Second)
		mg := f.createTeam(s, "fresh", orgcommon.TeamParameters{Name: "KS Fresh", Description: ptr.To("same")})
		f.waitEventThat(mg, "the refused create said twice", func(e corev1.Event) bool {
			return e.Reason == "CannotCreateExternalResource" && strings.Contains(e.Message, "crossplane.io/external-name: ks-fresh") && e.Count >= 2
		})
		got := get(f, mg)
		if ext := meta.GetExternalName(got); ext != "" {
			t.Errorf("external name %q: the team was taken over", ext)
		}
		// Each create forgets the refusal of the one before and records its
		// own: wait for one on record.
		f.eventually("the refusal recorded on the resource", func() string {
			if get(f, mg).GetAnnotations()["github.crossplane.io/external-create-refused"] == "" {
				return "no github.crossplane.io/external-create-refused annotation"
			}
			return ""
		})
		if n := len(f.ghTeams()); n != 1 || f.mustTeam("ks-fresh").ID != made.ID {
			t.Errorf("%d teams on GitHub, want only the one made before", n)
		}
		for _, e := range f.events(got) {
			if e.Reason == "RecoveredInterruptedCreate" || e.Reason == "UpdatedExternalResource" {
				t.Errorf("event %s: %s", e.Reason, e.Message)
			}
		}
	})
}
