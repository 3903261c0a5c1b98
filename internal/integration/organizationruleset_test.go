package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// orgRulesets is where the organization's rulesets are on GitHub.
const orgRulesets = "/orgs/" + owner + "/rulesets"

// orgRuleset builds, without creating it, an OrganizationRuleset of scope
// s called name, with the parameters p.
func (f *fixture) orgRuleset(s scope, name string, p orgcommon.OrganizationRulesetParameters) twins.OrganizationRulesetObject {
	f.t.Helper()
	o := twins.OrganizationRuleset.In(s.of)
	p.OrganizationTarget = orgcommon.OrganizationTarget{Organization: ptr.To(owner)}
	*o.Parameters() = p
	return place(f, s, o, name, "github")
}

// baseline is a ruleset of demo-org's default branches in app and in the
// repository of the Repository resource repoRef: deletion, update and pull
// requests, bypassed by the platform team (by slug) and organization
// admins through pull requests only.
func baseline(repoRef string) orgcommon.OrganizationRulesetParameters {
	return orgcommon.OrganizationRulesetParameters{
		Name: "baseline", Target: "branch", Enforcement: "active",
		BypassActors: []orgcommon.OrganizationRulesetBypassActor{
			{ActorType: "Team", TeamSlug: ptr.To("platform"), BypassMode: "always"},
			{ActorType: "OrganizationAdmin", BypassMode: "pull_request"},
		},
		Conditions: orgcommon.OrganizationRulesetConditions{
			RefName: &common.RulesetRefName{Include: []string{"~DEFAULT_BRANCH"}},
			RepositoryID: &orgcommon.RulesetRepositoryID{Repositories: []string{rulesetRepo},
				RepositoryRefs: []xpv2.Reference{{Name: repoRef}}},
		},
		Rules: &common.RulesetRules{Deletion: true, Update: true, PullRequest: &common.PullRequestRule{RequiredApprovingReviewCount: 1}},
	}
}

// ghOrgRuleset is an organization's ruleset as the emulator answers it.
type ghOrgRuleset struct {
	ghRuleset
	SourceType string `json:"source_type"`
	// Conditions has the organization's conditions beside ref_name (which
	// it hides from ghRuleset's).
	Conditions *struct {
		RefName struct {
			Include []string `json:"include"`
		} `json:"ref_name"`
		RepositoryID *struct {
			IDs []int64 `json:"repository_ids"`
		} `json:"repository_id"`
	} `json:"conditions"`
}

// ghOrgRulesetByID reads one of demo-org's rulesets; ok is false when
// there is none with that id.
func (f *fixture) ghOrgRulesetByID(id string) (ghOrgRuleset, bool) {
	f.t.Helper()
	var out ghOrgRuleset
	status, b := f.gh(goodToken, http.MethodGet, orgRulesets+"/"+id, "")
	if status == http.StatusNotFound {
		return out, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET organization ruleset %s: %d %s", id, status, b)
	}
	f.must(json.Unmarshal(b, &out))
	return out, true
}

// baselineOnGitHub says how GitHub's ruleset id differs from baseline
// covering the repositories ids, "" when it does not.
func (f *fixture) baselineOnGitHub(id string, ids []int64) string {
	r, ok := f.ghOrgRulesetByID(id)
	switch {
	case !ok:
		return "no organization ruleset " + id
	case r.Name != "baseline" || r.Enforcement != "active" || r.Target != "branch" || r.SourceType != "Organization":
		return fmt.Sprintf("name %q, enforcement %s, target %s, source %s", r.Name, r.Enforcement, r.Target, r.SourceType)
	case !slices.Equal(r.ruleTypes(), []string{"deletion", "pull_request", "update"}) && !slices.Equal(r.ruleTypes(), []string{"deletion", "pull_request", "update", "workflows"}):
		return fmt.Sprintf("rules %v", r.ruleTypes())
	case !slices.Equal(r.actors(), []string{"OrganizationAdmin/-/pull_request", fmt.Sprintf("Team/%d/always", platformTeam)}):
		return fmt.Sprintf("bypass actors %v", r.actors())
	case r.Conditions == nil || r.Conditions.RepositoryID == nil:
		return "no repository_id condition"
	case !slices.Equal(r.Conditions.RefName.Include, []string{"~DEFAULT_BRANCH"}):
		return fmt.Sprintf("include %v", r.Conditions.RefName.Include)
	}
	got := slices.Sorted(slices.Values(r.Conditions.RepositoryID.IDs))
	if want := slices.Sorted(slices.Values(ids)); !slices.Equal(got, want) {
		return fmt.Sprintf("repository ids %v, want %v", got, want)
	}
	return ""
}

