package team

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crossplane/crossplane-runtime/v2/pkg/errors"
	"github.com/crossplane/crossplane-runtime/v2/pkg/event"
	"github.com/crossplane/crossplane-runtime/v2/pkg/meta"
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/v2/pkg/resource"
	"github.com/crossplane/crossplane-runtime/v2/pkg/test"
	xpv2 "github.com/crossplane/crossplane/apis/v2/core/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	gogithub "github.com/google/go-github/v37/github"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	common "github.com/crossplane-github/provider-github/apis/org/common/v1alpha1"
	namespaced "github.com/crossplane-github/provider-github/apis/org/m/v1alpha1"
	cluster "github.com/crossplane-github/provider-github/apis/org/v1alpha1"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
)

// A scope is one of the Team kinds that share external[T]: it builds a
// Team of its kind, and an external client for that kind taking any
// Object, so one table of cases runs in both.
type scope struct {
	name     string
	team     func(m ...mod) Object
	external func(d deps) kindtest.Client[Object]
}

func (s scope) ScopeName() string { return s.name }

// deps are what an external client is built with; unset ones panic when used.
type deps struct {
	api      github.TeamsAPI
	kube     client.Reader
	teams    teamResourceFn
	record   event.Recorder
	observed *github.Team
	renamed  bool
	noOwner  bool
}

func scopeOf[T Object](name string, empty func() T) scope {
	return scope{
		name: name,
		team: func(m ...mod) Object {
			r := empty()
			r.Parameters().Name = "Platform Team"
			for _, f := range m {
				f(r)
			}
			return r
		},
		external: func(d deps) kindtest.Client[Object] {
			owner := "org"
			if d.noOwner {
				owner = ""
			}
			if d.record == nil {
				d.record = event.NewNopRecorder()
			}
			if d.api == nil {
				d.api = &fake.MockTeamsAPI{}
			}
			return kindtest.Typed[Object, T]{E: &external[T]{api: d.api, defaultOwner: owner, record: d.record, teamResource: d.teams, kube: d.kube,
				observed: d.observed, renamedOutside: d.renamed}}
		},
	}
}

