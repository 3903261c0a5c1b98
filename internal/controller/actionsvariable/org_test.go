package actionsvariable

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
	"github.com/google/go-cmp/cmp"

	"github.com/crossplane-github/provider-github/apis"
	"github.com/crossplane-github/provider-github/internal/clients/github"
	"github.com/crossplane-github/provider-github/internal/clients/github/fake"
	"github.com/crossplane-github/provider-github/internal/clients/sharing"
	"github.com/crossplane-github/provider-github/internal/controller/kind"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest"
	"github.com/crossplane-github/provider-github/internal/controller/kind/kindtest/twins"
)

// An orgScope is one of the OrganizationActionsVariable kinds.
type orgScope struct {
	name     string
	object   func(m ...mod) Object
	external func(api mockOrgAPI, rec event.Recorder, want sharing.Want) kindtest.Client[Object]
}

func (s orgScope) ScopeName() string { return s.name }

var in = kind.Organization{Login: "demo-org"}

func orgScopeOf[T orgObject](s apis.Scope, newT func(namespace, name string) T) orgScope {
	return orgScope{
		name: string(s),
		object: func(m ...mod) Object {
			o := newT("ns", "x")
			o.Parameters().Name = "region"
			o.Parameters().Value = "eu-west-1"
			o.Parameters().Visibility = "selected"
			for _, f := range m {
				f(o)
			}
			return o
		},
		external: func(api mockOrgAPI, rec event.Recorder, want sharing.Want) kindtest.Client[Object] {
			share := kind.NewSharing(api.MockSelectedRepositoriesAPI, in.Login, github.Shared{Variable: true}, want)
			return kindtest.Typed[Object, T]{E: orgExternal[T](api.MockOrganizationActionsVariablesAPI, in, share, rec)}
		},
	}
}

var orgScopes = twins.EachOrganizationActionsVariable(orgScopeOf, orgScopeOf)

func withLostCreate(t time.Time) mod {
	return func(o Object) {
		meta.SetExternalCreatePending(o, t)
		meta.SetExternalCreateFailed(o, t.Add(time.Second))
	}
}

// gh is a fake GitHub holding at most one variable and the ids of the
// repositories it is shared with.
type gh struct {
	has      *github.ActionsVariable
	selected []int64
	calls    []string
}

// mockOrgAPI are the area fakes an organization variable uses.
type mockOrgAPI struct {
	*fake.MockOrganizationActionsVariablesAPI
	*fake.MockSelectedRepositoriesAPI
}

func (g *gh) api() mockOrgAPI {
	notFound := kindtest.GitHubErr(http.MethodGet, "/orgs/demo-org/actions/variables/x", http.StatusNotFound, "Not Found")
	share := func(s github.Sharing) {
		if s.Visibility != "" {
			g.has.Visibility = s.Visibility
		}
		g.selected = nil
		if s.SelectedRepositoryIDs != nil {
			g.selected = append(g.selected, *s.SelectedRepositoryIDs...)
		}
	}
	return mockOrgAPI{&fake.MockOrganizationActionsVariablesAPI{
		MockGetOrgVariable: func(_ context.Context, _, name string) (*github.ActionsVariable, error) {
			g.calls = append(g.calls, "get")
			if g.has == nil || !strings.EqualFold(g.has.Name, name) {
				return nil, notFound
			}
			return g.has, nil
		},
		MockCreateOrgVariable: func(_ context.Context, _ string, r *github.ActionsVariableRequest) error {
			g.calls = append(g.calls, "create")
			g.has = &github.ActionsVariable{Name: strings.ToUpper(r.Name), Value: r.Value, CreatedAt: &createdAt}
			share(r.Sharing)
			return nil
		},
		MockUpdateOrgVariable: func(_ context.Context, _, name string, r *github.ActionsVariableRequest) error {
			g.calls = append(g.calls, "update")
			g.has.Value = r.Value
			share(r.Sharing)
			return nil
		},
		MockDeleteOrgVariable: func(_ context.Context, _, name string) error {
			g.calls = append(g.calls, "delete")
			g.has = nil
			return nil
		},
	}, &fake.MockSelectedRepositoriesAPI{
		MockListSelectedRepositories: func(_ context.Context, _ string, of github.Shared, _ string) ([]github.SelectedRepository, error) {
			g.calls = append(g.calls, "repositories")
			if !of.Variable {
				return nil, errors.New("not a variable's repositories")
			}
			var out []github.SelectedRepository
			for _, id := range g.selected {
				out = append(out, github.SelectedRepository{ID: id})
			}
			return out, nil
		},
	}}
}

