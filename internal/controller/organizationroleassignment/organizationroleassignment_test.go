package organizationroleassignment

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	mapping "github.com/crossplane-github/provider-github/internal/clients/organizationroleassignment"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the OrganizationRoleAssignment kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api githubAPI, holder mapping.Holder, rec event.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var (
	sec = mapping.Holder{Team: &mapping.Team{Organization: "demo-org", Slug: "sec", ID: 7}}
	pat = mapping.Holder{User: "Pat"}
)

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Role = "security_manager"
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api githubAPI, holder mapping.Holder, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, org: "demo-org", holder: holder, record: rec}}
		},
	}
}

var scopes = twins.EachOrganizationRoleAssignment(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withRole(r string) mod         { return func(o Object) { o.Parameters().Role = r } }
func withCreatePending() mod {
	return func(o Object) { meta.SetExternalCreatePending(o, time.Now()) }
}
func deleted() mod {
	return func(o Object) { o.SetDeletionTimestamp(&metav1.Time{Time: time.Now()}) }
}

// gh is a fake organization: its roles, how team sec (id 7) and user Pat
// hold role 138 ("" not at all), and what GitHub refuses.
type gh struct {
	team, user string
	noOrg      bool
	notMember  bool
	noUser     bool
	noTeam     bool
	calls      []string
}

var notFound = kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/organization-roles", http.StatusNotFound, "Not Found")

type api struct {
	*fake.MockOrgRolesAPI
	*fake.MockUsersAPI
}

func (g *gh) api() githubAPI {
	return api{&fake.MockOrgRolesAPI{
		MockListOrgRoles: func(context.Context, string) ([]github.OrgRole, error) {
			g.calls = append(g.calls, "roles")
			if g.noOrg {
				return nil, notFound
			}
			return []github.OrgRole{{ID: 8132, Name: "all_repo_read"}, {ID: 138, Name: "security_manager"}}, nil
		},
		MockListOrgRoleTeams: func(_ context.Context, _ string, id int64) ([]github.OrgRoleTeam, error) {
			g.calls = append(g.calls, "teams")
			if g.team == "" || id != 138 {
				return nil, nil
			}
			return []github.OrgRoleTeam{{ID: 3, Slug: "ops", Assignment: "direct"}, {ID: 7, Slug: "sec", Assignment: g.team}}, nil
		},
		MockListOrgRoleUsers: func(_ context.Context, _ string, id int64) ([]github.OrgRoleUser, error) {
			g.calls = append(g.calls, "users")
			if g.user == "" || id != 138 {
				return nil, nil
			}
			return []github.OrgRoleUser{{Login: "pat", Assignment: g.user, InheritedFrom: []github.TeamRef{{ID: 7, Slug: "sec"}}}}, nil
		},
		MockAssignOrgRoleToTeam: func(_ context.Context, _, slug string, _ int64) error {
			g.calls = append(g.calls, "assign "+slug)
			if g.noTeam {
				return kindtest.GitHubErr(http.MethodPut, "/orgs/demo-org/organization-roles/teams/"+slug+"/138", http.StatusNotFound, "Not Found")
			}
			g.team = mixedWith(g.team)
			return nil
		},
		MockRemoveOrgRoleFromTeam: func(_ context.Context, _, slug string, _ int64) error {
			g.calls = append(g.calls, "remove "+slug)
			if g.team == "" {
				return notFound
			}
			g.team = ""
			return nil
		},
		MockAssignOrgRoleToUser: func(_ context.Context, _, login string, _ int64) error {
			g.calls = append(g.calls, "assign "+login)
			switch {
			case g.noUser:
				return kindtest.GitHubErr(http.MethodPut, "/orgs/demo-org/organization-roles/users/"+login+"/138", http.StatusNotFound, "Not Found")
			case g.notMember:
				return kindtest.GitHubErr(http.MethodPut, "/orgs/demo-org/organization-roles/users/"+login+"/138", http.StatusUnprocessableEntity, "Validation Failed")
			}
			g.user = mixedWith(g.user)
			return nil
		},
		MockRemoveOrgRoleFromUser: func(_ context.Context, _, login string, _ int64) error {
			g.calls = append(g.calls, "remove "+login)
			g.user = ""
			return nil
		},
	}, &fake.MockUsersAPI{
		MockGetAccount: func(_ context.Context, login string) (*github.Account, error) {
			if g.noUser {
				return nil, kindtest.GitHubErr(http.MethodGet, "/users/"+login, http.StatusNotFound, "Not Found")
			}
			return &github.Account{Login: login, Type: "User"}, nil
		},
	}}
}

// mixedWith is how a holder holds a role once given it directly.
func mixedWith(was string) string {
	if was == github.AssignmentIndirect || was == github.AssignmentMixed {
		return github.AssignmentMixed
	}
	return github.AssignmentDirect
}

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    string
		ext    string
		ready  corev1.ConditionStatus
		events []event.Reason
	}
	cases := map[string]struct {
		reason string
		g      gh
		holder mapping.Holder
		mg     []mod
		want   want
	}{
		"TeamDirect": {
			reason: "A team that holds the role directly holds the assignment, up to date and Ready.",
			g:      gh{team: "direct"}, holder: sec, mg: []mod{withExternalName("team/sec/security_manager")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "team/sec/security_manager", ready: corev1.ConditionTrue},
		},
		"UserMixed": {
			reason: "A user who holds the role directly and through a team holds the assignment.",
			g:      gh{user: "mixed"}, holder: pat, mg: []mod{withExternalName("user/Pat/security_manager")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "user/Pat/security_manager", ready: corev1.ConditionTrue},
		},
		"Indirect": {
			reason: "A team that holds the role only through its parent does not hold the assignment.",
			g:      gh{team: "indirect"}, holder: sec, mg: []mod{withExternalName("team/sec/security_manager")},
			want: want{ext: "team/sec/security_manager"},
		},
		"Absent": {reason: "A user who holds the role in no way does not hold the assignment.", holder: pat, want: want{}},
		"Adopted": {
			reason: "An assignment found without an external name is taken over, with an event.",
			g:      gh{team: "direct"}, holder: sec,
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "team/sec/security_manager",
				ready: corev1.ConditionTrue, events: []event.Reason{ReasonAdopted}},
		},
		"OwnCreateInterrupted": {
			reason: "An assignment found after this resource's own create was cut off is not announced as adopted.",
			g:      gh{user: "direct"}, holder: pat, mg: []mod{withCreatePending()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "user/Pat/security_manager", ready: corev1.ConditionTrue},
		},
		"Renamed": {
			reason: "A team's new slug (its Team resource renamed) is recorded in the external name.",
			g:      gh{team: "direct"}, holder: sec, mg: []mod{withExternalName("team/old-sec/security_manager")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "team/sec/security_manager", ready: corev1.ConditionTrue},
		},
		"UnknownRole": {
			reason: "A role the organization lacks is an error that lists its roles.",
			holder: sec, mg: []mod{withRole("owner")},
			want: want{err: `organization demo-org has no role "owner": its roles are all_repo_read, security_manager`},
		},
		"UnknownRoleDeleted": {
			reason: "A resource being deleted whose role is gone has nothing left to delete.",
			holder: sec, mg: []mod{withRole("owner"), deleted()},
		},
		"NoOrganization": {
			reason: "An organization GitHub does not show is said so.",
			g:      gh{noOrg: true}, holder: sec,
			want: want{err: "cannot read the roles of organization demo-org: it does not exist, or the credentials are not an owner's"},
		},
		"NoOrganizationDeleted": {
			reason: "A resource being deleted whose organization is gone has nothing left to delete.",
			g:      gh{noOrg: true}, holder: sec, mg: []mod{deleted()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.g
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), tc.holder, rec).Observe(context.Background(), mg)
				if (err == nil) != (tc.want.err == "") || (err != nil && !strings.Contains(err.Error(), tc.want.err)) {
					t.Errorf("\n%s\nObserve(...): error %v, want %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if c := mg.GetCondition(xpv2.TypeReady); tc.want.ready != "" && c.Status != tc.want.ready {
					t.Errorf("\n%s\nReady %s, want %s", tc.reason, c.Status, tc.want.ready)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// The observation shows how the holder holds the role and the teams a
// user also holds it through.
func TestObservation(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{user: "mixed"}
		mg := s.object(withExternalName("user/Pat/security_manager"))
		if _, err := s.external(g.api(), pat, &kindtest.Recorder{}).Observe(context.Background(), mg); err != nil {
			t.Fatal(err)
		}
		o := mg.Observation()
		if ptr.Deref(o.User, "") != "pat" || ptr.Deref(o.Assignment, "") != "mixed" || ptr.Deref(o.RoleID, 0) != 138 || !cmp.Equal(o.InheritedFrom, []string{"sec"}) {
			t.Errorf("status.atProvider %+v, want pat holding 138 mixed, through sec", o)
		}
	})
}

