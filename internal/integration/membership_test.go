package integration

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	corev1 "k8s.io/api/core/v1"
	kerrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
	"github.com/crossplane-github/provider-github/internal/emulator"
)

// newPeopleFixture is a fixture whose emulator also knows member-user, a
// member of demo-org, quinn and robin, who are not, and team crew of
// demo-org, whose maintainer is demo-user. demo-user, the credentials'
// user, is demo-org's only owner.
func newPeopleFixture(t *testing.T) *fixture {
	t.Helper()
	seed := emulator.DefaultSeed()
	seed.Users = append(seed.Users, emulator.SeedUser{Login: "member-user"}, emulator.SeedUser{Login: "quinn"}, emulator.SeedUser{Login: "Robin"})
	seed.Orgs[0].Members = append(seed.Orgs[0].Members, emulator.SeedMember{Login: "member-user", Role: emulator.RoleMember})
	seed.Teams = []emulator.SeedTeam{{Org: owner, Name: "crew", Privacy: emulator.PrivacyClosed,
		Members: []emulator.SeedTeamMember{{Login: "demo-user", Role: emulator.TeamRoleMaintainer}}}}
	return newFixtureWith(t, emulator.Options{Seed: seed})
}

// newMembership builds, without creating it, a Membership of scope s called
// name for user in demo-org with role.
func (f *fixture) newMembership(s scope, name, user, role string) twins.MembershipObject {
	f.t.Helper()
	o := twins.Membership.In(s.of)
	*o.Parameters() = common.MembershipParameters{OrganizationTarget: common.OrganizationTarget{Organization: ptr.To(owner)}, User: user, Role: ptr.To(role)}
	return place(f, s, o, name, "github")
}

// ghMember is a membership as the emulator answers it.
type ghMember struct {
	State string `json:"state"`
	Role  string `json:"role"`
}

// ghMembershipAt reads path (an organization's or a team's membership of
// a user); ok false when GitHub has none.
func (f *fixture) ghMembershipAt(path string) (m ghMember, ok bool) {
	f.t.Helper()
	status, b := f.gh(goodToken, http.MethodGet, path, "")
	if status == http.StatusNotFound {
		return ghMember{}, false
	}
	if status != http.StatusOK {
		f.t.Fatalf("GET %s: status %d: %s", path, status, b)
	}
	f.must(json.Unmarshal(b, &m))
	return m, true
}

// answerInvitation does what user does with the invitation to demo-org:
// accept, decline or expire.
func (f *fixture) answerInvitation(user, answer string) {
	f.t.Helper()
	f.must(f.emu.State().AnswerOrgInvitation(owner, user, answer))
}

// waitInvitationPending waits for mg to be Synced and Ready=False with
// reason InvitationPending, its message naming who must accept.
func waitInvitationPending[T resource.Managed](f *fixture, mg T, who string) T {
	f.t.Helper()
	var got T
	f.eventually(mg.GetName()+" InvitationPending", func() string {
		got = get(f, mg)
		ready, synced := got.GetCondition(xpv2.TypeReady), got.GetCondition(xpv2.TypeSynced)
		if synced.Status != corev1.ConditionTrue || ready.Reason != "InvitationPending" || !strings.Contains(ready.Message, "waiting for "+who+" to accept") {
			return fmt.Sprintf("Ready=%s (%s: %s) Synced=%s (%s)", ready.Status, ready.Reason, ready.Message, synced.Status, synced.Message)
		}
		return ""
	})
	return got
}

// A user who is not a member is invited and the Membership waits for them;
// once they accept it is Ready; a role changed on GitHub is set back;
// deleting the Membership removes the user from the organization.
func TestMembershipLifecycle(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		path := "/orgs/" + owner + "/memberships/quinn"
		o := f.newMembership(s, "quinn", "Quinn", "member")
		f.must(kube.Create(f.ctx, o))
		waitInvitationPending(f, o, "quinn") // as GitHub spells the login
		f.waitEvent(o, "Invited", "Invited Quinn to demo-org with role member")
		if m, ok := f.ghMembershipAt(path); !ok || m.State != "pending" || m.Role != "member" {
			t.Errorf("GitHub's membership %+v (exists %t), want a pending invitation as member", m, ok)
		}

		f.answerInvitation("quinn", emulator.AnswerAccept)
		got := waitReady(f, o)
		if st := ptr.Deref(got.Observation().State, ""); st != "active" {
			t.Errorf("status.atProvider.state %q, want active", st)
		}

		f.ghMust(http.StatusOK, goodToken, http.MethodPut, path, `{"role":"admin"}`)
		f.eventually("the role set back to member", func() string {
			if m, _ := f.ghMembershipAt(path); m.Role != "member" {
				return "GitHub's role is " + m.Role
			}
			return ""
		})

		f.must(kube.Delete(f.ctx, get(f, o)))
		waitGone(f, o)
		if m, ok := f.ghMembershipAt(path); ok {
			t.Errorf("quinn is still in demo-org: %+v", m)
		}
	})
}