// existing is a variable GitHub has, made at made, of value, shared as
// visibility says.
func existing(made time.Time, value, visibility string) *github.ActionsVariable {
	return &github.ActionsVariable{Name: "REGION", Value: value, Visibility: visibility, CreatedAt: &made}
}

const orgExt = "REGION"

// declared is the sharing the cases declare: repositories 1 and 2.
var declared = sharing.Want{Visibility: "selected", IDs: []int64{1, 2}}

func TestObserveOrg(t *testing.T) {
	type want struct {
		o      managed.ExternalObservation
		err    bool
		ext    string
		events []event.Reason
		calls  []string
	}
	cases := map[string]struct {
		reason   string
		has      *github.ActionsVariable
		selected []int64
		mg       []mod
		want     want
	}{
		"UpToDate": {
			reason: "GitHub's variable is as declared, shared with the declared repositories, read because both say selected.",
			has:    existing(createdAt, "eu-west-1", "selected"), selected: []int64{1, 2}, mg: []mod{withExternalName(orgExt)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true}, ext: orgExt, calls: []string{"get", "repositories"}},
		},
		"ValueChanged": {
			reason: "A value changed on GitHub is put back.",
			has:    existing(createdAt, "us-east-1", "selected"), selected: []int64{1, 2}, mg: []mod{withExternalName(orgExt)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "value"}, ext: orgExt, calls: []string{"get", "repositories"}},
		},
		"VisibilityChanged": {
			reason: "A visibility changed on GitHub is put back, without reading a list there is none of.",
			has:    existing(createdAt, "eu-west-1", "all"), mg: []mod{withExternalName(orgExt)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "visibility"}, ext: orgExt, calls: []string{"get"}},
		},
		"RepositoryAddedOnGitHub": {
			reason: "A repository added to the list on GitHub is drift.",
			has:    existing(createdAt, "eu-west-1", "selected"), selected: []int64{1, 2, 3}, mg: []mod{withExternalName(orgExt)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "selected repositories (on GitHub, not declared: [3]; declared, not on GitHub: [])"}, ext: orgExt,
				calls: []string{"get", "repositories"}},
		},
		"RepositoryRemovedOnGitHub": {
			reason: "A repository removed from the list on GitHub is drift.",
			has:    existing(createdAt, "eu-west-1", "selected"), selected: []int64{2}, mg: []mod{withExternalName(orgExt)},
			want: want{o: managed.ExternalObservation{ResourceExists: true, Diff: "selected repositories (on GitHub, not declared: []; declared, not on GitHub: [1])"}, ext: orgExt,
				calls: []string{"get", "repositories"}},
		},
		"Gone": {
			reason: "A variable GitHub no longer has does not exist, and an event says so.",
			mg:     []mod{withExternalName(orgExt)},
			want:   want{ext: orgExt, events: []event.Reason{kind.ReasonMissing}, calls: []string{"get"}},
		},
		"NeverCreated": {
			reason: "Before the create there is nothing.",
			want:   want{calls: []string{"get"}},
		},
		"SomeoneElses": {
			reason: "A variable this resource did not create is never taken over.",
			has:    existing(createdAt, "eu-west-1", "selected"), selected: []int64{1, 2},
			want: want{err: true, calls: []string{"get", "repositories"}},
		},
		"Recovered": {
			reason: "A lost create's exact result is recovered.",
			has:    existing(createdAt, "eu-west-1", "selected"), selected: []int64{1, 2}, mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{o: managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: true, ResourceLateInitialized: true}, ext: orgExt,
				events: []event.Reason{kind.ReasonRecovered}, calls: []string{"get", "repositories"}},
		},
		"LookAlikeAfterALostCreate": {
			reason: "A variable shared otherwise than the lost create sent is someone else's.",
			has:    existing(createdAt, "eu-west-1", "selected"), selected: []int64{1, 2, 5}, mg: []mod{withLostCreate(createdAt.Add(-time.Second))},
			want: want{err: true, calls: []string{"get", "repositories"}},
		},
		"DeletingSomeoneElses": {
			reason: "Someone else's variable is not ours to delete.",
			has:    existing(createdAt, "eu-west-1", "all"), mg: []mod{deleting()},
			want: want{calls: []string{"get"}},
		},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
				g := &gh{has: tc.has, selected: tc.selected}
				rec := &kindtest.Recorder{}
				mg := s.object(tc.mg...)
				got, err := s.external(g.api(), rec, declared).Observe(context.Background(), mg)
				if (err != nil) != tc.want.err {
					t.Errorf("\n%s\nObserve(...): error %v, want an error: %t", tc.reason, err, tc.want.err)
				}
				if diff := cmp.Diff(tc.want.o, got); diff != "" {
					t.Errorf("\n%s\nObserve(...): -want, +got:\n%s", tc.reason, diff)
				}
				if e := meta.GetExternalName(mg); e != tc.want.ext {
					t.Errorf("\n%s\nexternal name %q, want %q", tc.reason, e, tc.want.ext)
				}
				if diff := cmp.Diff(tc.want.events, rec.Reasons()); diff != "" {
					t.Errorf("\n%s\nevents: -want, +got:\n%s", tc.reason, diff)
				}
				if diff := cmp.Diff(tc.want.calls, g.calls); diff != "" {
					t.Errorf("\n%s\nGitHub calls: -want, +got:\n%s", tc.reason, diff)
				}
			})
		})
	}
}

