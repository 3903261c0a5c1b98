package integration

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
)

// bySlug names the team by slug and the repository by name.
func bySlug(slug, repo string, permission *string) common.TeamRepositoryParameters {
	return common.TeamRepositoryParameters{
		TeamTarget:       common.TeamTarget{TeamSlug: ptr.To(slug)},
		RepositoryTarget: common.RepositoryTarget{Repository: ptr.To(repo)},
		Permission:       permission,
	}
}

// waitGone waits until the resource mg names no longer exists.
func waitGone[T resource.Managed](f *fixture, mg T) {
	f.t.Helper()
	f.eventually(mg.GetName()+" gone", func() string {
		if err := kube.Get(f.ctx, client.ObjectKeyFromObject(mg), fresh(mg)); !kerrors.IsNotFound(err) {
			return "still there"
		}
		return ""
	})
}

// A team's permission is granted, set back after a change on GitHub,
// granted again after a removal on GitHub, changed with the spec and
// removed with the resource.
func TestTeamRepositoryLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.seedTeamsAndRepos([]string{"Platform"}, "app")
		tr := f.createTeamRepository(s, "grant", bySlug("platform", "app", ptr.To("maintain")))
		got := waitReady(f, tr)
		if role := f.ghTeamRole("platform", "app"); role != "maintain" {
			t.Fatalf("team platform's role on app: %q, want maintain", role)
		}
		if n := meta.GetExternalName(got); n != "platform/"+owner+"/app" {
			t.Errorf("external name %q, want platform/%s/app", n, owner)
		}
		if o := got.Observation(); ptr.Deref(o.Permission, "") != "maintain" || ptr.Deref(o.RepositoryID, 0) == 0 || ptr.Deref(o.Repository, "") != owner+"/app" {
			t.Errorf("status.atProvider: %+v, want permission maintain on %s/app with its id", o, owner)
		}

		f.ghGrant("platform", "app", "admin")
		f.waitTeamRole("platform", "app", "maintain")

		f.ghGrant("platform", "app", "")
		f.waitTeamRole("platform", "app", "maintain")
		f.waitEvent(tr, "GrantedAgain")

		update(f, tr, func(o teamRepoObject) { o.Parameters().Permission = ptr.To("triage") })
		f.waitTeamRole("platform", "app", "triage")

		f.must(kube.Delete(f.ctx, tr))
		waitGone(f, tr)
		if role := f.ghTeamRole("platform", "app"); role != "" {
			t.Errorf("after the delete the team still has role %q", role)
		}
	})
}

// A permission that GitHub accepted, reported in its own words (write for
// push, read for pull, a custom role in its own case), is never granted
// again.
func TestTeamRepositoryNoUpdateLoop(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.seedTeamsAndRepos([]string{"Platform"}, "app", "lib", "svc")
		f.must(f.emu.State().AddRepositoryRole(owner, "deployer", "write"))
		grants := map[string]teamRepoObject{
			"write":    f.createTeamRepository(s, "default", bySlug("platform", "app", nil)),
			"read":     f.createTeamRepository(s, "pull", bySlug("platform", "lib", ptr.To("pull"))),
			"deployer": f.createTeamRepository(s, "custom", bySlug("platform", "svc", ptr.To("Deployer"))),
		}
		for role, tr := range grants {
			got := waitReady(f, tr)
			if r := ptr.Deref(got.Observation().RoleName, ""); r != role {
				t.Errorf("%s: status.atProvider.roleName %q, want %q", tr.GetName(), r, role)
			}
		}
		// Ready follows each create's grant; any write after it is one too
		// many. The request log is current; the events lag, so an update in
		// the last moments may show only in the write count.
		writes := f.grantWrites()
		time.Sleep(4 * pollInterval)
		if n := f.grantWrites() - writes; n != 0 {
			t.Errorf("%d grants written in 4 polls after all were ready, want none", n)
		}
		for _, tr := range grants {
			if n := f.updates(tr); n != 0 {
				t.Errorf("%s: %d updates of a permission GitHub accepted, want none", tr.GetName(), n)
			}
		}
		if role := f.ghTeamRole("platform", "svc"); role != "deployer" {
			t.Errorf("custom role on svc: %q, want deployer", role)
		}
	})
}

