package collaboratorset

import (
	"context"
	"errors"
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
	common "github.com/crossplane-github/provider-github/apis/repo/common/v1alpha1"
	collab "github.com/crossplane-github/provider-github/internal/clients/collaborator"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// A scope is one of the CollaboratorSet kinds.
type scope struct {
	name     string
	object   func(m ...mod) Object
	external func(api githubAPI, rec event.Recorder, shared error) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

var repo = kind.Repository{Owner: "demo-org", Name: "app"}

// full is the external name of a CollaboratorSet of repo.
var full = repo.FullName()

func scopeOf[T Object](s apis.Scope, newT func(namespace, name string) T) scope {
	return scope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Users = []common.CollaboratorSetUser{{Username: "alice", Permission: ptr.To("push")}}
			o.Parameters().Teams = []common.CollaboratorSetTeam{{Slug: "core", Permission: ptr.To("maintain")}}
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api githubAPI, rec event.Recorder, shared error) kindtest.Client[Object] {
			return kindtest.Typed[Object, T]{E: &external[T]{api: api, repo: repo, record: rec,
				shared: func(context.Context, T) error { return shared }}}
		},
	}
}

var scopes = twins.EachCollaboratorSet(scopeOf, scopeOf)

type mod func(Object)

func withExternalName(n string) mod { return func(o Object) { meta.SetExternalName(o, n) } }
func listing(u ...common.CollaboratorSetUser) mod {
	return func(o Object) { o.Parameters().Users = u }
}
func deleting() mod { return func(o Object) { now := metav1.Now(); o.SetDeletionTimestamp(&now) } }

// gh is a fake GitHub: repo's direct collaborators, invitations and
// teams; members are added at once, anyone else invited. roleOf, when
// set, is the role GitHub reports for a user whatever was granted (one
// held through the organization).
type gh struct {
	collaborators []github.Collaborator
	invitations   []github.Invitation
	teams         []github.RepoTeam
	members       map[string]bool
	roleOf        map[string]string
	// teamRoles are the role_name of each team's own permission check.
	teamRoles map[string]string
	err       error // when set, GitHub answers every request with it
	calls     []string
}

func (g *gh) answer(call string) error {
	g.calls = append(g.calls, call)
	return g.err
}

// roles maps a permission to the role GitHub reports.
var roles = map[string]string{"pull": "read", "triage": "triage", "push": "write", "maintain": "maintain", "admin": "admin"}

