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
)

// productionPolicies are production's custom policies on GitHub.
var productionPolicies = []string{"branch/main", "tag/v*"}

// An environment is created with its rules and custom policies, its name
// as the external name; it is not written again poll after poll; what is
// changed on GitHub (a setting, a pattern added) is put back; one deleted
// on GitHub is created again; deleting the resource deletes it.
func TestEnvironmentLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		e := f.environment(s, "production", production())
		f.must(kube.Create(f.ctx, e))
		got := waitReady(f, e)
		if ext := meta.GetExternalName(got); ext != "production" {
			t.Errorf("external name %q, want production", ext)
		}
		if g, _ := f.ghEnvironmentNamed("production"); g.summary() != productionOnGitHub {
			t.Errorf("environment on GitHub: %s, want %s", g.summary(), productionOnGitHub)
		}
		if p := f.ghPolicies("production"); !slices.Equal(p, productionPolicies) {
			t.Errorf("policies on GitHub: %v, want %v", p, productionPolicies)
		}
		if o := got.Observation(); ptr.Deref(o.Repository, "") != envFullName || o.CreatedAt == nil || len(o.Reviewers) != 2 || len(o.BranchPolicies) != 2 {
			t.Errorf("status.atProvider: %+v, want demo-org/deployed with two reviewers and two policies", o)
		}
		environmentsQuiet(f, "created")

		// Changed on GitHub: the settings, and a pattern added.
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/"+envFullName+"/environments/production", `{"wait_timer": 1, "reviewers": null}`)
		f.ghMust(http.StatusOK, goodToken, http.MethodPost, "/repos/"+envFullName+"/environments/production/deployment-branch-policies", `{"name": "hotfix/*"}`)
		f.eventually("environment put back as declared", func() string {
			if g, _ := f.ghEnvironmentNamed("production"); g.summary() != productionOnGitHub {
				return g.summary()
			}
			if p := f.ghPolicies("production"); !slices.Equal(p, productionPolicies) {
				return fmt.Sprintf("policies %v", p)
			}
			return ""
		})
		environmentsQuiet(f, "drift corrected")

		// Deleted on GitHub: created again.
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, "/repos/"+envFullName+"/environments/production", "")
		f.eventually("environment created again", func() string {
			g, ok := f.ghEnvironmentNamed("production")
			if !ok {
				return "no environment"
			}
			if g.summary() != productionOnGitHub {
				return g.summary()
			}
			if p := f.ghPolicies("production"); !slices.Equal(p, productionPolicies) {
				return fmt.Sprintf("policies %v", p)
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, e)))
		f.eventually("environment deleted on GitHub and the resource gone", func() string {
			if _, ok := f.ghEnvironmentNamed("production"); ok {
				return "environment still on GitHub"
			}
			if err := kube.Get(f.ctx, s.key(f, "production"), fresh(e)); !kerrors.IsNotFound(err) {
				return "Environment still there"
			}
			return ""
		})
	})
}