// A team or repository GitHub does not know, a team of another
// organization and a repository renamed or a team renamed outside
// Kubernetes end in a Synced=False condition that names it.
func TestTeamRepositoryErrors(t *testing.T) {
	t.Run("UnknownTeam", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos(nil, "app")
			tr := f.createTeamRepository(s, "grant", bySlug("nobody", "app", nil))
			waitSyncError(f, tr, "team nobody does not exist in organization "+owner)
		})
	})
	t.Run("UnknownRepository", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"})
			tr := f.createTeamRepository(s, "grant", bySlug("platform", "missing", nil))
			waitSyncError(f, tr, "repository "+owner+"/missing does not exist")
		})
	})
	t.Run("UnknownCustomRole", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"}, "app")
			tr := f.createTeamRepository(s, "grant", bySlug("platform", "app", ptr.To("releaser")))
			waitSyncError(f, tr, "organization "+owner+` has no custom repository role "releaser"`)
		})
	})
	t.Run("TeamOfAnotherOrganization", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"}, "app")
			tm := f.observedTeam(s, "platform", "platform")
			f.setTeamStatus(tm, 99, "other-org", "platform")
			tr := f.createTeamRepository(s, "grant", common.TeamRepositoryParameters{
				TeamTarget:       common.TeamTarget{TeamRef: &xpv2.Reference{Name: tm.GetName()}},
				RepositoryTarget: common.RepositoryTarget{Repository: ptr.To("app")},
			})
			waitSyncError(f, tr, "belongs to organization other-org, but repository "+owner+"/app belongs to "+owner)
		})
	})
	t.Run("RepositoryRenamedOutsideKubernetes", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"}, "app")
			tr := f.createTeamRepository(s, "grant", bySlug("platform", "app", nil))
			waitReady(f, tr)
			f.must(f.emu.State().Rename(owner, "app", "app2"))
			waitSyncError(f, tr, "repository "+owner+"/app", "was renamed to "+owner+"/app2")
			f.seedTeamsAndRepos(nil, "app")
			time.Sleep(2 * pollInterval)
			if role := f.ghTeamRole("platform", "app"); role != "" {
				t.Errorf("the repository that took the old name was granted %q; want it left alone", role)
			}
			if role := f.ghTeamRole("platform", "app2"); role != "write" {
				t.Errorf("the renamed repository: role %q, want write", role)
			}
		})
	})
	t.Run("TeamRenamedOutsideKubernetes", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"}, "app")
			tr := f.createTeamRepository(s, "grant", bySlug("platform", "app", nil))
			waitReady(f, tr)
			if status, body := f.ghAsOwner("PATCH", "/orgs/"+owner+"/teams/platform", `{"name":"Core"}`); status != 200 {
				t.Fatalf("renaming the team: %d %s", status, body)
			}
			waitSyncError(f, tr, "team platform does not exist in organization "+owner, "renamed on GitHub")
		})
	})
}

