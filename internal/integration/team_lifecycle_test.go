package integration

import (
	"net/http"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	orgcommon "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
)

func TestTeamCreateAndDelete(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "platform", orgcommon.TeamParameters{Name: "Platform Team", Description: ptr.To("runs the platform")})
		r := waitReady(f, f.team(s, "platform"))

		gh := f.mustTeam("platform-team")
		if gh.Name != "Platform Team" || ptr.Deref(gh.Description, "") != "runs the platform" || gh.Privacy != "secret" {
			t.Errorf("GitHub's team does not have the declared settings: %+v", gh)
		}
		if got := meta.GetExternalName(r); got != "platform-team" {
			t.Errorf("external name: want the slug platform-team, got %q", got)
		}
		obs := r.Observation()
		if ptr.Deref(obs.ID, 0) != gh.ID || ptr.Deref(obs.Slug, "") != "platform-team" || ptr.Deref(obs.Organization, "") != owner || obs.HTMLURL == nil {
			t.Errorf("status.atProvider does not describe the team: %+v", obs)
		}
		p := r.Parameters()
		if ptr.Deref(p.Organization, "") != owner || ptr.Deref(p.Privacy, "") != "secret" || ptr.Deref(p.NotificationSetting, "") != "notifications_enabled" {
			t.Errorf("late initialization: want organization, privacy and notification setting filled in, got %+v", p)
		}

		// Polls of a team in sync write nothing.
		before := len(f.emu.Requests())
		time.Sleep(3 * pollInterval)
		for _, req := range f.emu.Requests()[before:] {
			if req.Method != http.MethodGet {
				t.Errorf("a team in sync was written to: %s %s", req.Method, req.Path)
			}
		}

		f.must(kube.Delete(f.ctx, r))
		f.eventually("deleted on GitHub and in Kubernetes", func() string {
			if _, ok := f.ghTeamByID(gh.ID); ok {
				return "still on GitHub"
			}
			if err := kube.Get(f.ctx, s.key(f, "platform"), r); !kerrors.IsNotFound(err) {
				return "Team object still there"
			}
			return ""
		})
	})
}

func TestTeamDriftIsCorrected(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "sre", orgcommon.TeamParameters{Name: "SRE", Description: ptr.To("on call"), Privacy: ptr.To("closed"),
			NotificationSetting: ptr.To("notifications_disabled")})
		waitReady(f, f.team(s, "sre"))

		f.editTeamOnGitHub("sre", `{"description":"changed by hand","privacy":"secret","notification_setting":"notifications_enabled"}`)
		f.eventually("settings restored on GitHub", func() string {
			gh := f.mustTeam("sre")
			if ptr.Deref(gh.Description, "") != "on call" || gh.Privacy != "closed" || gh.NotificationSetting != "notifications_disabled" {
				return "not restored yet: " + gh.Privacy + " " + gh.NotificationSetting
			}
			return ""
		})
		waitReady(f, f.team(s, "sre"))
	})
}

func TestTeamRenamedOutsideIsRenamedBack(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "core", orgcommon.TeamParameters{Name: "Core"})
		r := waitReady(f, f.team(s, "core"))
		id := ptr.Deref(r.Observation().ID, 0)

		f.editTeamOnGitHub("core", `{"name":"Renamed By Hand"}`)
		f.eventually("renamed back to Core", func() string {
			gh, ok := f.ghTeamByID(id)
			if !ok || gh.Name != "Core" || gh.Slug != "core" {
				return "GitHub's team is " + gh.Name
			}
			return ""
		})
		f.waitEvent(r, "RenamedBack", "demo-org/renamed-by-hand", "demo-org/core")
		r = waitReady(f, f.team(s, "core"))
		f.eventually("external name back at the slug", func() string {
			if got := meta.GetExternalName(get(f, f.team(s, "core"))); got != "core" {
				return "external name " + got
			}
			return ""
		})
		if got := ptr.Deref(r.Observation().ID, 0); got != id {
			t.Errorf("status.atProvider.id: want %d (the same team), got %d", id, got)
		}
	})
}

// A child team named by parentTeamRef is created under its parent, moved
// back when moved on GitHub, and protects its parent from deletion until
// it is deleted itself.
func TestTeamChildByReferenceProtectsItsParent(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeam(s, "parent", orgcommon.TeamParameters{Name: "Engineering", Privacy: ptr.To("closed")})
		f.createTeam(s, "child", orgcommon.TeamParameters{Name: "Backend", ParentTeamRef: &xpv2.Reference{Name: s.key(f, "parent").Name}})
		parent := waitReady(f, f.team(s, "parent"))
		child := waitReady(f, f.team(s, "child"))
		parentID := ptr.Deref(parent.Observation().ID, 0)
		if got := ptr.Deref(child.Observation().ParentTeamID, 0); got != parentID {
			t.Fatalf("status.atProvider.parentTeamId: want %d, got %d", parentID, got)
		}
		if gh := f.mustTeam("backend"); gh.Parent == nil || gh.Parent.ID != parentID || gh.Privacy != "closed" {
			t.Fatalf("GitHub's child team: want closed, under %d, got %+v", parentID, gh)
		}

		f.editTeamOnGitHub("backend", `{"parent_team_id":null}`)
		f.eventually("moved back under its parent", func() string {
			if gh := f.mustTeam("backend"); gh.Parent == nil || gh.Parent.ID != parentID {
				return "still at the top level"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, f.team(s, "parent"))))
		msg := waitSyncError(f, f.team(s, "parent"), "cannot delete team demo-org/engineering", "child teams managed by Team "+nameIn(f, s, "child"),
			"delete them first or move them to another parent")
		time.Sleep(2 * pollInterval)
		if _, ok := f.ghTeamBySlug("engineering"); !ok {
			t.Fatalf("the parent team was deleted on GitHub although a Team resource manages its child (%s)", msg)
		}
		if _, ok := f.ghTeamBySlug("backend"); !ok {
			t.Fatal("the child team was deleted on GitHub behind its Team resource's back")
		}

		f.must(kube.Delete(f.ctx, get(f, f.team(s, "child"))))
		f.eventually("both teams deleted on GitHub and in Kubernetes", func() string {
			if len(f.ghTeams()) != 0 {
				return "teams left on GitHub"
			}
			for _, name := range []string{"parent", "child"} {
				if err := kube.Get(f.ctx, s.key(f, name), f.team(s, name)); !kerrors.IsNotFound(err) {
					return "Team " + name + " still there"
				}
			}
			return ""
		})
	})
}