// orgRulesetsQuiet fails when anyone writes to demo-org's rulesets, or
// idle polls cost rate-limit points, once the reads after a change have
// passed (see idleQuiet): a ruleset GitHub accepted is not written again,
// and an idle one costs nothing.
func orgRulesetsQuiet(t *testing.T, f *fixture, what string) {
	t.Helper()
	idleQuiet(t, f, what, func() int {
		n := 0
		for _, r := range f.emu.Requests() {
			// The path as the emulator records it, after the API's prefix.
			if r.Method != http.MethodGet && strings.Contains(r.Path, orgRulesets) {
				n++
			}
		}
		return n
	})
}

// An organization ruleset is created with its teams and repositories
// resolved to ids, the id GitHub assigns as its external name; it is not
// written again, and idle it costs nothing; a push it forbids is refused;
// whatever is changed on GitHub is put back (a rule of a type the kind
// does not model kept); deleting the resource deletes the ruleset.
func TestOrganizationRulesetLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		waitReady(f, f.create(s, "svc", common.RepositoryParameters{Visibility: ptr.To("private"), AutoInit: ptr.To(true)}))
		ids := []int64{f.repoID(rulesetRepo), f.repoID("svc")}
		o := f.orgRuleset(s, "baseline", baseline(s.key(f, "svc").Name))
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		id := meta.GetExternalName(got)
		if msg := f.baselineOnGitHub(id, ids); msg != "" {
			t.Errorf("ruleset on GitHub: %s", msg)
		}
		if obs := got.Observation(); fmt.Sprint(ptr.Deref(obs.ID, 0)) != id || ptr.Deref(obs.Organization, "") != owner || len(obs.RepositoryIDs) != 2 {
			t.Errorf("status.atProvider: %+v, want id %s of demo-org covering 2 repositories", obs, id)
		}
		orgRulesetsQuiet(t, f, "created")

		// Its effect: a push to the default branch of a repository it
		// covers is refused, even to an organization admin (who may bypass
		// through pull requests only).
		status, b := f.gh(goodToken, http.MethodPut, "/repos/"+owner+"/svc/contents/README.md", `{"message":"direct","content":"aGk=","sha":"0000000000000000000000000000000000000000"}`)
		if status != http.StatusConflict || !strings.Contains(string(b), "Changes must be made through a pull request.") {
			t.Errorf("a direct push to svc's default branch: %d %s, want 409 with the ruleset's violation", status, b)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPut, orgRulesets+"/"+id, fmt.Sprintf(`{
			"name": "Renamed", "enforcement": "disabled", "bypass_actors": [{"actor_type": "DeployKey", "bypass_mode": "always"}],
			"conditions": {"ref_name": {"include": ["~ALL"], "exclude": []}, "repository_id": {"repository_ids": [%d]}},
			"rules": [{"type": "creation"}, {"type": "workflows", "parameters": {"workflows": [{"path": ".github/workflows/ci.yml", "repository_id": 1}]}}]}`, ids[0]))
		f.eventually("ruleset put back as declared, the workflows rule kept", func() string {
			if msg := f.baselineOnGitHub(id, ids); msg != "" {
				return msg
			}
			if r, _ := f.ghOrgRulesetByID(id); !slices.Contains(r.ruleTypes(), "workflows") {
				return "workflows rule dropped"
			}
			if k := get(f, o).Observation().KeptRules; !slices.Equal(k, []string{"workflows"}) {
				return fmt.Sprintf("status.atProvider.keptRules %v", k)
			}
			return ""
		})
		orgRulesetsQuiet(t, f, "drift corrected")

		f.must(kube.Delete(f.ctx, get(f, o)))
		f.eventually("ruleset deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghOrgRulesetByID(id); ok {
				return "GitHub still has ruleset " + id
			}
			if err := kube.Get(f.ctx, s.key(f, "baseline"), fresh(o)); !kerrors.IsNotFound(err) {
				return "OrganizationRuleset still there"
			}
			return ""
		})
	})
}