// A teamRef and a repositoryRef follow their resources: a repository
// renamed on GitHub, which its observe-only Repository resource follows by
// id, keeps the team's permission, and the external name follows; so it
// does after a team's rename.
func TestTeamRepositoryFollowsReferences(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.seedTeamsAndRepos([]string{"Platform"}, "app")
		tm := f.observedTeam(s, "platform", "platform")
		repo := repositories.In(s.of)
		meta.SetExternalName(repo, "app")
		repo.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
		create(f, s, repo, "app-repo")
		waitReady(f, repo)

		tr := f.createTeamRepository(s, "grant", common.TeamRepositoryParameters{
			TeamTarget:       common.TeamTarget{TeamRef: &xpv2.Reference{Name: tm.GetName()}},
			RepositoryTarget: common.RepositoryTarget{RepositoryRef: &xpv2.Reference{Name: repo.GetName()}},
			Permission:       ptr.To("admin"),
		})
		got := waitReady(f, tr)
		if id := ptr.Deref(got.Observation().TeamID, 0); id != f.ghTeamID("platform") {
			t.Errorf("status.atProvider.teamId %d, want the team's id", id)
		}
		f.waitTeamRole("platform", "app", "admin")
		writes := f.grantWrites()

		f.must(f.emu.State().Rename(owner, "app", "app-renamed"))
		f.eventually("external name follows the rename", func() string {
			n := meta.GetExternalName(get(f, tr))
			if n != "platform/"+owner+"/app-renamed" {
				return "external name " + n
			}
			return ""
		})
		if role := f.ghTeamRole("platform", "app-renamed"); role != "admin" {
			t.Errorf("after the rename the team's role is %q, want admin", role)
		}

		// The team renamed, and its Team resource reporting the new slug.
		if status, body := f.ghAsOwner("PATCH", "/orgs/"+owner+"/teams/platform", `{"name":"Core"}`); status != 200 {
			t.Fatalf("renaming the team: %d %s", status, body)
		}
		f.setTeamStatus(tm, f.ghTeamID("core"), owner, "core")
		f.eventually("external name follows the team's rename", func() string {
			n := meta.GetExternalName(get(f, tr))
			if n != "core/"+owner+"/app-renamed" {
				return "external name " + n
			}
			return ""
		})
		// The status names the renamed team and repository only after a
		// reconcile under the new external name has run to its end, past
		// any grant it would have written (logged by the emulator before
		// the provider had its answer). Its event may still be on its way,
		// so the write count is the proof; the events only add to it.
		f.eventually("status.atProvider names the renamed team and repository", func() string {
			o := get(f, tr).Observation()
			if ptr.Deref(o.TeamSlug, "") != "core" || ptr.Deref(o.Repository, "") != owner+"/app-renamed" {
				return fmt.Sprintf("team %q, repository %q", ptr.Deref(o.TeamSlug, ""), ptr.Deref(o.Repository, ""))
			}
			return ""
		})
		waitReady(f, tr)
		if n := f.grantWrites() - writes; n != 0 {
			t.Errorf("%d grants written: following renames must not grant again", n)
		}
		if n := f.updates(tr); n != 0 {
			t.Errorf("%d updates: following renames must not grant again", n)
		}

		f.must(kube.Delete(f.ctx, tr))
		waitGone(f, tr)
		if role := f.ghTeamRole("core", "app-renamed"); role != "" {
			t.Errorf("after the delete the team still has role %q", role)
		}
	})
}

// A TeamRepository whose Team resource is gone is deleted without GitHub;
// one whose permission is already gone on GitHub is deleted too.
func TestTeamRepositoryDeletesWhatIsGone(t *testing.T) {
	t.Run("TeamResourceGone", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"}, "app")
			tm := f.observedTeam(s, "platform", "platform")
			tr := f.createTeamRepository(s, "grant", common.TeamRepositoryParameters{
				TeamTarget:       common.TeamTarget{TeamRef: &xpv2.Reference{Name: tm.GetName()}},
				RepositoryTarget: common.RepositoryTarget{Repository: ptr.To("app")},
			})
			waitReady(f, tr)
			f.must(kube.Delete(f.ctx, tm))
			waitGone(f, tm)
			f.must(kube.Delete(f.ctx, tr))
			waitGone(f, tr)
		})
	})
	t.Run("PermissionGone", func(t *testing.T) {
		forEachScope(t, func(t *testing.T, s scope) {
			f := newFixture(t)
			f.seedTeamsAndRepos([]string{"Platform"}, "app")
			tr := f.createTeamRepository(s, "grant", bySlug("platform", "app", nil))
			waitReady(f, tr)
			f.ghGrant("platform", "app", "")
			f.must(kube.Delete(f.ctx, tr))
			waitGone(f, tr)
			if role := f.ghTeamRole("platform", "app"); role != "" {
				t.Errorf("after the delete the team has role %q", role)
			}
		})
	})
}