func (g *gh) api() githubAPI {
	return &mockAPI{
		MockCollaboratorsAPI: &fake.MockCollaboratorsAPI{
			MockListDirectCollaborators: func(context.Context, string, string) ([]github.Collaborator, error) {
				if err := g.answer("list collaborators"); err != nil {
					return nil, err
				}
				return append([]github.Collaborator(nil), g.collaborators...), nil
			},
			MockAddCollaborator: func(_ context.Context, _, _, user, permission string) (*github.Invitation, error) {
				if err := g.answer("put " + user + " " + permission); err != nil {
					return nil, err
				}
				role := roles[permission]
				if r := g.roleOf[user]; r != "" {
					role = r
				}
				if c := collab.FindCollaborator(g.collaborators, user); c != nil {
					c.RoleName = role
					return nil, nil
				}
				if g.members[user] {
					g.collaborators = append(g.collaborators, github.Collaborator{Login: user, RoleName: role})
					return nil, nil
				}
				inv := github.Invitation{ID: int64(100 + len(g.invitations)), Invitee: &github.Account{Login: user}, Permissions: roles[permission], CreatedAt: time.Unix(0, 0)}
				g.invitations = append(g.invitations, inv)
				return &inv, nil
			},
			MockGetPermission: func(_ context.Context, _, _, user string) (*github.CollaboratorPermission, error) {
				if err := g.answer("get permission " + user); err != nil {
					return nil, err
				}
				c := collab.FindCollaborator(g.collaborators, user)
				return &github.CollaboratorPermission{RoleName: c.RoleName}, nil
			},
			MockRemoveCollaborator: func(_ context.Context, _, _, user string) error {
				if err := g.answer("remove " + user); err != nil {
					return err
				}
				for i := range g.collaborators {
					if strings.EqualFold(g.collaborators[i].Login, user) {
						g.collaborators = append(g.collaborators[:i], g.collaborators[i+1:]...)
						break
					}
				}
				return nil
			},
		},
		MockInvitationsAPI: &fake.MockInvitationsAPI{
			MockListInvitations: func(context.Context, string, string) ([]github.Invitation, error) {
				if err := g.answer("list invitations"); err != nil {
					return nil, err
				}
				return append([]github.Invitation(nil), g.invitations...), nil
			},
			MockUpdateInvitation: func(_ context.Context, _, _ string, id int64, permissions string) (*github.Invitation, error) {
				if err := g.answer("patch invitation " + permissions); err != nil {
					return nil, err
				}
				for i := range g.invitations {
					if g.invitations[i].ID == id {
						g.invitations[i].Permissions = permissions
					}
				}
				return nil, nil
			},
			MockDeleteInvitation: func(_ context.Context, _, _ string, id int64) error {
				if err := g.answer("delete invitation"); err != nil {
					return err
				}
				for i := range g.invitations {
					if g.invitations[i].ID == id {
						g.invitations = append(g.invitations[:i], g.invitations[i+1:]...)
						break
					}
				}
				return nil
			},
		},
		MockTeamReposAPI: &fake.MockTeamReposAPI{
			MockGetTeamRepo: func(_ context.Context, _, slug, _, _ string) (*github.TeamRepo, error) {
				if err := g.answer("get team " + slug); err != nil {
					return nil, err
				}
				return &github.TeamRepo{RoleName: g.teamRoles[slug]}, nil
			},
			MockAddTeamRepo: func(_ context.Context, _, slug, _, _, permission string) error {
				if err := g.answer("put team " + slug + " " + permission); err != nil {
					return err
				}
				for i := range g.teams {
					if g.teams[i].Slug == slug {
						g.teams[i].Permission = permission
						return nil
					}
				}
				g.teams = append(g.teams, github.RepoTeam{Slug: slug, Permission: permission})
				return nil
			},
			MockRemoveTeamRepo: func(_ context.Context, _, slug, _, _ string) error {
				if err := g.answer("remove team " + slug); err != nil {
					return err
				}
				for i := range g.teams {
					if g.teams[i].Slug == slug {
						g.teams = append(g.teams[:i], g.teams[i+1:]...)
						break
					}
				}
				return nil
			},
		},
		MockRepoTeamsAPI: &fake.MockRepoTeamsAPI{
			MockListRepoTeams: func(context.Context, string, string) ([]github.RepoTeam, error) {
				if err := g.answer("list teams"); err != nil {
					return nil, err
				}
				return append([]github.RepoTeam(nil), g.teams...), nil
			},
		},
	}
}

// mockAPI is githubAPI made of the areas' fakes.
type mockAPI struct {
	*fake.MockCollaboratorsAPI
	*fake.MockInvitationsAPI
	*fake.MockTeamReposAPI
	*fake.MockRepoTeamsAPI
}

var _ githubAPI = (*mockAPI)(nil)

var reads = []string{"list collaborators", "list invitations", "list teams"}

// asListed is GitHub giving exactly the access the test object lists.
func asListed() gh {
	return gh{
		collaborators: []github.Collaborator{{Login: "Alice", RoleName: "write"}},
		teams:         []github.RepoTeam{{Slug: "core", Permission: "maintain"}},
	}
}