// A ruleset of the repositories whose custom property tier is production
// applies to those that have it, at once, and to no other; and a
// repository's Ruleset of the same name, whose create was interrupted, is
// never mistaken for it: it makes its own.
func TestOrganizationRulesetByPropertyBesideRuleset(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		f.must(f.emu.State().SetRepoPropertyValues(owner, rulesetRepo, "tier", "production"))
		waitReady(f, f.create(s, "plain", common.RepositoryParameters{Visibility: ptr.To("private"), AutoInit: ptr.To(true)}))
		o := f.orgRuleset(s, "production", orgcommon.OrganizationRulesetParameters{
			Name: "protect-main", Target: "branch",
			Conditions: orgcommon.OrganizationRulesetConditions{
				RefName: &common.RulesetRefName{Include: []string{"~ALL"}},
				RepositoryProperty: &orgcommon.RulesetRepositoryProperty{Include: []orgcommon.RulesetPropertyTarget{
					{Name: "tier", PropertyValues: []string{"production"}}}},
			},
			Rules: &common.RulesetRules{Creation: true},
		})
		f.must(kube.Create(f.ctx, o))
		orgID := meta.GetExternalName(waitReady(f, o))

		sha := f.headOf(rulesetRepo)
		if status, b := f.gh(goodToken, http.MethodPost, "/repos/"+owner+"/"+rulesetRepo+"/git/refs", `{"ref":"refs/heads/new","sha":"`+sha+`"}`); status != http.StatusUnprocessableEntity ||
			!strings.Contains(string(b), "Cannot create ref due to creations being restricted.") {
			t.Errorf("a branch created in a production repository: %d %s, want 422 with the ruleset's violation", status, b)
		}
		if status, b := f.gh(goodToken, http.MethodPost, "/repos/"+owner+"/plain/git/refs", `{"ref":"refs/heads/new","sha":"`+f.headOf("plain")+`"}`); status != http.StatusCreated {
			t.Errorf("a branch created in a repository without the property: %d %s, want 201", status, b)
		}
		var listed []struct {
			ID         int64  `json:"id"`
			SourceType string `json:"source_type"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+rulesetRepo+"/rulesets", ""), &listed))
		if len(listed) != 1 || fmt.Sprint(listed[0].ID) != orgID || listed[0].SourceType != "Organization" {
			t.Errorf("app's rulesets, parents included: %+v, want the organization's %s", listed, orgID)
		}

		// A Ruleset of app called protect-main, as an interrupted create
		// left it: the organization's ruleset of that name is not its own.
		r := f.ruleset(s, "own", common.RulesetParameters{
			RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(rulesetRepo)},
			Name:             "protect-main",
			Conditions:       &common.RulesetConditions{RefName: common.RulesetRefName{Include: []string{"~ALL"}}},
			Rules:            &common.RulesetRules{Creation: true},
		})
		meta.SetExternalCreatePending(r, time.Now().Add(-time.Minute))
		f.must(kube.Create(f.ctx, r))
		own := meta.GetExternalName(waitReady(f, r))
		if own == orgID {
			t.Fatalf("the Ruleset took the organization's ruleset %s as its own", orgID)
		}
		if l := f.ghRulesets(); len(l) != 2 {
			t.Errorf("app's rulesets, parents included: %+v, want its own and the organization's", l)
		}
		if _, ok := f.ghOrgRulesetByID(orgID); !ok {
			t.Errorf("the organization's ruleset %s is gone", orgID)
		}
		orgRulesetsQuiet(t, f, "beside a repository's ruleset of the same name")
	})
}

// What the spec names that GitHub or the cluster does not have ends in a
// condition that names it; a name the organization already has is not
// taken over, until the external-name annotation says so.
func TestOrganizationRulesetErrors(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		unknownTeam := baseline("none")
		unknownTeam.Name = "unknown-team"
		unknownTeam.BypassActors[0].TeamSlug = ptr.To("nobody")
		a := f.orgRuleset(s, "unknown-team", unknownTeam)
		f.must(kube.Create(f.ctx, a))
		waitSyncError(f, a, `cannot find team "nobody" of organization demo-org, named by spec.forProvider.bypassActors[0].teamSlug`)

		teamRef := baseline("none")
		teamRef.Name = "team-ref"
		teamRef.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{Repositories: []string{rulesetRepo}}
		teamRef.BypassActors[0] = orgcommon.OrganizationRulesetBypassActor{ActorType: "Team", TeamRef: &xpv2.Reference{Name: "no-such-team"}}
		b := f.orgRuleset(s, "team-ref", teamRef)
		f.must(kube.Create(f.ctx, b))
		waitSyncError(f, b, "spec.forProvider.bypassActors[0].teamRef names Team", "no-such-team", "which does not exist")

		unknownRepo := baseline("none")
		unknownRepo.Name = "unknown-repo"
		unknownRepo.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{Repositories: []string{"missing"}}
		c := f.orgRuleset(s, "unknown-repo", unknownRepo)
		f.must(kube.Create(f.ctx, c))
		waitSyncError(f, c, `spec.forProvider.conditions.repositoryId.repositories names repository "missing", which organization demo-org does not have`)

		var taken ghOrgRuleset
		f.must(json.Unmarshal(f.ghMust(http.StatusCreated, goodToken, http.MethodPost, orgRulesets, `{"name":"Taken","enforcement":"disabled"}`), &taken))
		p := baseline("none")
		p.Name = "taken"
		p.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{Repositories: []string{rulesetRepo}}
		d := f.orgRuleset(s, "taken", p)
		f.must(kube.Create(f.ctx, d))
		waitSyncError(f, d, fmt.Sprintf(`organization demo-org already has a ruleset called "Taken" (id %d)`, taken.ID),
			fmt.Sprintf(`set the annotation crossplane.io/external-name: "%d"`, taken.ID))
		if r, _ := f.ghOrgRulesetByID(fmt.Sprint(taken.ID)); r.Name != "Taken" || r.Enforcement != "disabled" {
			t.Errorf("the ruleset that was there: %+v, want it untouched", r)
		}
		update(f, d, func(o twins.OrganizationRulesetObject) { meta.SetExternalName(o, fmt.Sprint(taken.ID)) })
		waitReady(f, d)
		if r, _ := f.ghOrgRulesetByID(fmt.Sprint(taken.ID)); r.Name != "taken" || r.Enforcement != "active" {
			t.Errorf("the adopted ruleset: %+v, want it as declared", r)
		}
		for _, o := range []twins.OrganizationRulesetObject{a, b, c, d} {
			f.must(kube.Delete(f.ctx, get(f, o)))
		}
		f.eventually("every resource gone", func() string {
			for _, name := range []string{"unknown-team", "team-ref", "unknown-repo", "taken"} {
				if err := kube.Get(f.ctx, s.key(f, name), fresh(a)); !kerrors.IsNotFound(err) {
					return name + " still there"
				}
			}
			return ""
		})
	})
}

// Bad input is refused at admission, with what is allowed.
func TestOrganizationRulesetAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *orgcommon.OrganizationRulesetParameters)
		want   string
	}{
		"NoRepositoryCondition": {change: func(p *orgcommon.OrganizationRulesetParameters) { p.Conditions.RepositoryID = nil },
			want: "set exactly one of conditions.repositoryName, repositoryId and repositoryProperty"},
		"TwoRepositoryConditions": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Conditions.RepositoryName = &orgcommon.RulesetRepositoryName{Include: []string{"~ALL"}}
		}, want: "set exactly one of conditions.repositoryName, repositoryId and repositoryProperty"},
		"NoRepositories": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Conditions.RepositoryID = &orgcommon.RulesetRepositoryID{}
		}, want: "name the repositories with repositories, repositoryRefs or repositorySelector"},
		"BranchWithoutRefName": {change: func(p *orgcommon.OrganizationRulesetParameters) { p.Conditions.RefName = nil },
			want: "a branch or tag ruleset needs conditions.refName"},
		"PushWithRefName": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Target, p.Rules = "push", nil
		}, want: "a push ruleset applies to every push to the repositories it covers: leave conditions.refName out"},
		"BareBranchName": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Conditions.RefName.Include = []string{"main"}
		}, want: "the refName patterns of a branch ruleset are ~DEFAULT_BRANCH, ~ALL"},
		"TeamTwice": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.BypassActors[0].ActorID = ptr.To[int64](3)
		}, want: "a Team actor is named by exactly one of actorId, teamSlug and teamRef"},
		"SlugOfAUser": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.BypassActors[0].ActorType = "User"
		}, want: "teamSlug and teamRef name Team actors"},
		"RoleWithoutID": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.BypassActors = []orgcommon.OrganizationRulesetBypassActor{{ActorType: "RepositoryRole"}}
		}, want: "actorId is required for Integration"},
		"OrganizationAdminWithID": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.BypassActors = []orgcommon.OrganizationRulesetBypassActor{{ActorType: "OrganizationAdmin", ActorID: ptr.To[int64](1)}}
		}, want: "leave actorId, teamSlug and teamRef out for OrganizationAdmin and DeployKey actors"},
		"FileRuleOnBranch": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Rules.MaxFileSize = &common.MaxFileSizeRule{MaxFileSize: 5}
		}, want: "are rules of push rulesets: put them in an OrganizationRuleset with target push"},
		"PullRequestBypassOnTag": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Target, p.Rules = "tag", nil
			p.Conditions.RefName.Include = []string{"~ALL"}
		}, want: "bypassMode pull_request is only for branch rulesets"},
		"PropertyWithoutValues": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Conditions.RepositoryID = nil
			p.Conditions.RepositoryProperty = &orgcommon.RulesetRepositoryProperty{Include: []orgcommon.RulesetPropertyTarget{{Name: "tier"}}}
		}, want: "propertyValues"},
		"PropertySource": {change: func(p *orgcommon.OrganizationRulesetParameters) {
			p.Conditions.RepositoryID = nil
			p.Conditions.RepositoryProperty = &orgcommon.RulesetRepositoryProperty{Include: []orgcommon.RulesetPropertyTarget{{Name: "tier", PropertyValues: []string{"a"}, Source: "team"}}}
		}, want: `supported values: "custom", "system"`},
		"NameWithSpaces": {change: func(p *orgcommon.OrganizationRulesetParameters) { p.Name = " main " }, want: "name cannot start or end with spaces"},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newRulesetFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				p := baseline("svc")
				tc.change(&p)
				o := f.orgRuleset(s, "refused", p)
				err := kube.Create(f.ctx, o)
				if err == nil {
					_ = kube.Delete(f.ctx, o)
					t.Fatalf("want the API server to refuse %+v", p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		}
	})
}

// headOf is the commit the default branch, main, of demo-org's repository
// repo points at.
func (f *fixture) headOf(repo string) string {
	f.t.Helper()
	var ref struct {
		Object struct {
			SHA string `json:"sha"`
		} `json:"object"`
	}
	f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/repos/"+owner+"/"+repo+"/git/ref/heads/main", ""), &ref))
	return ref.Object.SHA
}