var scopes = []scope{
	scopeOf("Namespaced", func() *namespaced.Team {
		return &namespaced.Team{ObjectMeta: metav1.ObjectMeta{Name: "x", Namespace: "ns"}}
	}),
	scopeOf("Cluster", func() *cluster.Team {
		return &cluster.Team{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
	}),
}

// A mod changes a Team of either scope.
type mod func(Object)

func withExternalName(n string) mod { return func(r Object) { meta.SetExternalName(r, n) } }
func withID(id int64) mod {
	return func(r Object) { r.Observation().ID, r.Observation().Organization = &id, ptr.To("org") }
}
func withParams(fn func(*common.TeamParameters)) mod { return func(r Object) { fn(r.Parameters()) } }
func withCreatePending(at time.Time) mod {
	return func(r Object) { meta.SetExternalCreatePending(r, at) }
}
func withCreateSucceeded(at time.Time) mod {
	return func(r Object) { meta.SetExternalCreateSucceeded(r, at) }
}
func withCreateFailed(at time.Time) mod {
	return func(r Object) { meta.SetExternalCreateFailed(r, at) }
}
func withCreateRefused(at time.Time) mod {
	return func(r Object) {
		meta.AddAnnotations(r, map[string]string{kind.AnnotationCreateRefused: at.Format(time.RFC3339)})
	}
}
func deleting() mod {
	return func(r Object) { now := metav1.Now(); r.SetDeletionTimestamp(&now) }
}

// inSync makes the spec say what ghTeam() is, organization included, so
// that nothing is late-initialized.
func inSync() mod {
	return withParams(func(p *common.TeamParameters) {
		p.Organization, p.Description, p.Privacy, p.NotificationSetting = ptr.To("org"), ptr.To("runs things"), ptr.To("closed"), ptr.To("notifications_enabled")
	})
}

func ghTeam(m ...func(*github.Team)) *github.Team {
	created := time.Now().Add(-time.Hour)
	t := &github.Team{ID: 7, Name: "Platform Team", Slug: "platform-team", Description: ptr.To("runs things"), Privacy: "closed",
		NotificationSetting: "notifications_enabled", CreatedAt: &created}
	for _, f := range m {
		f(t)
	}
	return t
}

func createdAt(at time.Time) func(*github.Team) { return func(t *github.Team) { t.CreatedAt = &at } }

// ghErrOn is what the client returns when GitHub answers status to a request.
func ghErrOn(method, path string, status int, details ...gogithub.Error) error {
	return kindtest.GitHubErr(method, path, status, http.StatusText(status), details...)
}

func ghErr(status int) error { return ghErrOn(http.MethodGet, "/orgs/org/teams/platform-team", status) }

// get answers GetTeam with t for the slug want, and fails the test for any other.
func get(t *testing.T, want string, team *github.Team, err error) func(context.Context, string, string) (*github.Team, error) {
	return func(_ context.Context, org, slug string) (*github.Team, error) {
		if org != "org" || slug != want {
			t.Errorf("GetTeam(%s, %s): want org, %s", org, slug, want)
		}
		if err != nil {
			return &github.Team{}, err
		}
		return team, nil
	}
}

func list(teams ...github.Team) func(context.Context, string) ([]github.Team, error) {
	return func(context.Context, string) ([]github.Team, error) { return teams, nil }
}

// parentIs answers a parentTeamRef with a Team resource whose team is id in org.
func parentIs(t *testing.T, id int64, org string) teamResourceFn {
	return func(_ context.Context, _ resource.Managed, field, name string) (kind.Team, error) {
		if field != "spec.forProvider.parentTeamRef" || name != "parent" {
			t.Errorf("TeamResource(%s, %s): want spec.forProvider.parentTeamRef, parent", field, name)
		}
		return kind.Team{Organization: org, Slug: "parent", ID: id, Via: "Team parent"}, nil
	}
}

func TestObserve(t *testing.T) {
	now := time.Now()
	type want struct {
		o            managed.ExternalObservation
		err          error
		externalName string
		events       []event.Reason
	}
	cases := map[string]struct {
		reason string
		deps   func(t *testing.T) deps
		mg     []mod
		want   want
	}{
		"NoOrganization": {
			reason: "without an organization in the spec or the provider configuration there is nothing to look up",
			deps:   func(*testing.T) deps { return deps{noOwner: true} },
			want:   want{err: errors.New("no organization for the team: set spec.forProvider.organization, or spec.owner of the provider configuration")},
		},
		"NeverCreated": {
			reason: "without an external name or an interrupted create the team does not exist yet: Create says whether the name is taken",
			deps:   func(*testing.T) deps { return deps{} },
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"FailedCreateAnswerLost": {
			reason: "a create that failed may have failed after GitHub made the team (its answer lost): a team with the spec's name GitHub made during it is its result",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(createdAt(now)), nil)}}
			},
			mg: []mod{withCreatePending(now), withCreateFailed(now), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				externalName: "platform-team", events: []event.Reason{kind.ReasonRecovered}},
		},
		"FailedCreateFindsAnOlderTeam": {
			reason: "after a failed create, a team GitHub made before it began is someone else's, and is not adopted",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg: []mod{withCreatePending(now), withCreateFailed(now)},
			want: want{err: kind.NotOurs{Err: errors.New(`team org/platform-team ("Platform Team") already exists on GitHub and this Team did not create it; ` +
				"to manage it, set the annotation crossplane.io/external-name: platform-team")}},
		},
		"RefusedCreateLookAlike": {
			reason: "a create GitHub refused (a 4xx: the name was taken) made nothing: the team of that name, however recent, is not looked for, and Create says how to adopt it",
			deps:   func(*testing.T) deps { return deps{} },
			mg:     []mod{withCreatePending(now), withCreateFailed(now), withCreateRefused(now), inSync()},
			want:   want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"FailedCreateFindsATeamDifferingInOneField": {
			reason: "after a lost answer, a team GitHub made during the create that differs in one field the create sent is someone else's",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(createdAt(now), func(g *github.Team) { g.Description = ptr.To("not yours") }), nil)}}
			},
			mg: []mod{withCreatePending(now), withCreateFailed(now), inSync()},
			want: want{err: kind.NotOurs{Err: errors.New(`team org/platform-team ("Platform Team") already exists on GitHub and this Team did not create it; ` +
				"to manage it, set the annotation crossplane.io/external-name: platform-team")}},
		},
		"FailedCreateNothingThere": {
			reason: "a create GitHub refused made nothing, and is simply made again",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", nil, ghErr(404))}}
			},
			mg:   []mod{withCreatePending(now), withCreateFailed(now)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"InterruptedCreateRecovered": {
			reason: "a team with the spec's name that GitHub created while this resource's create was under way is its result",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(createdAt(now)), nil)}}
			},
			mg: []mod{withCreatePending(now), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				externalName: "platform-team", events: []event.Reason{kind.ReasonRecovered}},
		},
		"InterruptedCreateNothingThere": {
			reason: "a create interrupted before GitHub made the team is simply made again",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", nil, ghErr(404))}}
			},
			mg:   []mod{withCreatePending(now)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}},
		},
		"InterruptedCreateFindsAnOlderTeam": {
			reason: "a team GitHub made before the create began is someone else's, and is not adopted",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg: []mod{withCreatePending(now)},
			want: want{err: kind.NotOurs{Err: errors.New(`team org/platform-team ("Platform Team") already exists on GitHub and this Team did not create it; ` +
				"to manage it, set the annotation crossplane.io/external-name: platform-team")}},
		},
		"InterruptedCreateFindsAnotherName": {
			reason: "a team with the same slug but another name is not this resource's",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(createdAt(now), func(g *github.Team) { g.Name = "platform-team" }), nil)}}
			},
			mg: []mod{withCreatePending(now)},
			want: want{err: kind.NotOurs{Err: errors.New(`team org/platform-team ("platform-team") already exists on GitHub and this Team did not create it; ` +
				"to manage it, set the annotation crossplane.io/external-name: platform-team")}},
		},
		"UpToDate": {
			reason: "a team as the spec says is up to date, and nothing is late-initialized",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg:   []mod{withExternalName("platform-team"), withID(7), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, externalName: "platform-team"},
		},
		"AdoptedByAnnotation": {
			reason: "the external-name annotation points the resource at an existing team, whose settings fill the spec",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "Platform-Team", ghTeam(), nil)}}
			},
			mg: []mod{withExternalName("Platform-Team")},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true},
				externalName: "platform-team"},
		},
		"Drifted": {
			reason: "a setting changed on GitHub makes the team not up to date, and says which",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(func(g *github.Team) { g.Privacy = "secret" }), nil)}}
			},
			mg:   []mod{withExternalName("platform-team"), withID(7), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "privacy"}, externalName: "platform-team"},
		},
		"ServerErrorIsNotAbsence": {
			reason: "only a 404 means absent: a 500 must not lead to a create",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", nil, ghErr(500))}}
			},
			mg:   []mod{withExternalName("platform-team")},
			want: want{err: errors.Wrap(ghErr(500), "cannot read team org/platform-team"), externalName: "platform-team"},
		},
		"NotFoundWithoutID": {
			reason: "a slug that answers 404 for a resource that never saw its team: create it",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", nil, ghErr(404))}}
			},
			mg:   []mod{withExternalName("platform-team")},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, externalName: "platform-team"},
		},
		"RenamedOutside": {
			reason: "a team renamed on GitHub is found by id; the external name follows its slug and Update renames it back",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", nil, ghErr(404)),
					MockListTeams: list(github.Team{ID: 3, Slug: "other"}, *ghTeam(func(g *github.Team) { g.Name, g.Slug = "Moved", "moved" })),
				}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true, Diff: "name"},
				externalName: "moved"},
		},
		"RenamedAndNameTaken": {
			reason: "when ours was renamed and another team took its slug, ours is followed by id and the other one left alone",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", ghTeam(func(g *github.Team) { g.ID = 8 }), nil),
					MockListTeams: list(*ghTeam(func(g *github.Team) { g.Name, g.Slug = "Moved", "moved" })),
				}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceLateInitialized: true, Diff: "name"},
				externalName: "moved"},
		},
		"DeletedOnGitHub": {
			reason: "a team gone by slug and by id does not exist, so it is created again, with a warning",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", nil, ghErr(404)), MockListTeams: list(github.Team{ID: 3})}}
			},
			mg:   []mod{withExternalName("platform-team"), withID(7)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, externalName: "platform-team", events: []event.Reason{kind.ReasonMissing}},
		},
		"OrganizationGone": {
			reason: "an organization that no longer answers has no team: Create then names the organization",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", nil, ghErr(404)),
					MockListTeams: func(context.Context, string) ([]github.Team, error) { return nil, ghErr(404) },
				}}
			},
			mg:   []mod{withExternalName("platform-team"), withID(7)},
			want: want{o: managed.ExternalObservation{ResourceExists: false}, externalName: "platform-team", events: []event.Reason{kind.ReasonMissing}},
		},
		"ListFails": {
			reason: "a failure to look for the team by id is an error, not absence",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", nil, ghErr(404)),
					MockListTeams: func(context.Context, string) ([]github.Team, error) { return nil, ghErr(502) },
				}}
			},
			mg:   []mod{withExternalName("platform-team"), withID(7)},
			want: want{err: errors.Wrap(ghErr(502), "cannot list the teams of org to find team id 7"), externalName: "platform-team"},
		},
		"OursDeletedSlugTaken": {
			reason: "when ours was deleted and another team has its slug, that team is not adopted",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", ghTeam(func(g *github.Team) { g.ID = 8 }), nil),
					MockListTeams: list(),
				}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7)},
			want: want{err: kind.NotOurs{Err: errors.New("the team this Team managed (id 7) was deleted, and org/platform-team is now a different team (id 8); " +
				"to manage that one, recreate this Team with the annotation crossplane.io/external-name: platform-team")}, externalName: "platform-team"},
		},
		"RecreatedByThisResource": {
			reason: "a team this resource created again after ours was deleted is ours, although the status still has the old id",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", ghTeam(createdAt(now), func(g *github.Team) { g.ID = 8 }), nil),
					MockListTeams: list(),
				}}
			},
			mg:   []mod{withExternalName("platform-team"), withID(7), withCreatePending(now), withCreateSucceeded(now), inSync()},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, externalName: "platform-team"},
		},
		"DeletingWhatIsNotOurs": {
			reason: "a resource being deleted whose slug is someone else's team now says so; kind completes its deletion (nothing of its own to delete)",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{
					MockGetTeam:   get(t, "platform-team", ghTeam(func(g *github.Team) { g.ID = 8 }), nil),
					MockListTeams: list(),
				}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), deleting()},
			want: want{err: kind.NotOursf("the team this Team managed (id 7) was deleted, and org/platform-team is now a different team (id 8); " +
				"to manage that one, recreate this Team with the annotation crossplane.io/external-name: platform-team"), externalName: "platform-team"},
		},
		"DeletingNeedsNoParent": {
			reason: "a team being deleted is not compared, so a parent reference that no longer resolves does not block it",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), deleting(),
				withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "gone"} })},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, externalName: "platform-team"},
		},
		"ParentByReference": {
			reason: "the parent a reference names is compared by id",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(func(g *github.Team) {
					g.Parent = &github.TeamParent{ID: 3, Slug: "parent"}
				}), nil)}, teams: parentIs(t, 3, "ORG")}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), inSync(),
				withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "parent"} })},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, externalName: "platform-team"},
		},
		"ParentMoved": {
			reason: "a team moved to the top level on GitHub is not up to date",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), inSync(),
				withParams(func(p *common.TeamParameters) { p.ParentTeamID = ptr.To(int64(3)) })},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "parent"}, externalName: "platform-team"},
		},
		"ParentNotReady": {
			reason: "a parent Team resource that has no team yet is waited for, saying so",
			deps: func(t *testing.T) deps {
				return deps{
					api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)},
					teams: func(context.Context, resource.Managed, string, string) (kind.Team, error) {
						return kind.Team{}, errors.New("Team parent named by spec.forProvider.parentTeamRef has not been created on GitHub yet: this resource waits until it is Ready")
					},
				}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "parent"} })},
			want: want{err: errors.New("Team parent named by spec.forProvider.parentTeamRef has not been created on GitHub yet: this resource waits until it is Ready"),
				externalName: "platform-team"},
		},
		"ParentInAnotherOrganization": {
			reason: "a parent team must belong to the team's organization",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}, teams: parentIs(t, 3, "elsewhere")}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "parent"} })},
			want: want{err: errors.New("Team parent named by spec.forProvider.parentTeamRef is a team of elsewhere, not of org: a parent team must belong to the same organization"),
				externalName: "platform-team"},
		},
		"ParentIsItself": {
			reason: "a team cannot be its own parent; waiting for itself would never end",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "x"} })},
			want: want{err: errors.New("spec.forProvider.parentTeamRef names this Team itself: a team cannot be its own parent"),
				externalName: "platform-team"},
		},
		"ParentSelectorChoseNothing": {
			reason: "a selector that matched no Team yet says so",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(), nil)}}
			},
			mg: []mod{withExternalName("platform-team"), withID(7), withParams(func(p *common.TeamParameters) { p.ParentTeamSelector = &xpv2.Selector{} })},
			want: want{err: errors.New("spec.forProvider.parentTeamSelector matches no Team yet: label a Team to match it, or name one with parentTeamRef"),
				externalName: "platform-team"},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				rec := &kindtest.Recorder{}
				d := tc.deps(t)
				d.record = rec
				mg := s.team(tc.mg...)
				got, err := s.external(d).Observe(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.o, got, cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.externalName, meta.GetExternalName(mg)); diff != "" {
					t.Errorf("\n%s\nObserve(...): external name: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nObserve(...): events: -want, +got:\n%s", tc.reason, diff)
				}
				if got.ResourceExists && !meta.WasDeleted(mg) {
					if id := ptr.Deref(mg.Observation().ID, 0); id == 0 {
						t.Errorf("\n%s\nObserve(...): the status must keep the team's id", tc.reason)
					}
				}
			})
		})
	}
}