func TestObserve(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    string // a part of the error; none when ""
		ext    string
		users  int // how many users status.atProvider lists
		ready  xpv2.ConditionReason
		calls  []string
		events []event.Reason
	}
	withExtra := asListed()
	withExtra.collaborators = append(withExtra.collaborators, github.Collaborator{Login: "mallory", RoleName: "admin"})
	withExtra.invitations = []github.Invitation{{ID: 7, Invitee: &github.Account{Login: "eve"}, Permissions: "write"}}
	withExtra.teams = append(withExtra.teams, github.RepoTeam{Slug: "ops", Permission: "pull"})
	changed := asListed()
	changed.collaborators[0].RoleName = "admin"
	invited := asListed()
	invited.collaborators = nil
	invited.invitations = []github.Invitation{{ID: 8, Invitee: &github.Account{Login: "alice"}, Permissions: "write", CreatedAt: time.Unix(0, 0)}}
	cases := map[string]struct {
		reason string
		gh     gh
		shared error
		mg     []mod
		want   want
	}{
		"NotWrittenYet": {
			reason: "The access is not the resource's until it has written it: it does not exist yet, and GitHub's is shown.",
			gh:     withExtra,
			want:   want{users: 3, calls: reads},
		},
		"UpToDate": {
			reason: "Written access as listed (the login in another case) exists, is up to date and available.",
			gh:     asListed(), mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, users: 1, ready: xpv2.ReasonAvailable, calls: reads},
		},
		"AddedOnGitHub": {
			reason: "A collaborator, an invitation and a team someone added on GitHub are to be removed.",
			gh:     withExtra, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "user mallory: not listed, invitation 7 of eve: not listed, team ops: not listed"},
				ext: full, users: 3, ready: xpv2.ReasonAvailable, calls: reads},
		},
		"PermissionChangedOnGitHub": {
			reason: "A permission changed on GitHub is set back.",
			gh:     changed, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "user Alice: GitHub reports admin, want push"},
				ext: full, users: 1, ready: xpv2.ReasonAvailable, calls: reads},
		},
		"InvitationPending": {
			reason: "A listed user who has not accepted the invitation makes the set Ready=False, saying so.",
			gh:     invited, mg: []mod{withExternalName(full)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, users: 1, ready: collab.ReasonInvitationPending, calls: reads},
		},
		"CustomTeamRoleConfirmed": {
			reason: "A team listed with a custom role that the repository's list shows as its base role is confirmed by the team's own check.",
			gh: gh{collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}}, teams: []github.RepoTeam{{Slug: "core", Permission: "push"}},
				teamRoles: map[string]string{"core": "Deployer"}},
			mg:   []mod{withExternalName(full), func(o Object) { o.Parameters().Teams[0].Permission = ptr.To("deployer") }},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: full, users: 1, ready: xpv2.ReasonAvailable, calls: append(append([]string(nil), reads...), "get team core")},
		},
		"CustomTeamRoleChanged": {
			reason: "A team listed with a custom role whose own check reports another role is granted it again.",
			gh: gh{collaborators: []github.Collaborator{{Login: "alice", RoleName: "write"}}, teams: []github.RepoTeam{{Slug: "core", Permission: "push"}},
				teamRoles: map[string]string{"core": "write"}},
			mg: []mod{withExternalName(full), func(o Object) { o.Parameters().Teams[0].Permission = ptr.To("deployer") }},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "team core: GitHub reports write, want deployer"},
				ext: full, users: 1, ready: xpv2.ReasonAvailable, calls: append(append([]string(nil), reads...), "get team core")},
		},
		"RenamedRepository": {
			reason: "The external name follows the repository under its new name, and is saved at once.",
			gh:     asListed(), mg: []mod{withExternalName("demo-org/before")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: full, users: 1, ready: xpv2.ReasonAvailable, calls: reads},
		},
		"NoSuchRepository": {
			reason: "GitHub's 404 means the repository is missing, which the error says.",
			gh:     gh{err: kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/collaborators", http.StatusNotFound, "Not Found")}, mg: []mod{withExternalName(full)},
			want: want{err: "cannot read the direct collaborators of repository " + full + ": cannot find the repository", ext: full, calls: reads[:1]},
		},
		"Failed": {
			reason: "Any other error is returned, saying what failed.",
			gh:     gh{err: kindtest.GitHubErr(http.MethodGet, "/repos/demo-org/app/collaborators", http.StatusBadGateway, "Bad Gateway")},
			want:   want{err: "cannot read the direct collaborators of repository " + full, calls: reads[:1]},
		},
		"Shared": {
			reason: "One that must not share the repository reads nothing, and says why.",
			gh:     asListed(), shared: errors.New("repository demo-org/app has access managed by Collaborator ns/bob"),
			mg:   []mod{withExternalName(full)},
			want: want{err: "access managed by Collaborator ns/bob", ext: full},
		},
		"ListedTwice": {
			reason: "A user listed twice, to GitHub's folding of case, is refused before anything is read.",
			gh:     asListed(),
			mg:     []mod{listing(common.CollaboratorSetUser{Username: "Alice"}, common.CollaboratorSetUser{Username: "alice"})},
			want:   want{err: "users lists alice twice"},
		},
		"Deleting": {
			reason: "A resource being deleted leaves the access as it is, says so, and reads nothing.",
			gh:     withExtra, mg: []mod{withExternalName(full), deleting()},
			want: want{ext: full, events: []event.Reason{ReasonLeftAsIs}},
		},
		"DeletingUnwritten": {
			reason: "A resource deleted before it wrote anything has nothing to say.",
			gh:     withExtra, mg: []mod{deleting()},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				g := tc.gh
				g.collaborators = append([]github.Collaborator(nil), tc.gh.collaborators...)
				g.calls = nil
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec, tc.shared).Observe(context.Background(), mg)
				switch {
				case tc.want.err == "" && err != nil:
					t.Errorf("\n%s\nObserve(...): %v, want no error", tc.reason, err)
				case tc.want.err != "" && (err == nil || !strings.Contains(err.Error(), tc.want.err)):
					t.Errorf("\n%s\nObserve(...): error %v, want one holding %q", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if n := len(mg.Observation().Users); n != tc.want.users {
					t.Errorf("\n%s\nstatus.atProvider.users: %d, want %d", tc.reason, n, tc.want.users)
				}
				if r := mg.GetCondition(xpv2.TypeReady).Reason; r != tc.want.ready {
					t.Errorf("\n%s\nReady reason %q, want %q", tc.reason, r, tc.want.ready)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nrequests: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create makes the access the listed one — the unlisted removed last,
// with an event naming them — and names the repository; an update writes
// only what differs; a delete leaves the access as it is.
func TestCreateUpdateDelete(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{
			collaborators: []github.Collaborator{{Login: "mallory", RoleName: "admin"}},
			invitations:   []github.Invitation{{ID: 7, Invitee: &github.Account{Login: "eve"}, Permissions: "write"}},
			teams:         []github.RepoTeam{{Slug: "ops", Permission: "pull"}},
			members:       map[string]bool{"alice": true},
		}
		rec := &kindtest.Recorder{}
		mg := s.object(listing(common.CollaboratorSetUser{Username: "alice", Permission: ptr.To("push")}, common.CollaboratorSetUser{Username: "octocat", Permission: ptr.To("pull")}))
		e := s.external(g.api(), rec, nil)
		ctx := context.Background()
		if _, err := e.Observe(ctx, mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		if _, err := e.Create(ctx, mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != full {
			t.Errorf("external name %q, want the repository's full name %q", got, full)
		}
		want := append(append([]string(nil), reads...), "put team core maintain", "put alice push", "get permission alice", "put octocat pull",
			"remove mallory", "delete invitation", "remove team ops")
		if diff := cmp.Diff(want, g.calls); diff != "" {
			t.Errorf("Create's requests: -want, +got:\n%s", diff)
		}
		if len(rec.Events) != 1 || rec.Events[0].Reason != ReasonRemovedUnlisted || !strings.Contains(rec.Events[0].Message, "user mallory, invitation 7 of eve, team ops") {
			t.Errorf("events %+v, want one naming what was removed", rec.Events)
		}

		// Observed again: octocat's invitation is pending.
		g.calls = nil
		o, err := e.Observe(ctx, mg)
		if err != nil || !o.ResourceUpToDate {
			t.Fatalf("Observe(...) after Create: %+v, %v: want it up to date", o, err)
		}
		if c := mg.GetCondition(xpv2.TypeReady); c.Status != corev1.ConditionFalse || c.Reason != collab.ReasonInvitationPending || !strings.Contains(c.Message, "octocat") {
			t.Errorf("Ready %+v, want False with reason InvitationPending naming octocat", c)
		}

		// A permission changed on the invitation and on GitHub.
		mg.Parameters().Users[1].Permission = ptr.To("maintain")
		g.collaborators[0].RoleName = "admin"
		g.calls = nil
		if o, err := e.Observe(ctx, mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...) after the changes: %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(ctx, mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		want = append(append([]string(nil), reads...), "put alice push", "get permission alice", "patch invitation maintain")
		if diff := cmp.Diff(want, g.calls); diff != "" {
			t.Errorf("Update's requests: -want, +got:\n%s", diff)
		}
		if o, err := e.Observe(ctx, mg); err != nil || !o.ResourceUpToDate {
			t.Fatalf("Observe(...) after the update: %+v, %v: want it up to date", o, err)
		}

		g.calls = nil
		deleting()(mg)
		if o, err := e.Observe(ctx, mg); err != nil || o.ResourceExists {
			t.Errorf("Observe(...) of a resource being deleted: %+v, %v: want nothing to delete", o, err)
		}
		if _, err := e.Delete(ctx, mg); err != nil {
			t.Errorf("Delete(...): %v", err)
		}
		if len(g.calls) != 0 || len(g.collaborators) != 1 || len(g.invitations) != 1 || len(g.teams) != 1 {
			t.Errorf("deleting sent %v and left GitHub with %+v: want the access left as it is, without a request", g.calls, g)
		}
	})
}

// A role GitHub keeps over the permission granted (an organization owner
// stays admin) is recorded, with an event, and not granted again on every
// poll.
func TestKeptPermission(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{collaborators: []github.Collaborator{{Login: "alice", RoleName: "admin"}}, teams: []github.RepoTeam{{Slug: "core", Permission: "maintain"}},
			roleOf: map[string]string{"alice": "admin"}}
		rec := &kindtest.Recorder{}
		mg := s.object(withExternalName(full))
		e := s.external(g.api(), rec, nil)
		ctx := context.Background()
		if o, err := e.Observe(ctx, mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(ctx, mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if diff := cmp.Diff([]event.Reason{ReasonKept}, rec.Reasons()); diff != "" {
			t.Errorf("events: -want, +got:\n%s", diff)
		}
		if o, err := e.Observe(ctx, mg); err != nil || !o.ResourceUpToDate {
			t.Fatalf("Observe(...) after the update: %+v, %v: want it up to date, the role kept", o, err)
		}
		want := []common.CollaboratorSetKeptPermission{{Login: "alice", Granted: "push", Reported: "admin"}}
		if diff := cmp.Diff(want, mg.Observation().KeptPermissions); diff != "" {
			t.Errorf("status.atProvider.keptPermissions: -want, +got:\n%s", diff)
		}
	})
}

// A write that fails removes nothing: removals come last.
func TestWriteFailsBeforeRemoving(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		g := &gh{collaborators: []github.Collaborator{{Login: "mallory", RoleName: "admin"}}}
		mg := s.object(withExternalName(full))
		e := s.external(g.api(), &kindtest.Recorder{}, nil)
		ctx := context.Background()
		if _, err := e.Observe(ctx, mg); err != nil {
			t.Fatalf("Observe(...): %v", err)
		}
		g.err = kindtest.GitHubErr(http.MethodPut, "/orgs/demo-org/teams/core/repos/demo-org/app", http.StatusNotFound, "Not Found")
		_, err := e.Update(ctx, mg)
		if want := "cannot give team core permission maintain on demo-org/app: organization demo-org has no team core the credentials can see"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Update(...): %v, want an error holding %q", err, want)
		}
		if want := append(append([]string(nil), reads...), "put team core maintain"); !cmp.Equal(want, g.calls) {
			t.Errorf("requests %v, want %v: nothing removed after a failed grant", g.calls, want)
		}
	})
}
