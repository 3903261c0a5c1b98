package integration

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	repocommon "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// newTeamMembership builds, without creating it, a TeamMembership of
// scope s called name for user in the team target names, with role.
func (f *fixture) newTeamMembership(s scope, name string, target repocommon.TeamTarget, user, role string) twins.TeamMembershipObject {
	f.t.Helper()
	o := twins.TeamMembership.In(s.of)
	*o.Parameters() = common.TeamMembershipParameters{TeamTarget: target, User: user, Role: ptr.To(role)}
	return place(f, s, o, name, "github")
}

// crewMembership is the path of user's membership of team crew.
func crewMembership(user string) string {
	return "/orgs/" + owner + "/teams/crew/memberships/" + user
}

// A member of the organization joins the team at once; a role changed on
// GitHub is set back, a membership removed there is made again; deleting
// the resource takes the user out of the team, not the organization.
func TestTeamMembershipLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		path := crewMembership("member-user")
		o := f.newTeamMembership(s, "member", repocommon.TeamTarget{TeamSlug: ptr.To("crew")}, "Member-User", "maintainer")
		f.must(kube.Create(f.ctx, o))
		got := waitReady(f, o)
		if m, ok := f.ghMembershipAt(path); !ok || m.State != "active" || m.Role != "maintainer" {
			t.Errorf("GitHub's team membership %+v (exists %t), want an active maintainer", m, ok)
		}
		if obs := got.Observation(); ptr.Deref(obs.TeamSlug, "") != "crew" || ptr.Deref(obs.Organization, "") != owner || ptr.Deref(obs.Role, "") != "maintainer" {
			t.Errorf("status.atProvider %+v", obs)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPut, path, `{"role":"member"}`)
		f.eventually("the role set back to maintainer", func() string {
			if m, _ := f.ghMembershipAt(path); m.Role != "maintainer" {
				return "GitHub's role is " + m.Role
			}
			return ""
		})
		f.ghMust(http.StatusNoContent, goodToken, http.MethodDelete, path, "")
		f.eventually("the membership made again", func() string {
			if _, ok := f.ghMembershipAt(path); !ok {
				return "member-user is not in crew"
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		waitGone(f, o)
		if _, ok := f.ghMembershipAt(path); ok {
			t.Errorf("member-user is still in crew")
		}
		if m, ok := f.ghMembershipAt("/orgs/" + owner + "/memberships/member-user"); !ok || m.State != "active" {
			t.Errorf("member-user left demo-org too: %+v (exists %t)", m, ok)
		}
	})
}

// A user outside the organization is invited to it by GitHub: the
// resource waits for them, naming who must accept, and is Ready once they
// do; a Team resource names the team.
func TestTeamMembershipInvitation(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		team := f.createTeam(s, "squad", common.TeamParameters{Name: "Squad", Privacy: ptr.To("closed")})
		waitReady(f, team)
		o := f.newTeamMembership(s, "quinn", repocommon.TeamTarget{TeamRef: &xpv2.Reference{Name: team.GetName()}}, "quinn", "member")
		f.must(kube.Create(f.ctx, o))
		waitInvitationPending(f, o, "quinn")
		f.waitEvent(o, "Invited", "GitHub invited quinn to demo-org to add them to team squad")

		f.answerInvitation("quinn", emulator.AnswerAccept)
		got := waitReady(f, o)
		if obs := got.Observation(); ptr.Deref(obs.State, "") != "active" || ptr.Deref(obs.TeamID, 0) == 0 {
			t.Errorf("status.atProvider %+v, want active with the team's id", obs)
		}
		if m, ok := f.ghMembershipAt("/orgs/" + owner + "/teams/squad/memberships/quinn"); !ok || m.State != "active" {
			t.Errorf("quinn's team membership %+v (exists %t), want active", m, ok)
		}
	})
}

// A member of the team who is there already is taken over, with an
// event, and set to the declared role.
func TestTeamMembershipAdoptsExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newTeamMembership(s, "lead", repocommon.TeamTarget{TeamSlug: ptr.To("crew")}, "demo-user", "member")
		f.must(kube.Create(f.ctx, o))
		f.waitEvent(o, "AdoptedExistingMembership", "demo-user", "role maintainer")
		waitReady(f, o)
		f.eventually("demo-user made a member", func() string {
			if m, _ := f.ghMembershipAt(crewMembership("demo-user")); m.Role != "member" {
				return "GitHub's role is " + m.Role
			}
			return ""
		})
	})
}

// A user GitHub does not know, and a team it does not have, are said so.
func TestTeamMembershipErrors(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newTeamMembership(s, "nobody", repocommon.TeamTarget{TeamSlug: ptr.To("crew")}, "nobody-here", "member")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "GitHub knows no user nobody-here: check spec.forProvider.user")
		o = f.newTeamMembership(s, "noteam", repocommon.TeamTarget{TeamSlug: ptr.To("nope")}, "quinn", "member")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "cannot find team nope of demo-org")
	})
}