func TestObserveKeepsTheStatus(t *testing.T) {
	kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
		api := &fake.MockTeamsAPI{MockGetTeam: get(t, "platform-team", ghTeam(func(g *github.Team) {
			g.Organization = &github.Account{Login: "org"}
			g.Parent = &github.TeamParent{ID: 3, Slug: "parent"}
		}), nil)}
		mg := s.team(withExternalName("platform-team"), withParams(func(p *common.TeamParameters) { p.ParentTeamID = ptr.To(int64(3)) }))
		if _, err := s.external(deps{api: api}).Observe(context.Background(), mg); err != nil {
			t.Fatal(err)
		}
		want := common.TeamObservation{ID: ptr.To(int64(7)), Organization: ptr.To("org"), Slug: ptr.To("platform-team"), Name: ptr.To("Platform Team"),
			Privacy: ptr.To("closed"), NotificationSetting: ptr.To("notifications_enabled"), ParentTeamID: ptr.To(int64(3)), ParentTeamSlug: ptr.To("parent")}
		if diff := cmp.Diff(want, *mg.Observation()); diff != "" {
			t.Errorf("Observe(...): status.atProvider: -want, +got:\n%s", diff)
		}
		if c := mg.GetCondition(xpv2.TypeReady); c.Reason != xpv2.ReasonAvailable {
			t.Errorf("Observe(...): want the team Available, got %+v", c)
		}
		if p := mg.Parameters(); ptr.Deref(p.Organization, "") != "org" || ptr.Deref(p.Privacy, "") != "closed" {
			t.Errorf("Observe(...): want organization and privacy late-initialized, got %+v", p)
		}
	})
}