// Bad input is refused at admission with what is allowed.
func TestTeamRepositoryAdmission(t *testing.T) {
	cases := map[string]struct {
		p    common.TeamRepositoryParameters
		want string
	}{
		"PermissionWrite":     {p: bySlug("platform", "app", ptr.To("write")), want: "GitHub grants pull (which it reports as read) and push (reported as write)"},
		"PermissionRead":      {p: bySlug("platform", "app", ptr.To("read")), want: "use pull, triage, push, maintain, admin or a custom repository role"},
		"PermissionUpperCase": {p: bySlug("platform", "app", ptr.To("Push")), want: "write the built-in permissions in lower case"},
		"PermissionBadChars":  {p: bySlug("platform", "app", ptr.To("deploy/ops")), want: "spec.forProvider.permission"},
		"PermissionEmpty":     {p: bySlug("platform", "app", ptr.To("")), want: "spec.forProvider.permission"},
		"SlugUpperCase":       {p: bySlug("Platform", "app", nil), want: "spec.forProvider.teamSlug"},
		"SlugWithSpace":       {p: bySlug("platform team", "app", nil), want: "spec.forProvider.teamSlug"},
		"RepositoryBadName":   {p: bySlug("platform", "my app", nil), want: "spec.forProvider.repository"},
		"NoTeam":              {p: common.TeamRepositoryParameters{RepositoryTarget: common.RepositoryTarget{Repository: ptr.To("app")}}, want: "set exactly one of teamSlug, teamRef or teamSelector"},
		"NoRepository":        {p: common.TeamRepositoryParameters{TeamTarget: common.TeamTarget{TeamSlug: ptr.To("platform")}}, want: "set exactly one of repository, repositoryRef or repositorySelector"},
		"SlugAndTeamRef": {p: common.TeamRepositoryParameters{
			TeamTarget:       common.TeamTarget{TeamSlug: ptr.To("platform"), TeamRef: &xpv2.Reference{Name: "platform"}},
			RepositoryTarget: common.RepositoryTarget{Repository: ptr.To("app")},
		}, want: "set exactly one of teamSlug, teamRef or teamSelector"},
		"NameAndRepositoryRef": {p: common.TeamRepositoryParameters{
			TeamTarget:       common.TeamTarget{TeamSlug: ptr.To("platform")},
			RepositoryTarget: common.RepositoryTarget{Repository: ptr.To("app"), RepositoryRef: &xpv2.Reference{Name: "app"}},
		}, want: "set exactly one of repository, repositoryRef or repositorySelector"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				tr := teamRepositories.In(s.of)
				*tr.Parameters() = tc.p
				err := kube.Create(f.ctx, place(f, s, tr, "refused", "github"))
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
}

// The team and the repository cannot be changed: another TeamRepository
// grants another; the permission can.
func TestTeamRepositoryTargetIsImmutable(t *testing.T) {
	cases := map[string]struct {
		change func(p *common.TeamRepositoryParameters)
		want   string
	}{
		"TeamSlug":   {change: func(p *common.TeamRepositoryParameters) { p.TeamSlug = ptr.To("other") }, want: "teamSlug cannot be changed"},
		"Repository": {change: func(p *common.TeamRepositoryParameters) { p.Repository = ptr.To("other") }, want: "repository cannot be changed"},
		"Owner":      {change: func(p *common.TeamRepositoryParameters) { p.Owner = ptr.To("other") }, want: "owner cannot be changed"},
		"TeamToRef": {change: func(p *common.TeamRepositoryParameters) {
			p.TeamSlug, p.TeamRef = nil, &xpv2.Reference{Name: "platform"}
		}, want: "teamSlug cannot be changed or replaced by a reference"},
		"Permission": {change: func(p *common.TeamRepositoryParameters) { p.Permission = ptr.To("admin") }},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				tr := f.createTeamRepository(s, "fixed", bySlug("platform", "app", nil))
				var err error
				for range 20 { // retry while the controller writes the object too
					got := get(f, tr)
					tc.change(got.Parameters())
					if err = kube.Update(f.ctx, got); !kerrors.IsConflict(err) {
						break
					}
				}
				if tc.want == "" {
					if err != nil {
						t.Errorf("want the update accepted, got: %v", err)
					}
					return
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the update refused with %q, got: %v", tc.want, err)
				}
			})
		})
	}
}