// A parentTeamSelector chooses a Team of the same scope by its labels and
// records it in parentTeamRef.
func TestTeamParentBySelector(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		labels := map[string]string{"unit": f.ns} // unique: cluster-scoped Teams of other tests are listed too
		f.createTeam(s, "ops", orgcommon.TeamParameters{Name: "Operations", Privacy: ptr.To("closed")}, func(r teamObject) { r.SetLabels(labels) })
		f.createTeam(s, "dba", orgcommon.TeamParameters{Name: "Databases", ParentTeamSelector: &xpv2.Selector{MatchLabels: labels}})
		parent := waitReady(f, f.team(s, "ops"))
		child := waitReady(f, f.team(s, "dba"))
		if ref := child.Parameters().ParentTeamRef; ref == nil || ref.Name != s.key(f, "ops").Name {
			t.Errorf("spec.forProvider.parentTeamRef: want the chosen Team %s, got %+v", s.key(f, "ops").Name, ref)
		}
		if gh := f.mustTeam("databases"); gh.Parent == nil || gh.Parent.ID != ptr.Deref(parent.Observation().ID, 0) {
			t.Errorf("GitHub's team: want it under Operations, got %+v", gh)
		}
	})
}

// nameIn is how a delete refusal names the Team resource called name.
func nameIn(f *fixture, s scope, name string) string {
	k := s.key(f, name)
	if k.Namespace == "" {
		return k.Name
	}
	return k.Namespace + "/" + k.Name
}

func TestTeamAlreadyGoneDeletes(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		// Observe and Delete only: a team deleted on GitHub is not made
		// again before the Team resource is deleted.
		f.createTeamOnGitHub(`{"name":"Ghost"}`)
		f.createTeam(s, "ghost", orgcommon.TeamParameters{Name: "Ghost"}, func(r teamObject) {
			meta.SetExternalName(r, "ghost")
			r.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionDelete})
		})
		waitReady(f, f.team(s, "ghost"))
		if status, raw := f.github(http.MethodDelete, "/orgs/"+owner+"/teams/ghost", ""); status != http.StatusNoContent {
			t.Fatalf("deleting the team on GitHub: %d %s", status, raw)
		}
		f.must(kube.Delete(f.ctx, get(f, f.team(s, "ghost"))))
		f.eventually("Team gone although its team already was", func() string {
			if err := kube.Get(f.ctx, s.key(f, "ghost"), f.team(s, "ghost")); !kerrors.IsNotFound(err) {
				return "Team object still there"
			}
			return ""
		})
		if n := len(f.ghTeams()); n != 0 {
			t.Errorf("want no team on GitHub, got %d", n)
		}
	})
}

func TestTeamInterruptedCreateIsRecovered(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		// The provider asked GitHub to create the team, GitHub did, and the
		// provider stopped before it saved the external name. The team is
		// what the create asked for.
		f.createTeamOnGitHub(`{"name":"Halfway","description":"recovered"}`)
		f.createTeam(s, "halfway", orgcommon.TeamParameters{Name: "Halfway", Description: ptr.To("recovered")}, func(r teamObject) {
			meta.SetExternalCreatePending(r, time.Now())
		})
		r := waitReady(f, f.team(s, "halfway"))
		if got := meta.GetExternalName(r); got != "halfway" {
			t.Errorf("external name: want halfway, got %q", got)
		}
		if n := len(f.ghTeams()); n != 1 {
			t.Errorf("want exactly one team (no duplicate), got %d", n)
		}
		f.waitEvent(r, "RecoveredInterruptedCreate", "demo-org/halfway")
	})
}

// A team of the name that differs from what the interrupted create asked
// for is not its result: it is someone else's, and is not taken over.
func TestTeamInterruptedCreateFindsAnotherTeam(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		f.createTeamOnGitHub(`{"name":"Halfway","description":"not this one"}`)
		f.createTeam(s, "halfway", orgcommon.TeamParameters{Name: "Halfway", Description: ptr.To("recovered")}, func(r teamObject) {
			meta.SetExternalCreatePending(r, time.Now())
		})
		waitSyncError(f, f.team(s, "halfway"), `team demo-org/halfway ("Halfway") already exists on GitHub and this Team did not create it`,
			"crossplane.io/external-name: halfway")
		if d := ptr.Deref(f.mustTeam("halfway").Description, ""); d != "not this one" {
			t.Errorf("the other team's description is %q now", d)
		}
	})
}
