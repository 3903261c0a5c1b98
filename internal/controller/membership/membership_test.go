package membership

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
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the Membership kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api githubAPI, rec event.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var in = kind.Organization{Login: "demo-org"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().User = "Pat"
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api githubAPI, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, in: in, record: rec}}
		},
	}
}

var scopes = twins.EachMembership(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withRole(r string) mod         { return func(o Object) { o.Parameters().Role = ptr.To(r) } }
func seen(state string) mod         { return func(o Object) { o.Observation().State = ptr.To(state) } }
func withCreatePending() mod {
	return func(o Object) { meta.SetExternalCreatePending(o, time.Now()) }
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// gh is a fake GitHub organization: the membership of Pat, if any, its
// owners, its failed invitations and the users it knows.
type gh struct {
	has    *github.Membership
	admins []string
	failed []github.FailedInvitation
	// pendingOnSet: a PUT for a non-member invites (else adds at once).
	noUser bool
	calls  []string
}

type api struct {
	*fake.MockMembershipsAPI
	*fake.MockUsersAPI
}

func (g *gh) api() githubAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/memberships/Pat", http.StatusNotFound, "Not Found")
	return api{&fake.MockMembershipsAPI{
		MockGetMembership: func(_ context.Context, _, user string) (*github.Membership, error) {
			g.calls = append(g.calls, "get")
			if g.has == nil || !strings.EqualFold(g.has.User.Login, user) {
				return nil, notFound
			}
			return g.has, nil
		},
		MockSetMembership: func(_ context.Context, _, user, role string) (*github.Membership, error) {
			g.calls = append(g.calls, "set "+role)
			if g.noUser {
				return nil, notFound
			}
			if g.has == nil {
				g.has = &github.Membership{State: github.MembershipPending, User: github.Account{Login: "Pat"}}
			}
			g.has.Role = role
			return g.has, nil
		},
		MockRemoveMembership: func(_ context.Context, _, _ string) error {
			g.calls = append(g.calls, "remove")
			if g.has == nil {
				return notFound
			}
			g.has = nil
			return nil
		},
		MockListMembers: func(_ context.Context, _, role string) ([]github.Account, error) {
			g.calls = append(g.calls, "list "+role)
			var out []github.Account
			for _, a := range g.admins {
				out = append(out, github.Account{Login: a})
			}
			return out, nil
		},
		MockListFailedInvitations: func(context.Context, string) ([]github.FailedInvitation, error) {
			g.calls = append(g.calls, "failed")
			return g.failed, nil
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

func member(state, role string) *github.Membership {
	return &github.Membership{State: state, Role: role, User: github.Account{Login: "Pat"}}
}

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    string
		ext    string
		ready  corev1.ConditionStatus
		reason xpv2.ConditionReason
		events []event.Reason
		calls  []string
	}
	cases := map[string]struct {
		reason string
		g      gh
		mg     []mod
		want   want
	}{
		"Member": {
			reason: "A member in the declared role is up to date and Ready, with one read.",
			g:      gh{has: member("active", "member")}, mg: []mod{withExternalName("Pat")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "Pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable, calls: []string{"get"}},
		},
		"RoleDrift": {
			reason: "A role changed on GitHub is drift.",
			g:      gh{has: member("active", "admin")}, mg: []mod{withExternalName("pat")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "role: want member, GitHub reports admin"}, ext: "pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable, calls: []string{"get"}},
		},
		"Pending": {
			reason: "An invitation not yet accepted is Ready=False with reason InvitationPending.",
			g:      gh{has: member("pending", "admin")}, mg: []mod{withExternalName("Pat"), withRole("admin")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "Pat", ready: corev1.ConditionFalse, reason: "InvitationPending", calls: []string{"get"}},
		},
		"Adopted": {
			reason: "A member found without an external name is taken over, with an event naming the user and role.",
			g:      gh{has: member("active", "admin")}, mg: []mod{withRole("admin")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "Pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable,
				events: []event.Reason{ReasonAdopted}, calls: []string{"get"}},
		},
		"OwnCreateInterrupted": {
			reason: "A membership found after this resource's own create was cut off is not announced as adopted.",
			g:      gh{has: member("pending", "member")}, mg: []mod{withCreatePending()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "Pat", ready: corev1.ConditionFalse, reason: "InvitationPending", calls: []string{"get"}},
		},
		"NeverSeen": {
			reason: "A user neither member nor invited does not exist yet, and nothing else is read.",
			want:   want{calls: []string{"get"}},
		},
		"InvitationGone": {
			reason: "A membership seen pending that reads 404 has its failed invitations read, once, to tell why.",
			g:      gh{failed: []github.FailedInvitation{{Login: ptr.To("pat"), FailedReason: ptr.To("Invitation expired. User did not accept this invite for 7 days")}}},
			mg:     []mod{withExternalName("Pat"), seen("pending")},
			want:   want{ext: "Pat", calls: []string{"get", "failed"}},
		},
		"Deleting": {
			reason: "A membership being deleted exists while GitHub has it.",
			g:      gh{has: member("active", "member")}, mg: []mod{withExternalName("Pat"), deleting()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "Pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable, calls: []string{"get"}},
		},
		"OtherUser": {
			reason: "An external name naming another user is refused.",
			mg:     []mod{withExternalName("quinn")},
			want:   want{ext: "quinn", err: `spec.forProvider.user "Pat" and the crossplane.io/external-name annotation "quinn" name different users`},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.g
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec).Observe(context.Background(), mg)
				if (err == nil) != (tc.want.err == "") || (err != nil && !strings.Contains(err.Error(), tc.want.err)) {
					t.Errorf("\n%s\nObserve(...): error %v, want %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if c := mg.GetCondition(xpv2.TypeReady); tc.want.ready != "" && (c.Status != tc.want.ready || c.Reason != tc.want.reason) {
					t.Errorf("\n%s\nReady %s %s, want %s %s", tc.reason, c.Status, c.Reason, tc.want.ready, tc.want.reason)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\ncalls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// An invitation gone after being seen pending is sent again, and the
// event says why.
func TestInvitedAgain(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{failed: []github.FailedInvitation{{Login: ptr.To("Pat"), FailedReason: ptr.To("Invitation declined by user")}}}
		rec := &kindtest.Recorder{}
		mg := s.object(withExternalName("Pat"), seen("pending"))
		e := s.external(g.api(), rec)
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceExists {
			t.Fatalf("Observe(...): %+v, %v: want absent", o, err)
		}
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if len(rec.Events) != 1 || rec.Events[0].Reason != reasonInvitedAgain || !strings.Contains(rec.Events[0].Message, "invited again because the invitation was declined") {
			t.Errorf("events %+v, want one InvitedAgain saying the invitation was declined", rec.Events)
		}
	})
}

func TestCreate(t *testing.T) {
	cases := map[string]struct {
		reason string
		g      gh
		err    string
		events []event.Reason
	}{
		"Invited": {reason: "A user who is no member is invited, with an event.", events: []event.Reason{reasonInvited}},
		"UnknownUser": {reason: "A user GitHub does not know is said so.", g: gh{noUser: true},
			err: "GitHub knows no user Pat: check spec.forProvider.user"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.g
				rec := &kindtest.Recorder{}
				mg := s.object()
				_, err := s.external(g.api(), rec).Create(context.Background(), mg)
				if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
					t.Errorf("\n%s\nCreate(...): error %v, want %q", tc.reason, err, tc.err)
				}
				if diff := cmp.Diff(tc.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.err == "" && meta.GetExternalName(mg) != "Pat" {
					t.Errorf("\n%s\nexternal name %q, want Pat", tc.reason, meta.GetExternalName(mg))
				}
			})
		})
	}
}

// The last owner is neither demoted nor removed; an owner among others is.
func TestLastOwner(t *testing.T) {
	cases := map[string]struct {
		reason string
		admins []string
		op     string
		err    string
		calls  []string
	}{
		"DemoteLast": {reason: "The last owner is not demoted.", admins: []string{"pat"}, op: "update",
			err: "refusing to demote Pat: Pat is the last owner of demo-org, and an organization must keep one; make another user an owner first", calls: []string{"get", "list admin"}},
		"DemoteOne": {reason: "An owner among others is demoted.", admins: []string{"pat", "quinn"}, op: "update", calls: []string{"get", "list admin", "set member"}},
		"RemoveLast": {reason: "The last owner is not removed.", admins: []string{"Pat"}, op: "delete",
			err: "refusing to remove Pat: Pat is the last owner of demo-org", calls: []string{"get", "list admin"}},
		"RemoveOne": {reason: "An owner among others is removed.", admins: []string{"pat", "quinn"}, op: "delete", calls: []string{"get", "list admin", "remove"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := &gh{has: member("active", "admin"), admins: tc.admins}
				mods := []mod{withExternalName("Pat")}
				if tc.op == "delete" {
					mods = append(mods, deleting())
				}
				mg := s.object(mods...)
				e := s.external(g.api(), &kindtest.Recorder{})
				if _, err := e.Observe(context.Background(), mg); err != nil {
					t.Fatalf("Observe(...): %v", err)
				}
				var err error
				if tc.op == "delete" {
					_, err = e.Delete(context.Background(), mg)
				} else {
					_, err = e.Update(context.Background(), mg)
				}
				if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
					t.Errorf("\n%s\n%s: error %v, want %q", tc.reason, tc.op, err, tc.err)
				}
				if diff := cmp.Diff(tc.calls, g.calls); diff != "" {
					t.Errorf("\n%s\ncalls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// A member is removed without listing owners; one already gone counts as
// removed.
func TestDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		for _, has := range []*github.Membership{member("active", "member"), member("pending", "admin"), nil} {
			g := &gh{has: has}
			mg := s.object(withExternalName("Pat"), deleting())
			e := s.external(g.api(), &kindtest.Recorder{})
			if _, err := e.Observe(context.Background(), mg); err != nil {
				t.Fatalf("Observe(...): %v", err)
			}
			if _, err := e.Delete(context.Background(), mg); err != nil {
				t.Errorf("Delete(...) of %+v: %v", has, err)
			}
			if g.has != nil || strings.Contains(strings.Join(g.calls, ","), "list") {
				t.Errorf("after Delete of %+v GitHub has %+v, calls %v: want it gone, no owners listed", has, g.has, g.calls)
			}
		}
	})
}