// An invitation that expires, or is declined, is sent again, and an event
// says why.
func TestMembershipInvitationAgain(t *testing.T) {
	for _, tc := range []struct{ answer, why string }{
		{emulator.AnswerExpire, "the invitation expired"},
		{emulator.AnswerDecline, "the invitation was declined"},
	} {
		t.Run(tc.answer, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newPeopleFixture(t)
				o := f.newMembership(s, "robin", "robin", "admin")
				f.must(kube.Create(f.ctx, o))
				waitInvitationPending(f, o, "Robin") // as GitHub spells the login
				f.answerInvitation("robin", tc.answer)
				f.waitEvent(o, "InvitedAgain", "invited again because "+tc.why)
				waitInvitationPending(f, o, "Robin")
				if m, ok := f.ghMembershipAt("/orgs/" + owner + "/memberships/robin"); !ok || m.State != "pending" || m.Role != "admin" {
					t.Errorf("GitHub's membership %+v (exists %t), want a new pending invitation as admin", m, ok)
				}
			})
		})
	}
}

// A member who is there already is taken over, with an event naming the
// user and the role found, and set to the declared role.
func TestMembershipAdoptsExisting(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newMembership(s, "member", "member-user", "admin")
		f.must(kube.Create(f.ctx, o))
		f.waitEvent(o, "AdoptedExistingMembership", "member-user", "role member")
		waitReady(f, o)
		f.eventually("member-user made an owner", func() string {
			if m, _ := f.ghMembershipAt("/orgs/" + owner + "/memberships/member-user"); m.Role != "admin" {
				return "GitHub's role is " + m.Role
			}
			return ""
		})
	})
}

// A user GitHub does not know is said so.
func TestMembershipUnknownUser(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		o := f.newMembership(s, "nobody", "nobody-here", "member")
		f.must(kube.Create(f.ctx, o))
		waitSyncError(f, o, "GitHub knows no user nobody-here: check spec.forProvider.user")
	})
}

// The organization's last owner is neither demoted nor removed: the
// condition says why and what to do; with deletionPolicy Orphan the
// resource goes and the owner stays.
func TestMembershipLastOwner(t *testing.T) {
	forEachScope(t, func(t *testing.T, s scope) {
		f := newPeopleFixture(t)
		path := "/orgs/" + owner + "/memberships/demo-user"
		o := f.newMembership(s, "owner", "demo-user", "admin")
		f.must(kube.Create(f.ctx, o))
		waitReady(f, o)

		update(f, o, func(o twins.MembershipObject) { o.Parameters().Role = ptr.To("member") })
		waitSyncError(f, o, "refusing to demote demo-user: demo-user is the last owner of demo-org", "make another user an owner first")
		update(f, o, func(o twins.MembershipObject) { o.Parameters().Role = ptr.To("admin") })
		waitReady(f, o)

		f.must(kube.Delete(f.ctx, get(f, o)))
		keep := "deletionPolicy: Orphan"
		if s.namespaced {
			keep = "leave Delete out of spec.managementPolicies"
		}
		waitSyncError(f, o, "refusing to remove demo-user: demo-user is the last owner of demo-org", keep)
		if m, ok := f.ghMembershipAt(path); !ok || m.Role != "admin" {
			t.Errorf("the last owner's membership %+v (exists %t), want it kept", m, ok)
		}
		update(f, o, func(o twins.MembershipObject) {
			if s.namespaced {
				o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve, xpv2.ManagementActionCreate, xpv2.ManagementActionUpdate, xpv2.ManagementActionLateInitialize})
				return
			}
			o.(interface{ SetDeletionPolicy(xpv2.DeletionPolicy) }).SetDeletionPolicy(xpv2.DeletionOrphan)
		})
		waitGone(f, o)
		if m, ok := f.ghMembershipAt(path); !ok || m.Role != "admin" {
			t.Errorf("the last owner's membership %+v (exists %t), want it kept", m, ok)
		}
	})
}

// Bad manifests are refused at admission, saying what is allowed.
func TestMembershipAdmission(t *testing.T) {
	cases := map[string]struct {
		p    common.MembershipParameters
		want string
	}{
		"LeadingHyphen":  {p: common.MembershipParameters{User: "-pat"}, want: "spec.forProvider.user"},
		"TrailingHyphen": {p: common.MembershipParameters{User: "pat-"}, want: "spec.forProvider.user"},
		"DoubleHyphen":   {p: common.MembershipParameters{User: "pa--t"}, want: "spec.forProvider.user"},
		"TooLong":        {p: common.MembershipParameters{User: strings.Repeat("a", 40)}, want: "spec.forProvider.user"},
		"Empty":          {p: common.MembershipParameters{}, want: "spec.forProvider.user"},
		"Owner":          {p: common.MembershipParameters{User: "pat", Role: ptr.To("owner")}, want: `supported values: "member", "admin"`},
		"BadOrg":         {p: common.MembershipParameters{User: "pat", OrganizationTarget: common.OrganizationTarget{Organization: ptr.To("demo org")}}, want: "spec.forProvider.organization"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			forEachScope(t, func(t *testing.T, s scope) {
				f := newFixture(t)
				o := twins.Membership.In(s.of)
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
		o := twins.Membership.In(s.of)
		*o.Parameters() = common.MembershipParameters{User: "pat"}
		o.SetManagementPolicies(xpv2.ManagementPolicies{xpv2.ManagementActionObserve})
		o = place(f, s, o, "renamed", "github")
		f.must(kube.Create(f.ctx, o))
		update(f, o, func(o twins.MembershipObject) { o.Parameters().User = "PAT" })
		f.eventually("another user refused", func() string {
			c := get(f, o)
			c.Parameters().User = "quinn"
			err := kube.Update(f.ctx, c)
			if kerrors.IsConflict(err) {
				return err.Error()
			}
			if err == nil || !strings.Contains(err.Error(), "user cannot be changed: create another Membership for another user") {
				t.Errorf("changing the user: %v, want the refusal", err)
			}
			return ""
		})
	})
}