// Create makes the variable, shared as declared, and names it; an update
// puts the declared value and repositories back; a delete deletes it.
func TestCreateUpdateDeleteOrg(t *testing.T) {
	kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
		g := &gh{}
		mg := s.object()
		e := s.external(g.api(), &kindtest.Recorder{}, declared)
		if _, err := e.Create(context.Background(), mg); err != nil {
			t.Fatalf("Create(...): %v", err)
		}
		if got := meta.GetExternalName(mg); got != orgExt {
			t.Errorf("external name %q, want %q", got, orgExt)
		}
		if diff := cmp.Diff([]int64{1, 2}, g.selected); diff != "" || g.has.Visibility != "selected" {
			t.Errorf("created shared %q with -want, +got:\n%s", g.has.Visibility, diff)
		}
		g.has.Value, g.selected = "other", []int64{2, 9}
		if o, err := e.Observe(context.Background(), mg); err != nil || o.ResourceUpToDate {
			t.Fatalf("Observe(...): %+v, %v: want drift", o, err)
		}
		if _, err := e.Update(context.Background(), mg); err != nil {
			t.Fatalf("Update(...): %v", err)
		}
		if g.has.Value != "eu-west-1" || !cmp.Equal([]int64{1, 2}, g.selected) {
			t.Errorf("after the update: value %q, repositories %v; want the declared ones", g.has.Value, g.selected)
		}
		if _, err := e.Delete(context.Background(), mg); err != nil || g.has != nil {
			t.Errorf("Delete(...): %v; GitHub has %+v, want nothing", err, g.has)
		}
	})
}

// A create whose name GitHub has already is refused with how to adopt it.
func TestCreateTakenOrg(t *testing.T) {
	kindtest.RunBoth(t, orgScopes, func(t *testing.T, s orgScope) {
		api := mockOrgAPI{MockOrganizationActionsVariablesAPI: &fake.MockOrganizationActionsVariablesAPI{
			MockCreateOrgVariable: func(context.Context, string, *github.ActionsVariableRequest) error {
				return kindtest.GitHubErr(http.MethodPost, "/orgs/demo-org/actions/variables", http.StatusConflict, "Already exists - Variable already exists")
			},
		}}
		_, err := s.external(api, &kindtest.Recorder{}, declared).Create(context.Background(), s.object())
		if err == nil || !strings.Contains(err.Error(), "crossplane.io/external-name") {
			t.Errorf("Create(...): %v, want a refusal that says how to adopt it", err)
		}
	})
}