// A reviewer named by teamRef follows the Team resource: the environment
// waits until the Team is on GitHub, then names it by its id. Switching to
// protected branches drops the custom policies.
func TestEnvironmentTeamRefAndProtectedBranches(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		p := production()
		p.Reviewers = []common.EnvironmentReviewer{{Type: "Team", TeamRef: &xpv2.Reference{Name: s.key(f, "deployers").Name}}}
		e := f.environment(s, "production", p)
		f.must(kube.Create(f.ctx, e))
		waitSyncError(f, e, "reviewers[0].teamRef", "does not exist")

		team := f.createTeam(s, "deployers", orgcommon.TeamParameters{Name: "Deployers", Privacy: ptr.To("closed")})
		teamID := ptr.Deref(waitReady(f, team).Observation().ID, 0)
		f.grantTeam("deployers")
		waitReady(f, e)
		g, _ := f.ghEnvironmentNamed("production")
		if want := "wait=15 self=true reviewers=[Team/deployers] policy=custom"; g.summary() != want {
			t.Errorf("environment on GitHub: %s, want %s", g.summary(), want)
		}
		for _, r := range g.ProtectionRules {
			if r.Type == "required_reviewers" && (len(r.Reviewers) != 1 || r.Reviewers[0].Reviewer.ID != teamID) {
				t.Errorf("reviewers %+v, want the team of id %d", r.Reviewers, teamID)
			}
		}
		environmentsQuiet(f, "created with a teamRef")

		update(f, e, func(e environmentObject) {
			e.Parameters().DeploymentBranchPolicy = &common.DeploymentBranchPolicy{ProtectedBranches: ptr.To(true)}
		})
		f.eventually("protected branches only", func() string {
			if g, _ := f.ghEnvironmentNamed("production"); !strings.HasSuffix(g.summary(), "policy=protected") {
				return g.summary()
			}
			if p := f.ghPolicies("production"); len(p) != 0 {
				return fmt.Sprintf("policies %v", p)
			}
			return ""
		})
		environmentsQuiet(f, "protected branches")
	})
}

// An environment that already exists is not taken over: the resource says
// how to adopt it and nothing is written. With the external-name
// annotation it is adopted and brought to the spec.
func TestEnvironmentExistingThenAdopted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/"+envFullName+"/environments/Production", `{"wait_timer": 3}`)
		before := f.environmentWrites()
		e := f.environment(s, "production", production())
		f.must(kube.Create(f.ctx, e))
		waitSyncError(f, e, `environment "Production" of demo-org/deployed already exists and this Environment did not create it`,
			`set the annotation crossplane.io/external-name: "Production"`)
		if n := f.environmentWrites() - before; n != 0 {
			t.Errorf("%d writes to the environments, want none: the environment is not ours", n)
		}

		update(f, e, func(e environmentObject) { meta.SetExternalName(e, "Production") })
		waitReady(f, e)
		if g, _ := f.ghEnvironmentNamed("production"); g.summary() != productionOnGitHub || g.Name != "Production" {
			t.Errorf("adopted environment on GitHub: %s %s, want %s named Production", g.Name, g.summary(), productionOnGitHub)
		}
		environmentsQuiet(f, "adopted")
	})
}

// A create interrupted after GitHub made the environment (the provider
// stopped before the external name was saved) is recognised by the
// environment's creation time and its settings, those the create sent:
// no error, no second environment, and its custom policies are added.
func TestEnvironmentInterruptedCreateRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		began := time.Now()
		var user struct {
			ID int64 `json:"id"`
		}
		f.must(json.Unmarshal(f.ghMust(http.StatusOK, goodToken, http.MethodGet, "/users/member-user", ""), &user))
		// What the create of production() sends: its custom branch
		// policies follow it, one request each, so a create cut off
		// before them leaves none.
		f.ghMust(http.StatusOK, goodToken, http.MethodPut, "/repos/"+envFullName+"/environments/production", fmt.Sprintf(`{"wait_timer": 15, "prevent_self_review": true,
			"reviewers": [{"type": "User", "id": %d}, {"type": "Team", "id": %d}],
			"deployment_branch_policy": {"protected_branches": false, "custom_branch_policies": true}}`, user.ID, releaseTeam))
		e := f.environment(s, "production", production())
		// What the managed reconciler records before it calls Create.
		meta.SetExternalCreatePending(e, began)
		f.must(kube.Create(f.ctx, e))
		got := waitReady(f, e)
		if ext := meta.GetExternalName(got); ext != "production" {
			t.Errorf("external name %q, want production", ext)
		}
		f.waitEvent(got, "RecoveredInterruptedCreate")
		f.eventually("the custom policies added", func() string {
			if p := f.ghPolicies("production"); !slices.Equal(p, productionPolicies) {
				return fmt.Sprintf("policies %v, want %v", p, productionPolicies)
			}
			return ""
		})
	})
}

