package teammembership

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
	"k8s.io/utils/ptr"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	mapping "github.com/crossplane-github/provider-github/internal/clients/teammembership"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the TeamMembership kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api githubAPI, rec event.Recorder) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var crew = mapping.Team{Organization: "demo-org", Slug: "crew"}

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().User = "Pat"
			o.Parameters().TeamSlug = ptr.To("crew")
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api githubAPI, rec event.Recorder) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, team: crew, record: rec}}
		},
	}
}

var scopes = twins.EachTeamMembership(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func withRole(r string) mod         { return func(o Object) { o.Parameters().Role = ptr.To(r) } }
func seen(state string) mod         { return func(o Object) { o.Observation().State = ptr.To(state) } }
func withCreatePending() mod {
	return func(o Object) { meta.SetExternalCreatePending(o, time.Now()) }
}

// gh is a fake GitHub team: the membership of Pat, if any; whether Pat is
// in the organization (else a PUT invites); whether GitHub knows Pat.
type gh struct {
	has      *github.TeamMembership
	outsider bool
	noUser   bool
	calls    []string
}

type api struct {
	*fake.MockTeamMembershipsAPI
	*fake.MockUsersAPI
}

func (g *gh) api() githubAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/teams/crew/memberships/Pat", http.StatusNotFound, "Not Found")
	return api{&fake.MockTeamMembershipsAPI{
		MockGetTeamMembership: func(_ context.Context, org, slug, _ string) (*github.TeamMembership, error) {
			g.calls = append(g.calls, "get "+org+"/"+slug)
			if g.has == nil {
				return nil, notFound
			}
			return g.has, nil
		},
		MockSetTeamMembership: func(_ context.Context, _, _, _, role string) (*github.TeamMembership, error) {
			g.calls = append(g.calls, "set "+role)
			if g.noUser {
				return nil, notFound
			}
			state := github.MembershipActive
			if g.outsider {
				state = github.MembershipPending
			}
			g.has = &github.TeamMembership{State: state, Role: role}
			return g.has, nil
		},
		MockRemoveTeamMembership: func(context.Context, string, string, string) error {
			g.calls = append(g.calls, "remove")
			if g.has == nil {
				return notFound
			}
			g.has = nil
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

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    string
		ext    string
		ready  corev1.ConditionStatus
		reason xpv2.ConditionReason
		events []event.Reason
	}
	cases := map[string]struct {
		reason string
		g      gh
		mg     []mod
		want   want
	}{
		"Member": {
			reason: "A member in the declared role is up to date and Ready.",
			g:      gh{has: &github.TeamMembership{State: "active", Role: "member"}}, mg: []mod{withExternalName("Pat")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "Pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable},
		},
		"RoleDrift": {
			reason: "A role changed on GitHub is drift.",
			g:      gh{has: &github.TeamMembership{State: "active", Role: "member"}}, mg: []mod{withExternalName("pat"), withRole("maintainer")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "role: want maintainer, GitHub reports member"}, ext: "pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable},
		},
		"Pending": {
			reason: "A user invited to the organization with the team is Ready=False with reason InvitationPending.",
			g:      gh{has: &github.TeamMembership{State: "pending", Role: "member"}}, mg: []mod{withExternalName("Pat")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: "Pat", ready: corev1.ConditionFalse, reason: "InvitationPending"},
		},
		"Adopted": {
			reason: "A member found without an external name is taken over, with an event.",
			g:      gh{has: &github.TeamMembership{State: "active", Role: "maintainer"}},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true, Diff: "role: want member, GitHub reports maintainer"}, ext: "Pat",
				ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable, events: []event.Reason{ReasonAdopted}},
		},
		"OwnCreateInterrupted": {
			reason: "A membership found after this resource's own create was cut off is not announced as adopted.",
			g:      gh{has: &github.TeamMembership{State: "active", Role: "member"}}, mg: []mod{withCreatePending()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: "Pat", ready: corev1.ConditionTrue, reason: xpv2.ReasonAvailable},
		},
		"Absent": {reason: "A user not in the team does not exist yet.", mg: []mod{withExternalName("Pat")}, want: want{ext: "Pat"}},
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
				if len(g.calls) > 1 {
					t.Errorf("\n%s\ncalls %v: an observation reads once", tc.reason, g.calls)
				}
			})
		})
	}
}

func TestCreate(t *testing.T) {
	cases := map[string]struct {
		reason string
		g      gh
		mg     []mod
		err    string
		events []event.Reason
	}{
		"Member":       {reason: "A member of the organization joins at once, without an event."},
		"Invited":      {reason: "A user outside the organization is invited, with an event.", g: gh{outsider: true}, events: []event.Reason{reasonInvited}},
		"InvitedAgain": {reason: "A user seen pending before is invited again, and the event says so.", g: gh{outsider: true}, mg: []mod{seen("pending")}, events: []event.Reason{reasonInvitedAgain}},
		"UnknownUser":  {reason: "A user GitHub does not know is said so.", g: gh{noUser: true}, err: "GitHub knows no user Pat: check spec.forProvider.user"},
		"DeclaredRole": {reason: "The declared role is asked for.", mg: []mod{withRole("maintainer")}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.g
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				_, err := s.external(g.api(), rec).Create(context.Background(), mg)
				if (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
					t.Errorf("\n%s\nCreate(...): error %v, want %q", tc.reason, err, tc.err)
				}
				if diff := cmp.Diff(tc.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if tc.err == "" && (meta.GetExternalName(mg) != "Pat" || g.has.Role != mapping.Role(mg.Parameters())) {
					t.Errorf("\n%s\nexternal name %q, GitHub %+v: want Pat in the declared role", tc.reason, meta.GetExternalName(mg), g.has)
				}
			})
		})
	}
}

// An update sets the declared role back; a delete takes the user out, and
// one already gone counts as removed.
func TestUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{has: &github.TeamMembership{State: "active", Role: "member"}}
		mg := s.object(withExternalName("Pat"), withRole("maintainer"))
		e := s.external(g.api(), &kindtest.Recorder{})
		if _, err := e.Update(context.Background(), mg); err != nil || g.has.Role != "maintainer" {
			t.Errorf("Update(...): %v; GitHub has %+v, want maintainer", err, g.has)
		}
		for range 2 {
			if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
				t.Errorf("Delete(...): %v; GitHub has %+v, want nothing", err, g.has)
			}
		}
		if c := mg.GetCondition(xpv2.TypeReady); c.Reason != xpv2.ReasonDeleting {
			t.Errorf("Ready reason %s, want Deleting", c.Reason)
		}
	})
}