func TestCreate(t *testing.T) {
	cases := map[string]struct {
		reason string
		g      gh
		holder mapping.Holder
		err    string
		events []event.Reason
		ext    string
	}{
		"Team":       {reason: "A team is given the role.", holder: sec, ext: "team/sec/security_manager"},
		"User":       {reason: "A user is given the role.", holder: pat, ext: "user/Pat/security_manager"},
		"MadeDirect": {reason: "A holder who had the role only through a team is told it now holds it directly.", g: gh{user: "indirect"}, holder: pat, ext: "user/Pat/security_manager", events: []event.Reason{reasonMadeDirect}},
		"NotMember": {reason: "A user who is not a member is told to become one.", g: gh{notMember: true}, holder: pat,
			err: "GitHub gives organization roles to members of the organization only; make Pat a member first (a Membership resource invites them), or name a team"},
		"UnknownUser": {reason: "A user GitHub does not know is said so.", g: gh{noUser: true}, holder: pat, err: "GitHub knows no user Pat: check spec.forProvider.user"},
		"UnknownTeam": {reason: "A team GitHub does not have is said so, with what to check.", g: gh{noTeam: true}, holder: sec,
			err: "cannot give role security_manager of organization demo-org held by team sec: GitHub finds no team sec in demo-org (check spec.forProvider.teamSlug, or the Team resource)"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.g
				rec := &kindtest.Recorder{}
				mg := s.object()
				e := s.external(g.api(), tc.holder, rec)
				if _, err := e.Observe(context.Background(), mg); err != nil {
					t.Fatalf("Observe(...): %v", err)
				}
				_, err := e.Create(context.Background(), mg)
				if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
					t.Errorf("\n%s\nCreate(...): error %v, want %q", tc.reason, err, tc.err)
				}
				if diff := cmp.Diff(tc.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if got := meta.GetExternalName(mg); got != tc.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, got, tc.ext)
				}
				if tc.err == "" && g.team == "" && g.user == "" {
					t.Errorf("\n%s\nGitHub holds no assignment after the create: calls %v", tc.reason, g.calls)
				}
			})
		})
	}
}

// A create that was not observed first is refused rather than guessed.
func TestCreateNeedsObservation(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{}
		if _, err := s.external(g.api(), sec, &kindtest.Recorder{}).Create(context.Background(), s.object()); err == nil {
			t.Errorf("Create(...) without Observe: want an error; calls %v", g.calls)
		}
	})
}

// A delete takes the role away; one already gone counts as removed.
func TestDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{team: "direct"}
		mg := s.object(withExternalName("team/sec/security_manager"))
		e := s.external(g.api(), sec, &kindtest.Recorder{})
		if _, err := e.Observe(context.Background(), mg); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := e.Delete(context.Background(), mg); err != nil || g.team != "" {
				t.Errorf("Delete(...): %v; GitHub's team holds %q, want nothing", err, g.team)
			}
		}
		if c := mg.GetCondition(xpv2.TypeReady); c.Reason != xpv2.ReasonDeleting {
			t.Errorf("Ready reason %s, want Deleting", c.Reason)
		}
	})
}