// What GitHub cannot find ends in a condition that names it: the
// repository, a reviewer's login, a reviewer's team slug. Deleting an
// Environment whose repository is gone completes.
func TestEnvironmentErrors(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		p := production()
		p.Repository = ptr.To("missing")
		nowhere := f.environment(s, "nowhere", p)
		f.must(kube.Create(f.ctx, nowhere))

		p = production()
		p.Reviewers = []common.EnvironmentReviewer{{Type: "User", Login: ptr.To("nobody-here")}}
		p.PreventSelfReview = nil
		nobody := f.environment(s, "nobody", p)
		f.must(kube.Create(f.ctx, nobody))

		p = production()
		p.Name = "staging"
		p.Reviewers = []common.EnvironmentReviewer{{Type: "Team", TeamSlug: ptr.To("ghosts")}}
		ghosts := f.environment(s, "ghosts", p)
		f.must(kube.Create(f.ctx, ghosts))

		waitSyncError(f, nowhere, `cannot create environment "production": cannot find repository demo-org/missing`)
		waitSyncError(f, nobody, `cannot find GitHub user "nobody-here"`, "fix the login")
		waitSyncError(f, ghosts, `cannot find team "ghosts" of organization demo-org`)
		if _, ok := f.ghEnvironmentNamed("staging"); ok {
			t.Error("environment staging created without its reviewers")
		}

		f.must(kube.Delete(f.ctx, get(f, nowhere)))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "nowhere"), fresh(nowhere)); !kerrors.IsNotFound(err) {
				return "Environment still there"
			}
			return ""
		})
	})
}

// An environment deleted with its repository is gone: deleting the
// resource completes.
func TestEnvironmentOfDeletedRepositoryIsDeleted(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		e := f.environment(s, "orphan", production())
		f.must(kube.Create(f.ctx, e))
		waitReady(f, e)
		f.must(f.emu.State().Delete(owner, envRepo))
		f.must(kube.Delete(f.ctx, get(f, e)))
		f.eventually("resource gone", func() string {
			if err := kube.Get(f.ctx, s.key(f, "orphan"), fresh(e)); !kerrors.IsNotFound(err) {
				return "Environment still there"
			}
			return ""
		})
	})
}