// Steady state costs nothing: once Ready, a TeamMembership's polls are
// answered 304, which GitHub does not charge.
func TestTeamMembershipIdleIsFree(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newTeamMembership(s, "idle", repocommon.TeamTarget{TeamSlug: ptr.To("crew")}, "member-user", "member")
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)
		const get = "GET /orgs/{org}/teams/{team_slug}/memberships/{username}"
		before := f.emu.Stats()
		f.eventually("three polls answered 304", func() string {
			if n := f.emu.Stats().Endpoints[get][http.StatusNotModified] - before.Endpoints[get][http.StatusNotModified]; n < 3 {
				return fmt.Sprintf("%d so far", n)
			}
			return ""
		})
		after := f.emu.Stats()
		if used := after.RateLimitPoints["demo-user"] - before.RateLimitPoints["demo-user"]; used != 0 {
			t.Errorf("an idle TeamMembership used %d rate-limit points, want 0; requests since Ready: %v", used, after.Endpoints)
		}
	})
}

// Bad manifests are refused at admission, saying what is allowed.
func TestTeamMembershipAdmission(t *testing.T) {
	crew := repocommon.TeamTarget{TeamSlug: ptr.To("crew")}
	cases := map[string]struct {
		p    common.TeamMembershipParameters
		want string
	}{
		"LeadingHyphen": {p: common.TeamMembershipParameters{TeamTarget: crew, User: "-pat"}, want: "spec.forProvider.user"},
		"DoubleHyphen":  {p: common.TeamMembershipParameters{TeamTarget: crew, User: "pa--t"}, want: "spec.forProvider.user"},
		"TooLong":       {p: common.TeamMembershipParameters{TeamTarget: crew, User: strings.Repeat("a", 40)}, want: "spec.forProvider.user"},
		"Admin":         {p: common.TeamMembershipParameters{TeamTarget: crew, User: "pat", Role: ptr.To("admin")}, want: `supported values: "member", "maintainer"`},
		"NoTeam":        {p: common.TeamMembershipParameters{User: "pat"}, want: "set exactly one of teamSlug, teamRef or teamSelector"},
		"SlugAndRef": {p: common.TeamMembershipParameters{User: "pat", TeamTarget: repocommon.TeamTarget{TeamSlug: ptr.To("crew"), TeamRef: &xpv2.Reference{Name: "crew"}}},
			want: "set exactly one of teamSlug, teamRef or teamSelector"},
		"SlugUpperCase": {p: common.TeamMembershipParameters{User: "pat", TeamTarget: repocommon.TeamTarget{TeamSlug: ptr.To("Crew")}}, want: "spec.forProvider.teamSlug"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				o := twins.TeamMembership.In(s.of)
				*o.Parameters() = tc.p
				err := kube.Create(f.ctx, place(f, s, o, "refused", "github"))
				if err == nil {
					t.Fatalf("want the API server to refuse %+v", tc.p)
				}
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("want the refusal to say %q, got: %v", tc.want, err)
				}
			})
		})
	}
	forEachScope(t, func(t *testing.T, s scope) {
		f := newFixture(t)
		o := twins.TeamMembership.In(s.of)
		*o.Parameters() = common.TeamMembershipParameters{TeamTarget: crew, User: "pat"}
		o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
		o = place(f, s, o, "changed", "github")
		f.must(kube.Create(f.ctx, o))
		for _, tc := range []struct {
			change func(twins.TeamMembershipObject)
			want   string
		}{
			{func(o twins.TeamMembershipObject) { o.Parameters().User = "quinn" }, "user cannot be changed: create another TeamMembership for another user"},
			{func(o twins.TeamMembershipObject) { o.Parameters().TeamSlug = ptr.To("squad") }, "teamSlug cannot be changed or replaced by a reference"},
		} {
			f.eventually("the change refused", func() string {
				c := get(f, o)
				tc.change(c)
				err := kube.Update(f.ctx, c)
				if kerrors.IsConflict(err) {
					return err.Error()
				}
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("changing: %v, want the refusal to say %q", err, tc.want)
				}
				return ""
			})
		}
	})
}

// The Membership and TeamMembership examples of both scopes, applied with
// the Team examples against one emulator with the demo seed (as make demo
// and make e2e do), become Ready: the users are members already, taken
// over with an event.
func TestMembershipExamples(t *testing.T) {
	seed, err := emulator.LoadSeedFile("../../hack/demo-seed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixtureWith(t, emulator.Options{Seed: seed})
	n := 0
	for _, s := range scopes {
		for _, dir := range []string{"team", "membership", "teammembership"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				f.must(kube.Create(f.ctx, mg))
			}
		}
	}
	for _, s := range scopes {
		for _, dir := range []string{"membership", "teammembership"} {
			for _, mg := range examplesOf(t, s, dir) {
				placeExample(f, s, mg)
				waitReady(f, mg)
				n++
			}
		}
	}
	if n < 4 {
		t.Fatalf("%d Membership and TeamMembership examples, want some of each kind and scope", n)
	}
}