func TestCreate(t *testing.T) {
	type want struct {
		externalName string
		err          error
	}
	cases := map[string]struct {
		reason string
		deps   func(t *testing.T) deps
		mg     []mod
		want   want
	}{
		"Created": {
			reason: "the team is created in the default organization and its slug becomes the external name",
			deps: func(t *testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockCreateTeam: func(_ context.Context, org string, q *github.TeamRequest) (*github.Team, error) {
					if org != "org" || ptr.Deref(q.Name, "") != "Platform Team" || ptr.Deref(q.Privacy, "") != "closed" || q.ParentTeamID != nil || q.TopLevel {
						t.Errorf("CreateTeam(%s, %+v): want org, the spec's name and privacy, no parent", org, q)
					}
					return ghTeam(), nil
				}}}
			},
			mg:   []mod{withParams(func(p *common.TeamParameters) { p.Privacy = ptr.To("closed") })},
			want: want{externalName: "platform-team"},
		},
		"UnderReferencedParent": {
			reason: "a parent named by reference is created under by its id",
			deps: func(t *testing.T) deps {
				return deps{teams: parentIs(t, 3, "org"), api: &fake.MockTeamsAPI{MockCreateTeam: func(_ context.Context, _ string, q *github.TeamRequest) (*github.Team, error) {
					if ptr.Deref(q.ParentTeamID, 0) != 3 {
						t.Errorf("CreateTeam(%+v): want parent 3", q)
					}
					return ghTeam(), nil
				}}}
			},
			mg:   []mod{withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "parent"} })},
			want: want{externalName: "platform-team"},
		},
		"ParentNotReady": {
			reason: "nothing is created before the parent is",
			deps: func(*testing.T) deps {
				return deps{teams: func(context.Context, resource.Managed, string, string) (kind.Team, error) {
					return kind.Team{}, errors.New("not yet")
				}}
			},
			mg:   []mod{withParams(func(p *common.TeamParameters) { p.ParentTeamRef = &xpv2.Reference{Name: "parent"} })},
			want: want{err: errors.New("not yet")},
		},
		"NameTaken": {
			reason: "an existing team with the name is not adopted; the error says how to adopt it",
			deps: func(*testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockCreateTeam: func(context.Context, string, *github.TeamRequest) (*github.Team, error) {
					return nil, ghErrOn(http.MethodPost, "/orgs/org/teams", 422, gogithub.Error{Resource: "Team", Field: "data", Code: "unprocessable", Message: "Name must be unique for this org"})
				}}}
			},
			want: want{err: errors.New(`cannot create team "Platform Team" in org: a team with this name (slug platform-team) already exists and this Team did not create it; ` +
				"to manage that team, set the annotation crossplane.io/external-name: platform-team")},
		},
		"UnknownOrganization": {
			reason: "an organization that does not exist is named",
			deps: func(*testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockCreateTeam: func(context.Context, string, *github.TeamRequest) (*github.Team, error) {
					return nil, ghErrOn(http.MethodPost, "/orgs/nope/teams", 404)
				}}}
			},
			mg: []mod{withParams(func(p *common.TeamParameters) { p.Organization = ptr.To("nope") })},
			want: want{err: errors.Wrap(ghErrOn(http.MethodPost, "/orgs/nope/teams", 404),
				`cannot create team "Platform Team" in nope: organization nope does not exist, is not an organization, or the credentials cannot see it`)},
		},
		"ParentRefused": {
			reason: "GitHub's refusal of a parent says what a parent must be",
			deps: func(*testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockCreateTeam: func(context.Context, string, *github.TeamRequest) (*github.Team, error) {
					return nil, ghErrOn(http.MethodPost, "/orgs/org/teams", 422, gogithub.Error{Resource: "Team", Field: "parent_team_id", Code: "invalid"})
				}}}
			},
			mg: []mod{withParams(func(p *common.TeamParameters) { p.ParentTeamID = ptr.To(int64(3)) })},
			want: want{err: errors.Wrap(ghErrOn(http.MethodPost, "/orgs/org/teams", 422, gogithub.Error{Resource: "Team", Field: "parent_team_id", Code: "invalid"}),
				`cannot create team "Platform Team" in org: GitHub refused parent team id 3 as the parent: a parent team must be a closed (not secret) team of org, and neither this team nor one below it`)},
		},
		"Forbidden": {
			reason: "other refusals are wrapped with what was attempted",
			deps: func(*testing.T) deps {
				return deps{api: &fake.MockTeamsAPI{MockCreateTeam: func(context.Context, string, *github.TeamRequest) (*github.Team, error) {
					return nil, ghErrOn(http.MethodPost, "/orgs/org/teams", 403)
				}}}
			},
			want: want{err: errors.Wrap(ghErrOn(http.MethodPost, "/orgs/org/teams", 403), `cannot create team "Platform Team" in org`)},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				mg := s.team(tc.mg...)
				_, err := s.external(tc.deps(t)).Create(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nCreate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.externalName, meta.GetExternalName(mg)); diff != "" {
					t.Errorf("\n%s\nCreate(...): external name: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

func TestUpdate(t *testing.T) {
	type want struct {
		externalName string
		err          error
		events       []event.Reason
	}
	cases := map[string]struct {
		reason string
		deps   func(t *testing.T) deps
		mg     []mod
		want   want
	}{
		"NotObserved": {
			reason: "Update works on what Observe read",
			deps:   func(*testing.T) deps { return deps{} },
			want:   want{err: errors.New("cannot update a team that was not observed first")},
		},
		"NothingToDo": {
			reason: "a team as the spec says is not written to",
			deps:   func(*testing.T) deps { return deps{observed: ghTeam()} },
			mg:     []mod{inSync()},
		},
		"RenamedBack": {
			reason: "a team renamed outside Kubernetes is renamed back, at its current slug, with an event",
			deps: func(t *testing.T) deps {
				return deps{renamed: true, observed: ghTeam(func(g *github.Team) { g.Name, g.Slug = "Moved", "moved" }),
					api: &fake.MockTeamsAPI{MockEditTeam: func(_ context.Context, org, slug string, q *github.TeamRequest) (*github.Team, error) {
						if org != "org" || slug != "moved" || ptr.Deref(q.Name, "") != "Platform Team" {
							t.Errorf("EditTeam(%s, %s, %+v): want org, moved, the spec's name", org, slug, q)
						}
						return ghTeam(), nil
					}}}
			},
			mg:   []mod{withExternalName("moved"), inSync()},
			want: want{externalName: "platform-team", events: []event.Reason{reasonRenamedBack}},
		},
		"Renamed": {
			reason: "a new name in the spec renames the team, without a renamed-back event",
			deps: func(*testing.T) deps {
				return deps{observed: ghTeam(func(g *github.Team) { g.Name, g.Slug = "Old", "old" }),
					api: &fake.MockTeamsAPI{MockEditTeam: func(context.Context, string, string, *github.TeamRequest) (*github.Team, error) { return ghTeam(), nil }}}
			},
			mg:   []mod{withExternalName("old"), inSync()},
			want: want{externalName: "platform-team"},
		},
		"MovedToTopLevel": {
			reason: "a team moved under a parent on GitHub goes back to the top level with parent_team_id null",
			deps: func(t *testing.T) deps {
				return deps{observed: ghTeam(func(g *github.Team) { g.Parent = &github.TeamParent{ID: 3} }),
					api: &fake.MockTeamsAPI{MockEditTeam: func(_ context.Context, _, _ string, q *github.TeamRequest) (*github.Team, error) {
						if !q.TopLevel || q.ParentTeamID != nil || q.Name != nil {
							t.Errorf("EditTeam(%+v): want only the move to the top level", q)
						}
						return ghTeam(), nil
					}}}
			},
			mg:   []mod{withExternalName("platform-team"), inSync()},
			want: want{externalName: "platform-team"},
		},
		"NameTaken": {
			reason: "a rename onto a taken name says which name and what to do",
			deps: func(*testing.T) deps {
				return deps{renamed: true, observed: ghTeam(func(g *github.Team) { g.Name, g.Slug = "Moved", "moved" }),
					api: &fake.MockTeamsAPI{MockEditTeam: func(context.Context, string, string, *github.TeamRequest) (*github.Team, error) {
						return nil, ghErrOn(http.MethodPatch, "/orgs/org/teams/moved", 422, gogithub.Error{Message: "Name must be unique for this org"})
					}}}
			},
			mg: []mod{withExternalName("moved"), inSync()},
			want: want{externalName: "moved", err: errors.New(`cannot rename team org/moved ("Moved") to "Platform Team": another team of org already has this name ` +
				"(or the slug platform-team); rename or delete that team on GitHub, or choose another spec.forProvider.name")},
		},
		"SecretRefused": {
			reason: "GitHub's refusal of a secret team with children says why",
			deps: func(*testing.T) deps {
				return deps{observed: ghTeam(),
					api: &fake.MockTeamsAPI{MockEditTeam: func(context.Context, string, string, *github.TeamRequest) (*github.Team, error) {
						return nil, ghErrOn(http.MethodPatch, "/orgs/org/teams/platform-team", 422, gogithub.Error{Field: "privacy", Code: "invalid"})
					}}}
			},
			mg: []mod{withExternalName("platform-team"), inSync(), withParams(func(p *common.TeamParameters) { p.Privacy = ptr.To("secret") })},
			want: want{externalName: "platform-team", err: errors.Wrap(ghErrOn(http.MethodPatch, "/orgs/org/teams/platform-team", 422, gogithub.Error{Field: "privacy", Code: "invalid"}),
				"cannot update team org/platform-team: a team with a parent team or with child teams must be closed")},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				rec := &kindtest.Recorder{}
				d := tc.deps(t)
				d.record = rec
				mg := s.team(tc.mg...)
				_, err := s.external(d).Update(context.Background(), mg)
				if diff := cmp.Diff(tc.want.err, err, test.EquateErrors()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): -want error, +got error:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.externalName, meta.GetExternalName(mg)); diff != "" {
					t.Errorf("\n%s\nUpdate(...): external name: -want, +got:\n%s", tc.reason, diff)
				}
				for _, e := range rec.Events {
					if !strings.Contains(e.Message, `renamed to "Moved" (org/moved)`) {
						t.Errorf("\n%s\nUpdate(...): event %q does not say what the team was renamed to", tc.reason, e.Message)
					}
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nUpdate(...): events: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// A rename outside Kubernetes is undone with an event saying so; a rename
// the spec asks for is not reported as one.
func TestRenamedBackEvent(t *testing.T) {
	renamed := func(name, slug string) func(*github.Team) {
		return func(g *github.Team) { g.Name, g.Slug = name, slug }
	}
	cases := map[string]struct {
		reason string
		gh     *github.Team // GitHub's team, found by the external name's slug
		mg     []mod
		event  bool
	}{
		"CaseOnly": {
			reason: "a change of case keeps the slug; the name last observed says the spec's name was GitHub's",
			gh:     ghTeam(renamed("PLATFORM TEAM", "platform-team")),
			mg:     []mod{func(r Object) { r.Observation().Name = ptr.To("Platform Team") }},
			event:  true,
		},
		"NewSlug": {
			reason: "a rename that changed the slug is one, whatever the status says",
			gh:     ghTeam(renamed("Moved", "moved")),
			mg:     []mod{withExternalName("moved-before")},
			event:  true,
		},
		"SpecRenamed": {
			reason: "a new name in the spec renames the team without reporting a rename outside",
			gh:     ghTeam(renamed("Old Name", "platform-team")),
			mg:     []mod{func(r Object) { r.Observation().Name = ptr.To("Old Name") }},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, scopes, func(t *testing.T, s scope) {
				rec := &kindtest.Recorder{}
				api := &fake.MockTeamsAPI{
					MockGetTeam:   func(context.Context, string, string) (*github.Team, error) { return tc.gh, nil },
					MockListTeams: list(*tc.gh),
					MockEditTeam: func(_ context.Context, _, _ string, q *github.TeamRequest) (*github.Team, error) {
						if ptr.Deref(q.Name, "") != "Platform Team" {
							t.Errorf("EditTeam(%+v): want the spec's name", q)
						}
						return ghTeam(), nil
					},
				}
				mods := append([]mod{withExternalName("platform-team"), withID(7), inSync()}, tc.mg...)
				mg := s.team(mods...)
				e := s.external(deps{api: api, record: rec})
				o, err := e.Observe(context.Background(), mg)
				if err != nil || o.ResourceUpToDate {
					t.Fatalf("\n%s\nObserve(...) = %+v, %v: want a name to change", tc.reason, o, err)
				}
				if _, err := e.Update(context.Background(), mg); err != nil {
					t.Fatalf("\n%s\nUpdate(...): %v", tc.reason, err)
				}
				got := len(rec.Events) == 1 && rec.Events[0].Reason == reasonRenamedBack
				if got != tc.event || len(rec.Events) > 1 {
					t.Errorf("\n%s\nObserve and Update: want a RenamedBack event %t, got events %+v", tc.reason, tc.event, rec.Events)
				}
			})
		})
	}
}