// Bad input is refused at admission, with what is allowed.
func TestEnvironmentAdmission(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.EnvironmentParameters)
		want   string
	}{
		"WaitTooLong":  {change: func(p *common.EnvironmentParameters) { p.WaitTimer = ptr.To[int64](43201) }, want: "should be less than or equal to 43200"},
		"OnlySpaces":   {change: func(p *common.EnvironmentParameters) { p.Name = "   " }, want: "name cannot be only spaces"},
		"ControlChar":  {change: func(p *common.EnvironmentParameters) { p.Name = "a\tb" }, want: "spec.forProvider.name in body should match"},
		"NoRepository": {change: func(p *common.EnvironmentParameters) { p.Repository = nil }, want: "set exactly one of repository, repositoryRef or repositorySelector"},
		"SevenReviewers": {change: func(p *common.EnvironmentParameters) {
			for i := 0; i < 5; i++ {
				p.Reviewers = append(p.Reviewers, common.EnvironmentReviewer{Type: "User", ID: ptr.To(int64(i + 1))})
			}
		}, want: "must have at most 6 items"},
		"UnknownType": {change: func(p *common.EnvironmentParameters) {
			p.Reviewers = []common.EnvironmentReviewer{{Type: "App", ID: ptr.To[int64](1)}}
		}, want: `supported values: "User", "Team"`},
		"UserByLoginAndID": {change: func(p *common.EnvironmentParameters) {
			p.Reviewers = []common.EnvironmentReviewer{{Type: "User", ID: ptr.To[int64](1), Login: ptr.To("a")}}
		}, want: "a User reviewer is named by exactly one of id and login"},
		"UserWithSlug": {change: func(p *common.EnvironmentParameters) {
			p.Reviewers = []common.EnvironmentReviewer{{Type: "User", ID: ptr.To[int64](1), TeamSlug: ptr.To("a")}}
		}, want: "teamSlug and teamRef name Team reviewers"},
		"TeamWithoutName": {change: func(p *common.EnvironmentParameters) {
			p.Reviewers = []common.EnvironmentReviewer{{Type: "Team"}}
		}, want: "a Team reviewer is named by exactly one of id, teamSlug and teamRef"},
		"TeamByLogin": {change: func(p *common.EnvironmentParameters) {
			p.Reviewers = []common.EnvironmentReviewer{{Type: "Team", ID: ptr.To[int64](1), Login: ptr.To("a")}}
		}, want: "login names a User reviewer"},
		"SelfReviewWithoutReviewers": {change: func(p *common.EnvironmentParameters) { p.Reviewers = nil }, want: "preventSelfReview needs at least one reviewer"},
		"BothBranchPolicies": {change: func(p *common.EnvironmentParameters) {
			p.DeploymentBranchPolicy.ProtectedBranches = ptr.To(true)
		}, want: "set exactly one of protectedBranches: true and customBranchPolicies"},
		"NeitherBranchPolicy": {change: func(p *common.EnvironmentParameters) {
			p.DeploymentBranchPolicy = &common.DeploymentBranchPolicy{ProtectedBranches: ptr.To(false)}
		}, want: "set exactly one of protectedBranches: true and customBranchPolicies"},
		"DuplicatePattern": {change: func(p *common.EnvironmentParameters) {
			p.DeploymentBranchPolicy.CustomBranchPolicies = []common.EnvironmentBranchPolicy{{Name: "main"}, {Name: "main", Type: ptr.To("branch")}}
		}, want: "list each pattern (name and type) once"},
		"RuleAppSlugAndID": {change: func(p *common.EnvironmentParameters) {
			p.CustomProtectionRules = &[]common.CustomProtectionRule{{AppSlug: ptr.To("deploy-gate"), AppID: ptr.To[int64](1)}}
		}, want: "set exactly one of appSlug and appID"},
		"RuleWithoutApp": {change: func(p *common.EnvironmentParameters) {
			p.CustomProtectionRules = &[]common.CustomProtectionRule{{}}
		}, want: "set exactly one of appSlug and appID"},
		"RuleAppTwice": {change: func(p *common.EnvironmentParameters) {
			p.CustomProtectionRules = &[]common.CustomProtectionRule{{AppSlug: ptr.To("deploy-gate")}, {AppSlug: ptr.To("Deploy-Gate")}}
		}, want: "list each app once"},
		"UnknownPolicyType": {change: func(p *common.EnvironmentParameters) {
			p.DeploymentBranchPolicy.CustomBranchPolicies = []common.EnvironmentBranchPolicy{{Name: "main", Type: ptr.To("commit")}}
		}, want: `supported values: "branch", "tag"`},
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newEnvironmentFixture(t)
		for name, tc := range cases {
			t.Run(name, func(t *testing.T) {
				p := production()
				tc.change(&p)
				err := kube.Create(f.ctx, f.environment(s, strings.ToLower(name), p))
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("create: %v, want an error containing %q", err, tc.want)
				}
			})
		}
		t.Run("NameCannotChange", func(t *testing.T) {
			e := f.environment(s, "renamed", production())
			e.SetAnnotations(map[string]string{"crossplane.io/paused": "true"})
			f.must(kube.Create(f.ctx, e))
			var err error
			for range 10 {
				got := get(f, e)
				got.Parameters().Name = "prod"
				if err = kube.Update(f.ctx, got); !kerrors.IsConflict(err) {
					break
				}
			}
			if err == nil || !strings.Contains(err.Error(), "name cannot be changed") {
				t.Errorf("update: %v, want name cannot be changed", err)
			}
		})
	})
}
